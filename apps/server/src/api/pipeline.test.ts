import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../accounts/api-keys.ts';
import { AppError } from '../errors.ts';
import { defineEndpoint, requestKey } from './endpoint.ts';
import { invalidateUserKeys } from './index.ts';
import { StringEnum } from './schemas.ts';
import { dataApiApp, keyFor, testSecret } from './testing/harness.ts';

/** A market-wide tabular endpoint and a paid one, to exercise the pipeline without market data. */
let loads = 0;
const rates = defineEndpoint({
  path: '/test-rates/:code',
  operationId: 'testRates',
  tag: 'Commodities',
  summary: 'Test rates',
  description: 'Rates for a code',
  params: Type.Object({ code: Type.String({ pattern: '^[A-Z]{2,8}$' }) }),
  query: Type.Object({ unit: Type.Optional(StringEnum(['usd', 'inr'] as const)) }),
  data: Type.Array(Type.Object({ month: Type.String(), price: Type.Number(), note: Type.String() })),
  tabular: true,
  access: 'market',
  example: { params: { code: 'GOLD' } },
  load: async ({ params, query }) => {
    loads += 1;
    if (params.code !== 'GOLD') throw new AppError('not_found', `Unknown commodity code "${params.code}".`);
    const k = query.unit === 'inr' ? 83 : 1;
    return {
      data: [
        { month: '2024-10-01', price: 2650.5 * k, note: 'plain', secret: 'dropped' },
        { month: '2024-11-01', price: 2700 * k, note: '=SUM(A1), "quoted"' },
      ],
      asOf: '2024-11-01',
      source: 'test-fixture',
    };
  },
});
const paid = defineEndpoint({
  ...rates,
  path: '/test-paid',
  operationId: 'testPaid',
  params: undefined,
  access: 'paid',
  load: async () => ({ data: [], asOf: '2024-11-01', source: 'test-fixture' }),
} as never);

