import { openDb } from '@bahi/market-data/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFor } from '../api/testing/harness.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';

describe('access log', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let key: string;
  let keyId: number;

  beforeAll(async () => {
    const db = await openDb({ kind: 'pglite' });
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      db,
      logStream: { write: (l) => lines.push(l) },
    });
    app.get('/boom', async () => {
      throw new Error('the disk is on fire');
    });
    app.addHook('onClose', () => db.close());
    ({ key } = await keyFor(db, 'E'));
    const { rows } = await db.query<{ id: number }>('SELECT id FROM api_keys ORDER BY id DESC LIMIT 1');
    keyId = Number(rows[0]!.id);
    await app.ready();
  });
  afterAll(() => app.close());

  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes one line per request with method, route pattern, status, duration, request id and key id, never the key', async () => {
    lines.length = 0;
    const byQuery = await app.inject({
      url: `/api/v1/financials/NOSUCH?statement_type=s&statement_code=pl&period=annual&token=${key}`,
      headers: { 'x-request-id': 'req-by-query-1' },
    });
    const byHeader = await app.inject({
      url: '/api/v1/financials/NOSUCH?statement_type=s&statement_code=pl&period=annual',
      headers: { authorization: `Bearer ${key}`, 'x-request-id': 'req-by-header-1' },
    });
    const health = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'req-health-1' } });
    expect([byQuery.statusCode, byHeader.statusCode, health.statusCode]).toEqual([404, 404, 200]);

    const logged = records();
    expect(logged).toHaveLength(3);
    for (const [record, reqId] of [
      [logged[0]!, 'req-by-query-1'],
      [logged[1]!, 'req-by-header-1'],
    ] as const) {
      expect(record).toMatchObject({
        level: 30,
        reqId,
        method: 'GET',
        route: '/api/v1/financials/:symbol',
        status: 404,
        keyId,
      });
      expect(typeof record.ms).toBe('number');
    }
    expect(logged[2]).toMatchObject({ reqId: 'req-health-1', route: '/healthz', status: 200 });
    expect(logged[2]!.keyId).toBeUndefined();
    expect(lines.join('')).not.toContain(key);
    expect(lines.join('')).not.toContain('NOSUCH');
  });

  it('logs a refused key without the key, and an unrouted path by its absence of a route', async () => {
    lines.length = 0;
    const bogus = `bahi_${'Z'.repeat(40)}`;
    const refused = await app.inject(`/api/v1/financials/ITC?token=${bogus}`);
    const unrouted = await app.inject(`/no/such/path?token=${bogus}`);
    expect([refused.statusCode, unrouted.statusCode]).toEqual([401, 404]);
    const logged = records();
    expect(logged.map((r) => [r.route, r.status])).toEqual([
      ['/api/v1/financials/:symbol', 401],
      ['(no route)', 404],
    ]);
    expect(lines.join('')).not.toContain(bogus);
  });

  it('keeps the full detail of a server error beside the access line', async () => {
    lines.length = 0;
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    const logged = records();
    expect(logged).toHaveLength(2);
    const error = logged.find((r) => r.level === 50)!;
    expect(error.reqId).toBe(res.headers['x-request-id']);
    expect((error.err as { message: string; stack: string }).message).toBe('the disk is on fire');
    expect((error.err as { stack: string }).stack).toContain('access-log.test.ts');
    expect(logged.find((r) => r.level === 30)).toMatchObject({ route: '/boom', status: 500 });
  });
});
