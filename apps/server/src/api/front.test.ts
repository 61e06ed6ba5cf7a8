import type { AddressInfo } from 'node:net';
import { openDb } from '@bahi/market-data/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { keyOf } from './front.ts';
import { keyFor } from './testing/harness.ts';
import { type Got, get, getFresh, stable } from './testing/socket.ts';

describe('answer front', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let port: number;
  let key: string;
  let basicKey: string;

  beforeAll(async () => {
    const db = await openDb({ kind: 'pglite' });
    app = await buildApp(
      testConfig({ sampleData: 'small', logLevel: 'info', metricsToken: 'm'.repeat(32) }),
      {
        db,
        logStream: { write: (l) => lines.push(l) },
      },
    );
    app.addHook('onClose', () => db.close());
    ({ key } = await keyFor(db, 'E'));
    ({ key: basicKey } = await keyFor(db, 'B'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => app.close());

  const answered = () => app.answerFront.answered;

  // Each case: the framework's answer (inject, which also caches it and makes its coding), then the
  // same request over HTTP, which the front answers.
  const cases: [string, string, Record<string, string>][] = [
    ['JSON', '/api/v1/financials/ITC?period=annual', {}],
    ['gzip', '/api/v1/financials/ITC?period=annual', { 'accept-encoding': 'gzip' }],
    ['br', '/api/v1/financials/RELIANCE', { 'accept-encoding': 'gzip, deflate, br' }],
    ['CSV', '/api/v1/daily-quotes/ITC?from=2026-01-01&to=2026-03-31&format=csv', {}],
    ['small body', '/api/v1/company-profile/ITC', { 'accept-encoding': 'br' }],
  ];

  for (const [name, path, extra] of cases) {
    it(`answers a repeated ${name} request with the framework's status, fields, body and access line`, async () => {
      const url = `${path}${path.includes('?') ? '&' : '?'}token=${key}`;
      lines.length = 0;
      const framework = await app.inject({ url, headers: extra });
      expect(framework.statusCode).toBe(200);
      const before = answered();
      const front = await getFresh(app, port, url, extra);
      expect(answered()).toBe(before + 1);

      expect(front.status).toBe(200);
      expect(stable(front.headers)).toEqual(stable(framework.headers));
      expect(front.body.equals(framework.rawPayload)).toBe(true);
      // Counted once: one call more than the framework's answer had counted.
      expect(Number(front.headers['x-ratelimit-remaining'])).toBe(
        Number(framework.headers['x-ratelimit-remaining']) - 1,
      );
      expect(front.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      await new Promise((r) => setTimeout(r, 20));
      const [viaFramework, viaFront] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const fixed = ({ time: _t, reqId: _r, ms: _m, ...rest }: Record<string, unknown>) => rest;
      expect(Object.keys(viaFront!)).toEqual(Object.keys(viaFramework!));
      expect(fixed(viaFront!)).toEqual(fixed(viaFramework!));
      expect(viaFront!.reqId).toBe(front.headers['x-request-id']);
      expect(lines.join('')).not.toContain(key);
    });
  }

  it('answers If-None-Match with the same 304 as the framework, and keeps a valid request id', async () => {
    const url = `/api/v1/financials/HDFCBANK?token=${key}`;
    const first = await app.inject({ url });
    const etag = first.headers.etag as string;
    const framework = await app.inject({ url, headers: { 'if-none-match': etag } });
    const before = answered();
    const front = await getFresh(app, port, url, {
      'if-none-match': `W/${etag}`,
      'x-request-id': 'trace-abc-123',
    });
    expect(answered()).toBe(before + 1);
    expect([framework.statusCode, front.status]).toEqual([304, 304]);
    expect(stable(front.headers)).toEqual(stable(framework.headers));
    expect(front.body.length).toBe(0);
    expect(front.headers['x-request-id']).toBe('trace-abc-123');
  });

  it('reads the key from Authorization: Bearer as the framework does', async () => {
    const url = '/api/v1/financials/ITC?period=annual';
    const auth = { authorization: `Bearer ${key}` };
    const framework = await app.inject({ url, headers: auth });
    const before = answered();
    const front = await getFresh(app, port, url, auth);
    expect(answered()).toBe(before + 1);
    expect(stable(front.headers)).toEqual(stable(framework.headers));
    expect((await get(port, url)).status).toBe(401);
  });

  it('leaves to the framework what it must refuse or has not answered yet', async () => {
    const cached = '/api/v1/financials/ITC?period=annual';
    await get(port, `${cached}&token=${key}`);
    const before = answered();
    // The Basic plan covers the sample companies only: the cached answer is not theirs to have.
    const outside = await app.inject({ url: `/api/v1/financials/ZAAKARAGR0013?token=${key}` });
    expect(outside.statusCode).toBe(200);
    const refused = await get(port, `/api/v1/financials/ZAAKARAGR0013?token=${basicKey}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString()).code).toBe('forbidden');
    expect((await get(port, `${cached}&token=bahi_${'x'.repeat(40)}`)).status).toBe(401);
    expect((await get(port, `${cached}&token=${key}&token=${key}`)).status).toBe(400);
    const head = await get(port, `${cached}&token=${key}`, {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
    expect(answered()).toBe(before);
  });

  it('lets exactly the limit through and refuses the next call with the framework 429', async () => {
    const { key: limited } = await keyFor(app.deps.db, 'E', { rateLimitPerMinute: 3 });
    const url = `/api/v1/financials/ITC?period=annual&token=${limited}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(port, url)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const last = await get(port, url);
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    expect(last.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('never answers from an earlier data version', async () => {
    const url = `/api/v1/financials/RELIANCE?period=annual&token=${key}`;
    const old = await get(port, url);
    await get(port, url);
    await app.deps.db.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
    app.dataApi.version.invalidate();
    const before = answered();
    const fresh = await get(port, url);
    expect(answered()).toBe(before);
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    const versionOf = (g: Got) => JSON.parse(g.body.toString()).meta.dataVersion as number;
    expect(versionOf(fresh)).toBe(versionOf(old) + 1);
  });

  it('counts the requests it answers in /metrics', async () => {
    const url = `/api/v1/financials/ITC?period=annual&token=${key}`;
    const count = async () => {
      const text = (
        await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'m'.repeat(32)}` } })
      ).body;
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('bahi_http_requests_total{') &&
            l.includes('route="/api/v1/financials/:symbol"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    await get(port, url);
    const before = await count();
    const frontBefore = answered();
    for (let i = 0; i < 5; i++) await getFresh(app, port, url);
    expect(answered()).toBe(frontBefore + 5);
    expect((await count()) - before).toBe(5);
  });

  it('reads the key as the framework parses the query string, or leaves the request to it', () => {
    expect(keyOf('/a?token=k1&x=1', undefined)).toBe('k1');
    expect(keyOf('/a?x=1&token=k1', 'Bearer k2')).toBe('k1');
    expect(keyOf('/a?x=1&token=', 'Bearer k2')).toBe('k2');
    expect(keyOf('/a?x=1', 'Bearer k2')).toBe('k2');
    expect(keyOf('/a?token=k1&token=k1', undefined)).toBeNull();
    expect(keyOf('/a?%74oken=k1', 'Bearer k2')).toBeNull();
    expect(keyOf('/a?token=k%31', undefined)).toBeNull();
    expect(keyOf('/a', undefined)).toBeNull();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('answer front with the rate limit in Redis', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    const db = await openDb({ kind: 'pglite' });
    app = await buildApp(testConfig({ sampleData: 'small', redisUrl: process.env.TEST_REDIS_URL! }), { db });
    app.addHook('onClose', () => db.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => app.close());

  it('waits for the shared count, then answers; each call is counted once', async () => {
    const { key } = await keyFor(app.deps.db, 'E');
    const url = `/api/v1/financials/ITC?period=annual&token=${key}`;
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++)
      remaining.push(Number((await get(port, url)).headers['x-ratelimit-remaining']));
    const before = app.answerFront.answered;
    const last = await getFresh(app, port, url);
    expect(app.answerFront.answered).toBe(before + 1);
    remaining.push(Number(last.headers['x-ratelimit-remaining']));
    expect(remaining.slice(1).map((r, i) => remaining[i]! - r)).toEqual([1, 1, 1, 1]);
  });
});
