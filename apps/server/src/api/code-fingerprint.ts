import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marketDataMigrations } from '@bahi/market-data/db';

const codeFile = /\.(ts|js|mjs|json)$/;
const skipped = /(\.test\.ts|\.d\.ts|\.map)$/;

const isCode = (name: string) => codeFile.test(name) && !skipped.test(name);

/** The files under `dir` whose names `wanted` takes, in a stable order (no node_modules or dotfiles). */
function* filesUnder(dir: string, wanted: (name: string) => boolean = isCode): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, wanted);
    else if (wanted(entry.name)) yield path;
  }
}

/** Adds each file's path (relative to `root`) and content to `hash`. */
function hashFiles(hash: Hash, root: string, files: Iterable<string>): Hash {
  for (const file of files)
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash;
}

/** A digest of every file under `dir`, whatever its kind (a build's output, say). */
export function digestOfFiles(dir: string): string {
  return hashFiles(
    createHash('sha256'),
    dir,
    filesUnder(dir, () => true),
  )
    .digest('base64url')
    .slice(0, 16);
}

/** The nearest folder at or above `dir` holding `name`, or null. */
function upwards(dir: string, name: string): string | null {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, name))) return join(d, name);
    if (dirname(d) === d) return null;
  }
}

/**
 * The server's modules answers are made by (decision 0357): the endpoints (their loads, schemas
 * and canonical forms), the preparer (the serializer, the compression, the pieces) and the
 * company directory the preparer's companies come from, without their file extension: `.ts` as
 * the source runs, `.js` as the build does.
 */
export const answerEntries = ['api/endpoints', 'api/prepare-answers', 'api/market'] as const;

// The module a statement names: `from '…'` (of an `import` or `export`, over any number of
// lines) or `import '…'` / `import('…')`, a relative path in either quote.
const moduleNamed = /\bfrom\s*(['"])(\.[^'"]+)\1|\bimport\s*\(?\s*(['"])(\.[^'"]+)\3/g;
const comments = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/**
 * The relative modules `source` imports for their values: every `import`, `export … from`, bare
 * `import '…'` and `import('…')` of a path starting with a dot, except those that bring types
 * alone (`import type`, `export type`, or braces whose every name is marked `type`), which the
 * compiler erases. A statement is read from the `import` or `export` that starts its line, so
 * comments and any names between it and its `from` are read too.
 */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(moduleNamed)) {
    if (m[4] !== undefined) {
      found.push(m[4]);
      continue;
    }
    const at = m.index;
    const begins = Math.max(
      source.startsWith('import', 0) || source.startsWith('export', 0) ? 0 : -1,
      source.lastIndexOf('\nimport', at),
      source.lastIndexOf('\nexport', at),
    );
    const statement = source.slice(Math.max(0, begins), at).replace(comments, ' ').trim();
    if (/^(import|export)\s+type\b/.test(statement)) continue;
    const names = /^(?:import|export)\s*\{([^}]*)\}$/.exec(statement)?.[1];
    const listed = (names ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '');
    if (listed.length > 0 && listed.every((n) => n.startsWith('type '))) continue;
    found.push(m[2]!);
  }
  return found;
}

/**
 * The files under `root` that `entries` (paths without extension, relative to `root`) import
 * for their values, transitively, themselves included, as sorted paths relative to `root`; null
 * when an entry or an import cannot be found (the caller then takes every file under `root`).
 */
export function answerCodeFiles(root: string, entries: readonly string[]): string[] | null {
  const ext = ['.ts', '.js'].find((e) => entries.every((entry) => existsSync(join(root, entry + e))));
  if (ext === undefined) return null;
  const seen = new Set<string>();
  const pending = entries.map((entry) => resolve(root, entry + ext));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) return null;
    seen.add(file);
    for (const spec of valueImports(readFileSync(file, 'utf8'))) pending.push(resolve(dirname(file), spec));
  }
  // Outside `root` (a relative path into another package) is refused: the packages are hashed
  // apart, and a path climbing out of the server's code is not one this function can weigh.
  const files = [...seen].map((f) => relative(root, f));
  if (files.some((f) => f.startsWith('..'))) return null;
  return files.sort();
}

let fingerprint: string | null = null;

/**
 * A digest of the code that makes answers: the server's modules the endpoints and the preparer
 * import for their values (`answerCodeFiles`; all of the server's code if that cannot be
 * followed), the market-data package's (source and build) and the lockfile (the dependencies'
 * versions, the serializer's among them). Answers prepared by other code are not served
 * (decision 0326): a deploy that changes how an answer is made prepares again instead of
 * serving the old bytes, and one that changes only the rest of the server (the answer front,
 * the warm-up, accounts, the site) keeps them (decision 0357). Computed once per process.
 */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const serverCode = fileURLToPath(new URL('..', import.meta.url));
  const marketData = dirname(marketDataMigrations.dir);
  const hash = createHash('sha256');
  const own = answerCodeFiles(serverCode, answerEntries);
  const server = own ? own.map((f) => join(serverCode, f)) : [...filesUnder(serverCode)];
  const parts: [string, Iterable<string>][] = [
    [serverCode, server],
    [join(marketData, 'src'), filesUnder(join(marketData, 'src'))],
    [join(marketData, 'dist'), filesUnder(join(marketData, 'dist'))],
  ];
  for (const [root, files] of parts) hashFiles(hash, root, files);
  const lockfile = upwards(serverCode, 'package-lock.json');
  if (lockfile) hash.update(readFileSync(lockfile));
  fingerprint = hash.digest('base64url').slice(0, 16);
  return fingerprint;
}

let wholeFingerprint: string | null = null;

/**
 * A digest of all of the server's code, of every package beside it (source and build) and of the
 * lockfile: what the API documents are made by, every route's schema among it (decision 0374).
 * Computed once per process.
 */
export function buildFingerprint(): string {
  if (wholeFingerprint) return wholeFingerprint;
  const serverCode = fileURLToPath(new URL('..', import.meta.url));
  const packages = dirname(dirname(marketDataMigrations.dir));
  const hash = createHash('sha256');
  const roots = [serverCode];
  for (const entry of readdirSync(packages, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  ))
    if (entry.isDirectory())
      roots.push(join(packages, entry.name, 'src'), join(packages, entry.name, 'dist'));
  for (const root of roots)
    hashFiles(hash.update(relative(packages, root)).update('\0'), root, filesUnder(root));
  const lockfile = upwards(serverCode, 'package-lock.json');
  if (lockfile) hash.update(readFileSync(lockfile));
  wholeFingerprint = hash.digest('base64url').slice(0, 16);
  return wholeFingerprint;
}
