import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { bumpDataVersion, ensureSampleData, getDataVersion } from '@bahi/market-data';
import { type Db, openDb } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import Ajv from 'ajv-draft-04';
import type { FastifyInstance } from 'fastify';
import swagger2Schema from 'openapi-to-postmanv2/assets/swagger2Schema.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagList } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { boundExample } from './example-bounds.ts';
import { documentPath } from './route-schema.ts';
import { dataApiApp, keyFor, openSampleServerDb } from './testing/harness.ts';
import { expectNegotiatedDocument } from './testing/representations.ts';

type Op = {
  tags: string[];
  summary: string;
  description: string;
  parameters: {
    name: string;
    in: string;
    type?: string;
    required?: boolean;
    description?: string;
    enum?: unknown[];
    schema?: unknown;
    'x-example'?: unknown;
  }[];
  responses: Record<
    string,
    {
      description: string;
      examples?: Record<string, unknown>;
      schema?: unknown;
      content?: Record<string, { example?: unknown }>;
    }
  >;
};

/** Every array in a JSON value. */
function listsOf(value: unknown): unknown[][] {
  if (Array.isArray(value)) return [value, ...value.flatMap(listsOf)];
  if (value && typeof value === 'object') return Object.values(value).flatMap(listsOf);
  return [];
}

// biome-ignore lint/suspicious/noExplicitAny: the test walks whole JSON documents.
type Json = Record<string, any>;
/** Follows a local `$ref` (`#/a/b`) in a document. */
function resolved(doc: Json, node: Json): Json {
  if (!node.$ref) return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key) => at[key], doc);
}

/** The operation's documented example request, with the given key. */
function exampleUrl(path: string, op: Op, key: string): string {
  const withValues = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(op.parameters.find((p) => p.name === name)?.['x-example']),
  );
  const query = op.parameters
    .filter((p) => p.in === 'query' && p['x-example'] !== undefined)
    .flatMap((p) => [p['x-example']].flat().map((v) => `${p.name}=${encodeURIComponent(String(v))}`));
  return `/api/v1${withValues}?${[...query, `token=${key}`].join('&')}`;
}

