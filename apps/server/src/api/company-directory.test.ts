import { bumpDataVersion, ensureSampleData } from '@bahi/market-data';
import { type Db, openDb } from '@bahi/market-data/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from './testing/harness.ts';

/** The company directory's first query (see loadCompanyDirectory). */
const directoryQuery = /FROM company\) c\s*$/;

describe('the company directory is loaded before the first request', () => {
  let inner: Db;
  let app: FastifyInstance;
  let key: string;
  const seen: string[] = [];
  const directoryLoads = () => seen.filter((sql) => directoryQuery.test(sql)).length;
  /** Waits until the directory queries started in the background have run. */
  const settle = async (loads: number) => {
    for (let i = 0; i < 200 && directoryLoads() < loads; i++) await new Promise((r) => setTimeout(r, 10));
  };

  beforeAll(async () => {
    inner = await openDb({ kind: 'pglite' });
    // The same database, every query it is asked recorded.
    const db: Db = {
      ...inner,
      query: (sql, params) => {
        seen.push(sql);
        return inner.query(sql, params);
      },
    };
    app = await dataApiApp(db);
    await ensureSampleData(inner, { size: 'small' });
    ({ key } = await keyFor(db, 'E'));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await inner.close();
  });

  it('at start, and again as soon as a new data version is read, with no request waiting for it', async () => {
    expect(directoryLoads()).toBe(0);
    await app.ready();
    await settle(1);
    expect(directoryLoads()).toBe(1);

    const first = await app.inject(`/api/v1/financials/ITC?token=${key}`);
    expect(first.statusCode).toBe(200);
    expect(directoryLoads()).toBe(1);

    // Data changes: the version read that notices it starts the new directory.
    await bumpDataVersion(inner);
    app.dataApi.version.invalidate();
    await app.dataApi.version.current();
    await settle(2);
    expect(directoryLoads()).toBe(2);
    const after = await app.inject(`/api/v1/financials/RELIANCE?token=${key}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().meta.dataVersion).toBe(first.json().meta.dataVersion + 1);
    expect(directoryLoads()).toBe(2);
  });
});
