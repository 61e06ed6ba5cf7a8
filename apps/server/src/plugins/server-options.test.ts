import { openDb } from '@bahi/market-data/db';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from '../api/endpoints.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { compilePendingSchemas, sharedServerOptions } from './server-options.ts';

describe('serializers and validators compiled on first use (decision 0368)', () => {
  const apps: { close(): Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('serialize as the schema says: fields it does not name are left out, values coerced', async () => {
    const app = Fastify(sharedServerOptions);
    apps.push(app);
    const schema = {
      response: {
        200: {
          type: 'object',
          properties: { count: { type: 'integer' }, name: { type: 'string' } },
        },
      },
    };
    app.get('/thing', { schema }, async () => ({ count: '42', name: 'ITC', apiKey: 'never sent' }));
    const first = await app.inject('/thing');
    const again = await app.inject('/thing');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('{"count":42,"name":"ITC"}');
    expect(again.body).toBe(first.body);
  });

  it('validate as the schema says, with the errors of the request that failed', async () => {
    const app = Fastify(sharedServerOptions);
    apps.push(app);
    const schema = {
      querystring: {
        type: 'object',
        properties: { limit: { type: 'integer', minimum: 1 }, from: { type: 'string', format: 'date' } },
        additionalProperties: false,
      },
    };
    app.get('/rows', { schema }, async (req) => ({ query: req.query }));
    const bad = await app.inject('/rows?limit=0');
    const good = await app.inject('/rows?limit=5&from=2024-02-29');
    const day = await app.inject('/rows?from=2023-02-29');
    const other = await app.inject('/rows?limit=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit must be >= 1/);
    // Coerced to a number, as before.
    expect(good.json()).toEqual({ query: { limit: 5, from: '2024-02-29' } });
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toMatch(/from must match format "date"/);
    expect(other.json().message).toMatch(/limit must be integer/);
  });

  it('a headers schema that names a header in upper case is refused when its route is added', async () => {
    const app = Fastify(sharedServerOptions);
    apps.push(app);
    const headers = { type: 'object', properties: { 'X-Refresh-Token': { type: 'string' } } };
    app.post('/refresh', { schema: { headers } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/lower case.*X-Refresh-Token/);
  });

  it('a schema that cannot compile starts, and is found when the pending serializers are compiled', async () => {
    compilePendingSchemas();
    const app = Fastify(sharedServerOptions);
    apps.push(app);
    const broken = { response: { 200: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } } };
    app.get('/broken', { schema: broken }, async () => ({ a: 1 }));
    const query = { type: 'object', properties: { b: { $ref: '#/elsewhere' } } };
    app.get('/broken-query', { schema: { querystring: query } }, async () => ({}));
    await app.ready();
    expect(() => compilePendingSchemas()).toThrow(
      /GET \/broken 200: .*nowhere.*GET \/broken-query querystring: .*elsewhere/,
    );
    // Its HEAD route's as well, and neither is pending any more.
    expect(compilePendingSchemas()).toBe(0);
  });

  it("every request and response schema of the product's routes compiles, none of them at start-up", async () => {
    compilePendingSchemas();
    const db = await openDb({ kind: 'pglite' });
    const app = await buildApp(testConfig(), { db, closeDb: true });
    apps.push(app);
    await app.ready();
    // Each data endpoint declares its query, its 200 and its error answers; the other routes add theirs.
    expect(compilePendingSchemas()).toBeGreaterThan(endpoints.length * 3);
    const res = await app.inject('/api/v1/financials/ITC');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