const long = defineEndpoint({
  ...rates,
  path: '/test-long',
  operationId: 'testLong',
  params: undefined,
  load: async () => ({
    data: Array.from({ length: 120 }, (_, i) => ({
      month: `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
      price: 1000 + i * 7.25,
      note: 'monthly average',
    })),
    asOf: '2009-12-01',
    source: 'test-fixture',
  }),
} as never);

for (const target of testDatabases()) {
  describe(`data API pipeline on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let basic: string;
    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db, { endpoints: [rates, paid, long] });
      basic = (await keyFor(db, 'B')).key;
    });
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it('refuses a request without a key, or with an unknown key, with 401 problem+json', async () => {
      for (const url of ['/api/v1/test-rates/GOLD', '/api/v1/test-rates/GOLD?token=bahi_nope']) {
        const res = await app.inject(url);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized', title: 'Unauthorized' });
        expect(res.json().request_id).toBeTruthy();
      }
    });

    it('accepts the key as token or as a bearer header and answers data with provenance', async () => {
      const viaQuery = await app.inject(`/api/v1/test-rates/GOLD?token=${basic}`);
      expect(viaQuery.statusCode).toBe(200);
      expect(viaQuery.json()).toEqual({
        data: [
          { month: '2024-10-01', price: 2650.5, note: 'plain' },
          { month: '2024-11-01', price: 2700, note: '=SUM(A1), "quoted"' },
        ],
        meta: { asOf: '2024-11-01', source: 'test-fixture', dataVersion: 0 },
      });
      const viaHeader = await app.inject({
        url: '/api/v1/test-rates/GOLD',
        headers: { authorization: `Bearer ${basic}` },
      });
      expect(viaHeader.statusCode).toBe(200);
      expect(viaHeader.headers['x-data-as-of']).toBe('2024-11-01');
    });

    it('names the offending parameter on 400', async () => {
      const bad = await app.inject(`/api/v1/test-rates/GOLD?token=${basic}&unit=eur`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'bad_request', param: 'unit' });
      const unknown = await app.inject(`/api/v1/test-rates/GOLD?token=${basic}&colour=red`);
      expect(unknown.json()).toMatchObject({ status: 400, param: 'colour' });
      const path = await app.inject(`/api/v1/test-rates/gold!?token=${basic}`);
      expect(path.json()).toMatchObject({ status: 400, param: 'code' });
    });

    it('answers 404 for an unknown code and 403 for Basic on a paid endpoint', async () => {
      const missing = await app.inject(`/api/v1/test-rates/SILVER?token=${basic}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toContain('SILVER');
      const forbidden = await app.inject(`/api/v1/test-paid?token=${basic}`);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('forbidden');
      const pro = (await keyFor(db, 'P')).key;
      expect((await app.inject(`/api/v1/test-paid?token=${pro}`)).statusCode).toBe(200);
      // The same question from a lapsed plan hits the cached answer and is still refused.
      const lapsed = (await keyFor(db, 'P', { expiresAt: new Date(Date.now() - 1000) })).key;
      expect((await app.inject(`/api/v1/test-paid?token=${lapsed}`)).statusCode).toBe(403);
      const halted = (await keyFor(db, 'I', { status: 'halted' })).key;
      expect((await app.inject(`/api/v1/test-paid?token=${halted}`)).statusCode).toBe(403);
    });

    it('serves a repeated request from cache with an ETag, and 304 on If-None-Match', async () => {
      const first = await app.inject(`/api/v1/test-rates/GOLD?token=${basic}&unit=inr`);
      const before = loads;
      const again = await app.inject({
        url: `/api/v1/test-rates/GOLD?unit=inr`,
        headers: { authorization: `Bearer ${basic}`, 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(loads).toBe(before);
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
      const other = await app.inject({
        url: `/api/v1/test-rates/GOLD?unit=usd&token=${basic}`,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).not.toBe(first.headers.etag);
    });

    it('compresses larger answers for clients that accept it, each coding with its own ETag', async () => {
      const url = `/api/v1/test-long?token=${basic}`;
      const plain = await app.inject(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      for (const [header, coding, decode] of [
        ['gzip, deflate', 'gzip', gunzipSync],
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
      ] as const) {
        const res = await app.inject({ url, headers: { 'accept-encoding': header } });
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
        expect(res.headers.etag).not.toBe(plain.headers.etag);
        const again = await app.inject({
          url,
          headers: { 'accept-encoding': header, 'if-none-match': res.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
      }
      // Small answers are not worth compressing.
      const small = await app.inject({
        url: `/api/v1/test-rates/GOLD?token=${basic}`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json().data).toHaveLength(2);
    });

    it('answers CSV with a header line, quoting and formula escaping', async () => {
      const res = await app.inject(`/api/v1/test-rates/GOLD?token=${basic}&format=csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body.split('\r\n')).toEqual([
        'month,price,note',
        '2024-10-01,2650.5,plain',
        `2024-11-01,2700,"'=SUM(A1), ""quoted"""`,
        '',
      ]);
    });

    it('carries rate-limit fields and refuses the call past the limit with Retry-After', async () => {
      const { key } = await keyFor(db, 'B', { rateLimitPerMinute: 3 });
      const statuses: number[] = [];
      let last = await app.inject(`/api/v1/test-rates/GOLD?token=${key}`);
      expect(last.headers['ratelimit-policy']).toBe('"per-minute";q=3;w=60');
      expect(last.headers['x-ratelimit-limit']).toBe('3');
      expect(last.headers['x-ratelimit-remaining']).toBe('2');
      expect(last.headers.ratelimit).toMatch(/^"per-minute";r=2;t=\d+$/);
      statuses.push(last.statusCode);
      for (let i = 0; i < 3; i++) {
        last = await app.inject(`/api/v1/test-rates/GOLD?token=${key}`);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(last.headers['x-ratelimit-remaining']).toBe('0');
    });

    it('stops accepting a regenerated key at once in this process', async () => {
      const { key, userId } = await keyFor(db, 'B');
      expect((await app.inject(`/api/v1/test-rates/GOLD?token=${key}`)).statusCode).toBe(200);
      const fresh = await issueKey(db, userId, testSecret);
      invalidateUserKeys(app, userId);
      expect((await app.inject(`/api/v1/test-rates/GOLD?token=${key}`)).statusCode).toBe(401);
      expect((await app.inject(`/api/v1/test-rates/GOLD?token=${fresh}`)).statusCode).toBe(200);
    });

    it('keeps counting against the limit after the key is regenerated', async () => {
      const { key, userId } = await keyFor(db, 'B', { rateLimitPerMinute: 5 });
      for (let i = 0; i < 3; i++) await app.inject(`/api/v1/test-rates/GOLD?token=${key}`);
      const fresh = await issueKey(db, userId, testSecret);
      invalidateUserKeys(app, userId);
      const res = await app.inject(`/api/v1/test-rates/GOLD?token=${fresh}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe('1');
    });

    it('refuses a value not shaped like a key without looking it up or remembering it', async () => {
      const junk = 'A'.repeat(15_000);
      for (const req of [
        { url: `/api/v1/test-rates/GOLD?token=${junk}` },
        { url: '/api/v1/test-rates/GOLD', headers: { authorization: `Bearer ${junk}` } },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain(junk.slice(0, 64));
      }
      expect(app.dataApi.keys.peek(junk)).toBeNull();
      expect(app.dataApi.keys.size).toBeLessThan(100);
    });
  });
}

describe('requestKey', () => {
  it('drops the API key from the URL, wherever it stands, and nothing else', () => {
    expect(requestKey('/api/v1/quote?symbol=ITC&token=bahi_x&symbol=TCS')).toBe(
      '/api/v1/quote?symbol=ITC&symbol=TCS',
    );
    expect(requestKey('/api/v1/quote?token=bahi_x&symbol=ITC')).toBe('/api/v1/quote?symbol=ITC');
    expect(requestKey('/api/v1/quote?symbol=ITC&token=bahi_x')).toBe('/api/v1/quote?symbol=ITC');
    expect(requestKey('/api/v1/stock-symbols?token=bahi_x')).toBe('/api/v1/stock-symbols');
    expect(requestKey('/api/v1/x?mytoken=1&token=k&b=2')).toBe('/api/v1/x?mytoken=1&b=2');
    expect(requestKey('/api/v1/quote?symbol=ITC')).toBe('/api/v1/quote?symbol=ITC');
  });
});

describe('HTTPS policy', () => {
  const [target] = testDatabases();
  it('refuses plain HTTP naming https, and trusts a configured proxy’s forwarded protocol', async () => {
    const db = await target!.open();
    const app = await dataApiApp(db, {
      endpoints: [rates],
      config: { allowLoopbackHttp: false, trustProxy: true },
    });
    try {
      const { key } = await keyFor(db, 'B');
      const plain = await app.inject(`/api/v1/test-rates/GOLD?token=${key}`);
      expect(plain.statusCode).toBe(403);
      expect(plain.json()).toMatchObject({ code: 'https_required' });
      expect(plain.json().detail).toContain('https');
      const forwardedHttp = await app.inject({
        url: `/api/v1/test-rates/GOLD?token=${key}`,
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(forwardedHttp.statusCode).toBe(403);
      const viaProxy = await app.inject({
        url: `/api/v1/test-rates/GOLD?token=${key}`,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