describe('API documents', () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof openDb>>;
  let swagger: {
    swagger: string;
    basePath: string;
    tags: { name: string }[];
    paths: Record<string, { get: Op }>;
    securityDefinitions: Record<string, { in: string; name: string }>;
  };
  let openapi: { openapi: string; paths: Record<string, { get: Op }> };
  let swaggerBytes: number;

  beforeAll(async () => {
    db = await openDb({ kind: 'pglite' });
    app = await dataApiApp(db);
    await ensureSampleData(db, { size: 'small' });
    app.dataApi.version.invalidate();
    const swaggerRes = await app.inject('/swagger/doc.json');
    swagger = swaggerRes.json();
    swaggerBytes = swaggerRes.rawPayload.length;
    openapi = (await app.inject('/openapi.json')).json();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is Swagger 2.0 under /api/v1 with the token key and the documentation’s tag order', () => {
    expect(swagger.swagger).toBe('2.0');
    expect(swagger.basePath).toBe('/api/v1');
    expect(swagger.securityDefinitions.token).toMatchObject({ in: 'query', name: 'token' });
    expect(swagger.tags.map((t) => t.name)).toEqual(tagList.map((t) => t.name));
    expect(Object.keys(swagger.paths).sort()).toEqual(endpoints.map((e) => documentPath(e.path)).sort());
  });

  it('validates against the Swagger 2.0 schema (no anyOf or null type: nullable fields carry x-nullable)', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(swagger2Schema);
    const valid = validate(swagger);
    expect(valid, JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const text = JSON.stringify(swagger.paths);
    expect(text).toContain('"x-nullable":true');
  });

  it.each(endpoints.map((e) => [documentPath(e.path)]))(
    '%s has summary, described parameters, errors and a real example',
    (path) => {
      const op = swagger.paths[path]!.get;
      expect(op.tags).toHaveLength(1);
      expect(op.summary.length).toBeGreaterThan(3);
      expect(op.description.length).toBeGreaterThan(10);
      for (const p of op.parameters) {
        expect(p.description, `${path} ${p.name}`).toBeTruthy();
        if (p.in !== 'body') expect(p.type, `${path} ${p.name}`).toBeTruthy();
      }
      // One of token or Authorization: Bearer is required: the parameter does not read as simply optional.
      expect(op.parameters.find((p) => p.name === 'token')).toMatchObject({
        in: 'query',
        required: false,
        description: expect.stringMatching(/Required unless an Authorization: Bearer/),
      });
      for (const status of ['400', '401', '403', '404', '429']) expect(op.responses[status]).toBeDefined();
      const example = op.responses['200']!.examples?.['application/json'] as {
        data: unknown;
        meta: { asOf: string };
      };
      for (const list of listsOf(example)) expect(list.length, `${path} example`).toBeLessThanOrEqual(3);
      expect(example, `${path} example`).toBeDefined();
      expect(example.meta.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(openapi.paths[path]!.get.responses['200']!.content!['application/json']!.example).toEqual(
        example,
      );
    },
  );

  it('gives every path parameter the value of the example request, so live samples ask for existing data', async () => {
    const { key } = await keyFor(db, 'P');
    for (const [path, item] of Object.entries(swagger.paths)) {
      for (const p of item.get.parameters.filter((p) => p.in === 'path')) {
        expect(p['x-example'], `${path} ${p.name}`).toEqual(expect.any(String));
      }
      const res = await app.inject(exampleUrl(path, item.get, key));
      expect(res.statusCode, `${path}`).toBe(200);
    }
  });

  it('documents enums and defaults of parameters', () => {
    const params = swagger.paths['/financials/{symbol}']!.get.parameters;
    expect(params.find((p) => p.name === 'statement_code')).toMatchObject({
      enum: ['pl', 'bs', 'cf'],
      required: false,
    });
    expect(params.find((p) => p.name === 'symbol')).toMatchObject({
      in: 'path',
      required: true,
      type: 'string',
    });
    const quote = swagger.paths['/quote']!.get.parameters.find((p) => p.name === 'symbol');
    expect(quote).toMatchObject({ type: 'array', required: true, collectionFormat: 'multi' });
  });

  it('is OpenAPI 3.1 too, from the same routes', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths).sort()).toEqual(Object.keys(swagger.paths).sort());
  });

  it('shows a few rows of a list and says how many the real answer has', async () => {
    const ok = swagger.paths['/stock-symbols']!.get.responses['200']!;
    const shown = (ok.examples!['application/json'] as { data: unknown[] }).data;
    expect(shown).toHaveLength(3);
    const { key } = await keyFor(db, 'P');
    const live = (await app.inject(`/api/v1/stock-symbols?status=active&token=${key}`)).json();
    expect(live.data.length).toBeGreaterThan(3);
    expect(live.data.slice(0, 3)).toEqual(shown);
    expect(ok.description).toContain(`\`data\` has ${live.data.length.toLocaleString('en-US')} items`);
    expect(swaggerBytes).toBeLessThan(200_000);
  });

  it('documents, on every operation, the key requirement, the 401/403/429 problem answers and the rate-limit fields the server sends', async () => {
    const { key } = await keyFor(db, 'P', { rateLimitPerMinute: 1 });
    const first = await app.inject(`/api/v1/stock-symbols?token=${key}`);
    const limited = await app.inject(`/api/v1/stock-symbols?token=${key}`);
    expect([first.statusCode, limited.statusCode]).toEqual([200, 429]);
    const sent = Object.keys(first.headers).filter((h) => h.includes('ratelimit'));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(limited.headers)).toEqual(expect.arrayContaining([...sent, 'retry-after']));

    for (const [name, doc] of [
      ['swagger', swagger],
      ['openapi', openapi],
    ] as [string, Json][]) {
      const isOpenapi = name === 'openapi';
      let operations = 0;
      for (const [path, item] of Object.entries(doc.paths as Json)) {
        for (const [method, op] of Object.entries(item as Json)) {
          operations++;
          const where = `${name} ${method} ${path}`;
          expect(op.security, where).toEqual(expect.arrayContaining([{ token: [] }, { bearer: [] }]));
          for (const status of ['401', '403', '429'])
            expect(op.responses[status], `${where} ${status}`).toBeDefined();
          for (const [status, given] of Object.entries(op.responses as Json)) {
            const response = resolved(doc, given as Json);
            if (/^[24]/.test(status)) {
              const headers = Object.keys(response.headers ?? {}).map((h) => h.toLowerCase());
              const expected = status === '429' ? [...sent, 'retry-after'] : sent;
              expect(headers, `${where} ${status}`).toEqual(expect.arrayContaining(expected));
              for (const h of Object.values(response.headers as Json)) {
                expect(resolved(doc, h as Json).description, `${where} ${status}`).toBeTruthy();
              }
            }
            if (!/^[45]/.test(status)) continue;
            const schema = isOpenapi
              ? response.content?.['application/problem+json']?.schema
              : response.schema;
            expect(schema, `${where} ${status}`).toBeDefined();
            const problem = resolved(doc, schema);
            expect(problem.required, `${where} ${status}`).toEqual(
              expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'request_id']),
            );
          }
        }
      }
      expect(operations).toBe(endpoints.length);
    }
    // The real answers match the documented Problem body.
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      request_id: expect.any(String),
    });
  });

  it('shows as each example, and serves after building the documents, exactly what a server that never built them answers', async () => {
    const { key } = await keyFor(db, 'E');
    const fresh = await dataApiApp(db);
    try {
      for (const [path, item] of Object.entries(swagger.paths)) {
        const url = exampleUrl(path, item.get, key);
        const expected = (await fresh.inject(url)).json();
        // The documents were built first here, so their examples were produced before this call.
        expect((await app.inject(url)).json(), path).toEqual(expected);
        const { value } = boundExample(expected);
        const documented = item.get.responses['200']!.examples!['application/json'] as { data: unknown };
        expect(documented.data, path).toEqual((value as { data: unknown }).data);
      }
    } finally {
      await fresh.close();
    }
  });

  it('says which plans may call each operation, matching what the server allows a Basic key', async () => {
    const { key } = await keyFor(db, 'B');
    for (const [path, item] of Object.entries(swagger.paths)) {
      const op = item.get as Op & { 'x-plans': string[]; 'x-basic-symbols'?: string[] };
      expect(op['x-plans'], path).toEqual(expect.arrayContaining(['I', 'P', 'E']));
      expect((openapi.paths[path]!.get as unknown as Json)['x-plans']).toEqual(op['x-plans']);
      // The documented example request, made with a Basic key: allowed exactly when the document says so.
      const res = await app.inject(exampleUrl(path, op, key));
      expect(res.statusCode, path).toBe(op['x-plans'].includes('B') ? 200 : 403);
      if (op['x-basic-symbols']) expect(op['x-basic-symbols']).toEqual(['ITC', 'RELIANCE', 'HDFCBANK']);
    }
  });

  it('goes out br or gzip compressed when accepted, with ETags and 304, rebuilt when the data changes', async () => {
    for (const url of ['/swagger/doc.json', '/openapi.json']) await expectNegotiatedDocument(app, url);
    const before = (await app.inject('/swagger/doc.json')).headers.etag;
    await bumpDataVersion(db);
    app.dataApi.version.invalidate();
    const after = await app.inject('/swagger/doc.json');
    expect(after.headers.etag).not.toBe(before);
    expect(
      after.json().paths['/stock-symbols'].get.responses['200'].examples['application/json'].meta.dataVersion,
    ).toBe(await getDataVersion(db));
  });
});

