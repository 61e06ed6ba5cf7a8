import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BahiClient, BahiError, operations } from '@bahi/client';
import { publicSampleKey, sampleSymbols } from '@bahi/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFor } from '../api/testing/harness.ts';
import { buildApp } from '../app.ts';
import { repoRoot, testConfig } from '../config.ts';

/** Debian's python has pandas (python3-pandas); another python3 on PATH may not. */
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

type Doc = {
  paths: Record<string, { get: { operationId: string; parameters?: { name: string; example?: unknown }[] } }>;
};

// The clients speak HTTP only; one database engine is enough to serve them.
describe('official clients against a live server', () => {
  let app: FastifyInstance;
  let base: string;
  let paidKey: string;
  let examples: Map<string, Record<string, unknown>>;

  beforeAll(async () => {
    app = await buildApp(testConfig({ sampleData: 'small' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    paidKey = (await keyFor(app.deps.db, 'E')).key;
    const doc = (await app.inject('/openapi.json')).json() as Doc;
    examples = new Map(
      Object.values(doc.paths).map(({ get }) => [
        get.operationId,
        Object.fromEntries(
          (get.parameters ?? [])
            .filter((p) => p.example !== undefined && p.name !== 'token' && p.name !== 'format')
            .map((p) => [p.name, p.example]),
        ),
      ]),
    );
    // Loading the sample universe takes a while on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  it('TypeScript: calls every operation once with its documented example', async () => {
    const client = new BahiClient({ apiKey: paidKey, baseUrl: base });
    expect(operations.map((o) => o.operationId).sort()).toEqual([...examples.keys()].sort());
    for (const op of operations) {
      const body = await client.call(op.operationId, examples.get(op.operationId));
      expect(body.meta, op.operationId).toMatchObject({ dataVersion: expect.any(Number) });
      expect(typeof body.data, op.operationId).toBe('object');
    }
  });

  it('TypeScript: typed calls, problems as BahiError, ETag reuse', async () => {
    const statuses: number[] = [];
    const client = new BahiClient({
      apiKey: publicSampleKey,
      baseUrl: base,
      etagCacheSize: 10,
      fetch: async (req) => {
        const res = await fetch(req);
        statuses.push(res.status);
        return res;
      },
    });
    const profile = await client.data('/company-profile/{symbol}', { params: { path: { symbol: 'itc' } } });
    expect(profile.symbol).toBe('ITC');
    const again = await client.data('/company-profile/{symbol}', { params: { path: { symbol: 'itc' } } });
    expect(again).toEqual(profile);
    expect(statuses).toEqual([200, 304]);

    const quotes = await client.data('/daily-quotes/{symbol}', {
      params: { path: { symbol: 'RELIANCE' }, query: { from: '2024-10-21', to: '2024-10-31' } },
    });
    expect(quotes.every((q) => q.date >= '2024-10-21' && q.date <= '2024-10-31')).toBe(true);

    const unknown = await client.call('companyProfile', { symbol: 'NOSUCHCO' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(BahiError);
    expect(unknown).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });

    const symbols = await client.data('/stock-symbols', { params: {} });
    const outsider = symbols.find((s) => !(sampleSymbols as readonly string[]).includes(s.symbol))!.symbol;
    await expect(client.call('company_profile', { symbol: outsider })).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      detail: expect.stringContaining(outsider),
    });
  });

  it('Python: its unittest suite passes against this server, every operation called once', async () => {
    const run = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(python, ['-m', 'unittest', 'discover', '-v', '-s', 'tests', '-t', '.'], {
        cwd: join(repoRoot, 'clients/python'),
        env: {
          PATH: process.env.PATH ?? '',
          BAHI_BASE_URL: base,
          BAHI_API_KEY: paidKey,
          BAHI_BASIC_KEY: publicSampleKey,
        },
      });
      let output = '';
      child.stdout.on('data', (c) => {
        output += c;
      });
      child.stderr.on('data', (c) => {
        output += c;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
    });
    expect(run.output).toMatch(/test_every_operation_once .* ok/);
    expect(run.output).toMatch(/test_to_frame_parses_dates_and_types_numbers .* ok/);
    expect(run.output).not.toMatch(/skipped/);
    expect(run.code, run.output).toBe(0);
  });
});
