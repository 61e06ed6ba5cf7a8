import { ensureSampleData } from '@bahi/market-data';
import { openDb } from '@bahi/market-data/db';
import Ajv from 'ajv-draft-04';
import type { FastifyInstance } from 'fastify';
import swagger2Schema from 'openapi-to-postmanv2/assets/swagger2Schema.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagList } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { documentPath } from './route-schema.ts';
import { dataApiApp, keyFor } from './testing/harness.ts';

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

  beforeAll(async () => {
    db = await openDb({ kind: 'pglite' });
    app = await dataApiApp(db);
    await ensureSampleData(db, { size: 'small' });
    app.dataApi.version.invalidate();
    swagger = (await app.inject('/swagger/doc.json')).json();
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
      expect(op.parameters.find((p) => p.name === 'token')).toMatchObject({ in: 'query', required: false });
      for (const status of ['400', '401', '403', '404', '429']) expect(op.responses[status]).toBeDefined();
      const example = op.responses['200']!.examples?.['application/json'] as {
        data: unknown;
        meta: { asOf: string };
      };
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
      const withValues = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        String(item.get.parameters.find((p) => p.name === name)?.['x-example']),
      );
      const query = item.get.parameters
        .filter((p) => p.in === 'query' && p['x-example'] !== undefined)
        .flatMap((p) => [p['x-example']].flat().map((v) => `${p.name}=${encodeURIComponent(String(v))}`));
      const res = await app.inject({
        url: `/api/v1${withValues}?${[...query, `token=${key}`].join('&')}`,
      });
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
});