describe.each(testDatabases())('API documents kept across restarts ($name)', (database) => {
  let db: Db;
  const apps: FastifyInstance[] = [];
  const start = async (publicUrl = 'https://bahi.example') => {
    const app = await dataApiApp(db, { config: { publicUrl } });
    apps.push(app);
    return app;
  };
  const kept = async (kind: string) =>
    (
      await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kept_document WHERE kind = $1', [
        `api-document ${kind}`,
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    db = await openSampleServerDb(database);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    await database.drop();
  });

  it('a restart on the same data, build and public URL serves the documents kept, and no other start does', async () => {
    const first = await start();
    const built = (await first.inject('/swagger/doc.json')).json();
    expect(built.host).toBe('bahi.example');
    await expect.poll(() => kept('swagger2')).toBe(1);
    await expect.poll(() => kept('openapi')).toBe(1);
    await first.close();

    // Mark what is kept: a start that builds the documents again cannot send the mark.
    const mark = (name: string) => Buffer.from(JSON.stringify({ kept: name }));
    for (const name of ['swagger2', 'openapi'])
      await db.query('UPDATE kept_document SET plain = $2, gzip = $3, br = $4 WHERE kind = $1', [
        `api-document ${name}`,
        mark(name),
        gzipSync(mark(name)),
        brotliCompressSync(mark(name)),
      ]);
    const restarted = await start();
    expect((await restarted.inject('/swagger/doc.json')).json()).toEqual({ kept: 'swagger2' });
    expect((await restarted.inject('/openapi.json')).json()).toEqual({ kept: 'openapi' });
    const br = await restarted.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ kept: 'openapi' });

    // Another public URL: the documents name another host, so they are built for it.
    const elsewhere = await start('https://api.bahi.example');
    expect((await elsewhere.inject('/swagger/doc.json')).json()).toMatchObject({ host: 'api.bahi.example' });

    // New data: the kept documents are of the old version, and are not read.
    await bumpDataVersion(db);
    restarted.dataApi.version.invalidate();
    const fresh = (await restarted.inject('/swagger/doc.json')).json();
    expect(fresh.host).toBe('bahi.example');
    expect(
      fresh.paths['/stock-symbols'].get.responses['200'].examples['application/json'].meta.dataVersion,
    ).toBe(await getDataVersion(db));
  }, 120_000);
});
