import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { repoRoot, testConfig } from '../config.ts';
import { generateClientFiles, generatedFiles, generationClock } from './generate.ts';

describe('generated client files', () => {
  let app: FastifyInstance;
  let files: Record<string, string>;

  beforeAll(async () => {
    app = await buildApp(testConfig(), { clock: generationClock });
    files = await generateClientFiles(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('match the served /openapi.json (run `npm run client:generate` after changing an endpoint)', async () => {
    expect(Object.keys(files).sort()).toEqual(Object.values(generatedFiles).sort());
    for (const [path, text] of Object.entries(files)) {
      const checkedIn = await readFile(join(repoRoot, path), 'utf8').catch(() => '');
      expect(checkedIn, `${path} is out of date: run npm run client:generate`).toBe(text);
    }
  });

  it('list every operation of the document, with its path and parameters', () => {
    const doc = JSON.parse(files[generatedFiles.operations]!) as {
      operationId: string;
      name: string;
      path: string;
      parameters: { name: string; in: string; required: boolean }[];
    }[];
    const quote = doc.find((o) => o.operationId === 'dailyQuotes')!;
    expect(quote).toMatchObject({ name: 'daily_quotes', path: '/daily-quotes/{symbol}' });
    expect(quote.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'path:symbol:true',
      'query:from:false',
      'query:to:false',
    ]);
    // The key and the CSV switch are the clients' own, never operation arguments.
    expect(doc.flatMap((o) => o.parameters.map((p) => p.name))).not.toContain('token');
    expect(doc.flatMap((o) => o.parameters.map((p) => p.name))).not.toContain('format');
  });
});
