import { brotliCompressSync } from 'node:zlib';
import { type Db, marketDataMigrations, migrate, type Queryable } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { PreparedAnswers } from './prepared-store.ts';

const code = 'test-code';
const keyOf = (i: number) => `1|financials|json|INE${String(i).padStart(7, '0')}|period=annual`;
const bodyOf = (version: number, i: number) => JSON.stringify({ data: [{ version, company: i }] });

describe.each(testDatabases())('prepared answers read by key, on $name', (target) => {
  let db: Db;
  /** The statements the store sent, in order. */
  const statements: string[] = [];
  let failNext = false;
  let store: PreparedAnswers;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, [marketDataMigrations, serverMigrations]);
    // 150 answers under version 1 and the same keys under version 2 with other bodies; one
    // "no data" answer (a NULL body).
    for (const version of [1, 2]) {
      for (let i = 0; i < 150; i++) {
        const body = bodyOf(version, i);
        await db.query(
          'INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, br) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [
            version,
            code,
            keyOf(i),
            `"${version}-${i}"`,
            body.length,
            '2026-11-26',
            'test',
            brotliCompressSync(body),
          ],
        );
      }
    }
    await db.query('UPDATE prepared_answer SET br = NULL WHERE key = $1 AND version = 1', [keyOf(149)]);
    const counting: Queryable = {
      query: (sql, params) => {
        statements.push(sql);
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('connection lost'));
        }
        return db.query(sql, params);
      },
    } as Queryable;
    store = new PreparedAnswers(counting, code);
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  it('lookups made together are read by one statement, and each gets its own answer', async () => {
    statements.length = 0;
    const hits = store.hits;
    const misses = store.misses;
    const asked = [keyOf(3), keyOf(7), '1|financials|json|INE9999999|period=annual', keyOf(3), keyOf(149)];
    const found = await Promise.all(asked.map((k) => store.get(1, k)));
    expect(statements).toHaveLength(1);
    expect(found.map((r) => r?.etag)).toEqual(['"1-3"', '"1-7"', undefined, '"1-3"', '"1-149"']);
    expect(found[0]!.br).not.toBeNull();
    expect(found[0]!.length).toBe(bodyOf(1, 3).length);
    expect(found[4]!.br).toBeNull();
    expect(store.hits - hits).toBe(4);
    expect(store.misses - misses).toBe(1);
  });

  it('many lookups at once are read in batches of at most 64 keys, none left unanswered', async () => {
    statements.length = 0;
    const found = await Promise.all(Array.from({ length: 150 }, (_, i) => store.get(2, keyOf(i))));
    expect(found.map((r) => r?.etag)).toEqual(Array.from({ length: 150 }, (_, i) => `"2-${i}"`));
    expect(statements).toHaveLength(3);
  });

  it('lookups of two versions in the same turn are answered each from its own version', async () => {
    const found = await Promise.all([store.get(1, keyOf(5)), store.get(2, keyOf(5)), store.get(1, keyOf(6))]);
    expect(found.map((r) => r?.etag)).toEqual(['"1-5"', '"2-5"', '"1-6"']);
  });

  it('a lookup made while a read is on its way is answered by the next read', async () => {
    statements.length = 0;
    const first = store.get(1, keyOf(10));
    // After this turn the first read is on its way; this lookup waits for it to end.
    await new Promise((r) => setImmediate(r));
    const second = store.get(1, keyOf(11));
    expect((await first)?.etag).toBe('"1-10"');
    expect((await second)?.etag).toBe('"1-11"');
    expect(statements).toHaveLength(2);
  });

  it('a failed read fails the lookups it carried, and later lookups are read again', async () => {
    failNext = true;
    const failed = await Promise.allSettled([store.get(1, keyOf(20)), store.get(1, keyOf(21))]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe('connection lost');
    expect((await store.get(1, keyOf(20)))?.etag).toBe('"1-20"');
  });
});
