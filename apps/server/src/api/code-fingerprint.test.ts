import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { answerCodeFiles, answerEntries, valueImports } from './code-fingerprint.ts';

/** Two entries, for the made-up folders below. */
const entries = ['api/endpoints', 'api/prepare-answers'];
const serverSource = fileURLToPath(new URL('..', import.meta.url));
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of files (path → text) to follow imports through. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'bahi-fingerprint-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the modules an answer is made by (decision 0357)', () => {
  it('follows value imports and leaves out those of types alone', () => {
    const source = [
      "import { a,\n  b } from './multi-line.ts';",
      "import {\n  // a comment, with 'quotes' and /slashes/\n  c,\n} from './commented.ts';",
      "import {\n  type T2, // types alone\n  type T3,\n} from './types-commented.ts';",
      "import type { T } from './type-only.ts';",
      "import { type U, type V } from './types-in-braces.ts';",
      "import { type W, value } from './one-value.ts';",
      "import Default, { type X } from './default.ts';",
      "import * as all from './namespace.ts';",
      "export * from './re-exported.ts';",
      "export type { Y } from './re-exported-type.ts';",
      "export { z } from './re-exported-value.ts';",
      "import './side-effect.ts';",
      "const lazy = await import('./dynamic.ts');",
      'import { compiled } from "./built.js";',
      "import { pkg } from '@bahi/market-data';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(valueImports(source).sort()).toEqual(
      [
        './built.js',
        './commented.ts',
        './default.ts',
        './dynamic.ts',
        './multi-line.ts',
        './namespace.ts',
        './one-value.ts',
        './re-exported-value.ts',
        './re-exported.ts',
        './side-effect.ts',
      ].sort(),
    );
  });

  it('takes the entries and what they import, through folders and cycles, and nothing else', () => {
    const root = tree({
      'api/endpoints.ts': "import { a } from './a.ts';\nimport type { T } from '../types.ts';",
      'api/prepare-answers.ts': "import { b } from '../lib/b.ts';",
      'api/a.ts': "import { b } from '../lib/b.ts';\nexport const a = 1;",
      'lib/b.ts': "import { a } from '../api/a.ts';\nexport const b = 2;",
      'types.ts': 'export type T = number;',
      'api/front.ts': "import { a } from './a.ts';",
    });
    expect(answerCodeFiles(root, entries)).toEqual([
      'api/a.ts',
      'api/endpoints.ts',
      'api/prepare-answers.ts',
      'lib/b.ts',
    ]);
  });

  it('reads a build as it reads the source', () => {
    const root = tree({
      'api/endpoints.js': 'import { a } from "./a.js";',
      'api/prepare-answers.js': 'export {};',
      'api/a.js': 'export const a = 1;',
      'api/warm-up.js': 'import { a } from "./a.js";',
    });
    expect(answerCodeFiles(root, entries)).toEqual([
      'api/a.js',
      'api/endpoints.js',
      'api/prepare-answers.js',
    ]);
  });

  it('gives up (every file is then weighed) on an import it cannot find or one out of its folder', () => {
    const missing = tree({
      'api/endpoints.ts': "import { gone } from './gone.ts';",
      'api/prepare-answers.ts': '',
    });
    expect(answerCodeFiles(missing, entries)).toBeNull();
    const outside = tree({
      'server/api/endpoints.ts': "import { x } from '../../elsewhere.ts';",
      'server/api/prepare-answers.ts': '',
      'elsewhere.ts': 'export const x = 1;',
    });
    expect(answerCodeFiles(join(outside, 'server'), entries)).toBeNull();
    expect(answerCodeFiles(tree({ 'api/endpoints.ts': '' }), entries)).toBeNull();
  });

  it("on the server's own source: the endpoints, the preparer and what makes their bytes, not the front or the warm-up", () => {
    const files = answerCodeFiles(serverSource, answerEntries);
    expect(files).not.toBeNull();
    const routes = readdirSync(join(serverSource, 'api/routes'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `api/routes/${f}`);
    for (const f of [
      ...routes,
      'api/endpoint.ts',
      'api/prepare-answers.ts',
      'api/row-pieces.ts',
      'api/slice-rows.ts',
      'api/route-schema.ts',
      'api/response-cache.ts',
      'api/market.ts',
      'plugins/content-coding.ts',
    ])
      expect(files).toContain(f);
    for (const f of [
      'api/warm-up.ts',
      'api/front.ts',
      'api/rate-limit.ts',
      'app.ts',
      'main.ts',
      'api/services.ts',
    ])
      expect(files).not.toContain(f);
  });
});
