import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marketDataMigrations } from '@bahi/market-data/db';

const codeFile = /\.(ts|js|mjs|json)$/;
const skipped = /(\.test\.ts|\.d\.ts|\.map)$/;

function* filesUnder(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (codeFile.test(entry.name) && !skipped.test(entry.name)) yield path;
  }
}

/** The nearest folder at or above `dir` holding `name`, or null. */
function upwards(dir: string, name: string): string | null {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, name))) return join(d, name);
    if (dirname(d) === d) return null;
  }
}

let fingerprint: string | null = null;

/**
 * A digest of the code that makes answers: the server's code as it runs (source or build), the
 * market-data package's (source and build) and the lockfile (the dependencies' versions, the
 * serializer's among them). Answers prepared by other code are not served (decision 0326): a
 * deploy that changes how an answer is made prepares again instead of serving the old bytes.
 * Computed once per process.
 */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const serverCode = fileURLToPath(new URL('..', import.meta.url));
  const marketData = dirname(marketDataMigrations.dir);
  const hash = createHash('sha256');
  const roots = [serverCode, join(marketData, 'src'), join(marketData, 'dist')];
  for (const root of roots) {
    for (const file of filesUnder(root)) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  const lockfile = upwards(serverCode, 'package-lock.json');
  if (lockfile) hash.update(readFileSync(lockfile));
  fingerprint = hash.digest('base64url').slice(0, 16);
  return fingerprint;
}
