import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Db, marketDataMigrations, migrate, type Queryable } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { AnswerFiles, hashOf, type StoredRow } from './answer-file.ts';
import { PreparedAnswers, type PreparedRow } from './prepared-store.ts';

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
          'INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, gzip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [version, code, keyOf(i), `"${version}-${i}"`, body.length, '2026-11-26', 'test', gzipSync(body)],
        );
      }
    }
    await db.query('UPDATE prepared_answer SET gzip = NULL WHERE key = $1 AND version = 1', [keyOf(149)]);
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
    const found = await Promise.all(asked.map((k) => store.get(1, 'financials', k)));
    expect(statements).toHaveLength(1);
    expect(found.map((r) => r?.etag)).toEqual(['"1-3"', '"1-7"', undefined, '"1-3"', '"1-149"']);
    expect(found[0]!.gzip).not.toBeNull();
    expect(found[0]!.length).toBe(bodyOf(1, 3).length);
    expect(found[4]!.gzip).toBeNull();
    expect(store.hits - hits).toBe(4);
    expect(store.misses - misses).toBe(1);
  });

  it('many lookups at once are read in batches of at most 64 keys, none left unanswered', async () => {
    statements.length = 0;
    const found = await Promise.all(
      Array.from({ length: 150 }, (_, i) => store.get(2, 'financials', keyOf(i))),
    );
    expect(found.map((r) => r?.etag)).toEqual(Array.from({ length: 150 }, (_, i) => `"2-${i}"`));
    expect(statements).toHaveLength(3);
  });

  it('lookups of two versions in the same turn are answered each from its own version', async () => {
    const found = await Promise.all([
      store.get(1, 'financials', keyOf(5)),
      store.get(2, 'financials', keyOf(5)),
      store.get(1, 'financials', keyOf(6)),
    ]);
    expect(found.map((r) => r?.etag)).toEqual(['"1-5"', '"2-5"', '"1-6"']);
  });

  it('a lookup made while a read is on its way is answered by the next read', async () => {
    statements.length = 0;
    const first = store.get(1, 'financials', keyOf(10));
    // After this turn the first read is on its way; this lookup waits for it to end.
    await new Promise((r) => setImmediate(r));
    const second = store.get(1, 'financials', keyOf(11));
    expect((await first)?.etag).toBe('"1-10"');
    expect((await second)?.etag).toBe('"1-11"');
    expect(statements).toHaveLength(2);
  });

  it('a failed read fails the lookups it carried, and later lookups are read again', async () => {
    failNext = true;
    const failed = await Promise.allSettled([
      store.get(1, 'financials', keyOf(20)),
      store.get(1, 'financials', keyOf(21)),
    ]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe('connection lost');
    expect((await store.get(1, 'financials', keyOf(20)))?.etag).toBe('"1-20"');
  });

  describe('copied to a local file (decision 0329)', () => {
    /** Keys as the server makes them: the version and operation first. */
    const fileKey = (version: number, op: string, i: number) =>
      `${version}|${op}|json|INE${String(i).padStart(7, '0')}|statement_type=s`;
    let files: AnswerFiles;
    let fileStore: PreparedAnswers;
    /** What the files reported as not copied. */
    const errors: string[] = [];
    const stored = new Map<string, { etag: string; body: string | null; pieces: string | null }>();

    beforeAll(async () => {
      // Versions 3 and 4: 230 financials answers (one "no data") and 40 of another operation.
      for (const version of [3, 4]) {
        for (const [op, count] of [
          ['financials', 230],
          ['ratios', 40],
        ] as const) {
          for (let i = 0; i < count; i++) {
            const key = fileKey(version, op, i);
            const body =
              i === 17 && op === 'financials' ? null : `${bodyOf(version, i)}${op}`.repeat(1 + (i % 5));
            // Every third answer has pieces (decision 0348), of a length of its own.
            const pieces = body !== null && i % 3 === 0 ? `pieces of ${key}`.repeat(1 + (i % 7)) : null;
            stored.set(key, { etag: `"${key}"`, body, pieces });
            await db.query(
              'INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, gzip, pieces) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
              [
                version,
                code,
                key,
                `"${key}"`,
                body?.length ?? 0,
                `2026-11-${10 + (i % 9)}`,
                `source ${op}`,
                body === null ? null : gzipSync(body),
                pieces === null ? null : Buffer.from(pieces),
              ],
            );
          }
        }
      }
      const counting: Queryable = {
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      } as Queryable;
      // Pages of 64 rows, so a set takes several.
      files = new AnswerFiles(counting, code, undefined, (err) => errors.push((err as Error).message), {
        rows: 64,
        bytes: 1 << 20,
      });
      fileStore = new PreparedAnswers(counting, code, 5_000, files);
    }, 60_000);
    afterAll(() => files.close());

    it('a complete set is copied, then read from the file: the same rows, no statement', async () => {
      fileStore.markComplete(3, 'financials', 230);
      await files.settled();
      expect(files.has(3, 'financials')).toBe(true);
      expect(files.has(3, 'ratios')).toBe(false);
      statements.length = 0;
      const keys = [
        ...Array.from({ length: 230 }, (_, i) => fileKey(3, 'financials', i)),
        fileKey(3, 'financials', 999),
      ];
      /** Each row read for `keys` against what was stored; `check` looks at a stored one further. */
      const compare = (
        rows: (PreparedRow | undefined)[],
        check: (row: PreparedRow, want: { body: string | null; pieces: string | null }) => void,
      ) => {
        for (const [i, row] of rows.entries()) {
          const want = stored.get(keys[i]!);
          if (want === undefined) {
            expect(row).toBeUndefined();
            continue;
          }
          expect(row?.etag).toBe(want.etag);
          expect(row?.length).toBe(want.body?.length ?? 0);
          expect(row?.asOf).toBe(`2026-11-${10 + (i % 9)}`);
          expect(row?.source).toBe('source financials');
          check(row!, want);
        }
      };
      const found = await Promise.all(keys.map((k) => fileStore.get(3, 'financials', k)));
      expect(statements).toEqual([]);
      compare(found, (row, want) => {
        expect(row.gzip === null ? null : gunzipSync(row.gzip).toString()).toBe(want.body);
        // The body is memory of its own (bodies here are 30-300 bytes, which Node would pool):
        // the answer cache keeps it without copying it again (decision 0342).
        if (row.gzip) expect(row.gzip.buffer.byteLength).toBe(row.gzip.length);
        // The pieces are not read with the answer itself.
        expect(row.pieces).toBeUndefined();
      });
      expect(files.reads).toBeGreaterThanOrEqual(230);
      // Read for a range cut out of them (decision 0348): the pieces, not the body.
      const withPieces = await Promise.all(keys.map((k) => fileStore.pieces(3, 'financials', k)));
      expect(statements).toEqual([]);
      compare(withPieces, (row, want) => {
        expect(row.gzip).toBeNull();
        expect(row.pieces?.toString() ?? null).toBe(want.pieces);
      });
      expect(withPieces.filter((r) => r?.pieces).length).toBe(77);
      // Another operation's answers are still read from the database.
      const other = await fileStore.get(3, 'ratios', fileKey(3, 'ratios', 5));
      expect(other?.etag).toBe(`"${fileKey(3, 'ratios', 5)}"`);
      expect(statements).toHaveLength(1);
      // A row from the database says nothing of being asked before (it is cached as it was).
      expect(other?.again).toBeUndefined();
      // From the database too, each read decodes only the part it uses: the answer without its
      // pieces, the pieces without the body (an answer with both stored).
      const withBoth = stored.get(fileKey(3, 'ratios', 6))!;
      expect(withBoth.pieces).not.toBeNull();
      const answerFromDb = await fileStore.get(3, 'ratios', fileKey(3, 'ratios', 6));
      expect(gunzipSync(answerFromDb!.gzip!).toString()).toBe(withBoth.body);
      expect(answerFromDb?.pieces ?? null).toBeNull();
      const fromDb = await fileStore.pieces(3, 'ratios', fileKey(3, 'ratios', 6));
      expect(fromDb?.pieces?.toString()).toBe(withBoth.pieces);
      expect(fromDb?.gzip).toBeNull();
      expect(fromDb?.length).toBe(withBoth.body!.length);
      // Both parts asked in one turn: one statement each, and each waiter gets its own part.
      statements.length = 0;
      const [answer, pieces] = await Promise.all([
        fileStore.get(3, 'ratios', fileKey(3, 'ratios', 9)),
        fileStore.pieces(3, 'ratios', fileKey(3, 'ratios', 9)),
      ]);
      expect(statements).toHaveLength(2);
      expect(gunzipSync(answer!.gzip!).toString()).toBe(stored.get(fileKey(3, 'ratios', 9))!.body);
      expect(pieces?.pieces?.toString()).toBe(stored.get(fileKey(3, 'ratios', 9))!.pieces);
    });

    it('from the database, the answers and the pieces take turns: a flood of one does not hold back the other', async () => {
      // Version 4 is not in the file: every read is a statement. 100 answers asked first, then
      // one answer's pieces, in the same turn: the pieces are read in the second statement,
      // between the answers' two batches, not after all of them.
      statements.length = 0;
      const answers = Array.from({ length: 100 }, (_, i) =>
        fileStore.get(4, 'financials', fileKey(4, 'financials', 100 + i)),
      );
      const order: string[] = [];
      for (const [i, p] of answers.entries()) void p.then(() => order.push(`answer ${i}`));
      const noData = fileStore.pieces(4, 'financials', fileKey(4, 'financials', 17)).then((row) => {
        order.push('pieces');
        return row;
      });
      const [row] = await Promise.all([noData, ...answers]);
      expect(statements).toHaveLength(3);
      expect(statements.map((sql) => (sql.includes('NULL::text AS gzip') ? 'pieces' : 'answer'))).toEqual([
        'answer',
        'pieces',
        'answer',
      ]);
      expect(order.indexOf('pieces')).toBe(64);
      // "No data" read with the pieces: length 0, nothing to cut (the body is not read).
      expect(row?.length).toBe(0);
      expect(row?.gzip).toBeNull();
      expect(row?.pieces).toBeNull();
      for (const [i, found] of (await Promise.all(answers)).entries())
        expect(found?.etag).toBe(`"${fileKey(4, 'financials', 100 + i)}"`);
    });

    it('an answer read from the file says whether it was read from it before (decision 0334)', async () => {
      const read = (i: number) => fileStore.get(3, 'financials', fileKey(3, 'financials', i));
      await read(3);
      expect((await read(3))?.again).toBe(true);
      // Another process's file of the same set: its first read of a key, then its second.
      const fresh = new AnswerFiles(db, code);
      try {
        await fresh.add(3, 'financials', 230);
        const twice = [fileKey(3, 'financials', 40), fileKey(3, 'financials', 41)];
        const first = await Promise.all(twice.map((k) => fresh.get(3, 'financials', k)));
        expect(first.map((r) => r?.again)).toEqual([false, false]);
        const second = await Promise.all(twice.map((k) => fresh.get(3, 'financials', k)));
        expect(second.map((r) => r?.again)).toEqual([true, true]);
        // A read of the pieces (a range cut out of the answer: decisions 0347, 0348) is not the
        // answer asked for, and leaves it never asked.
        expect((await fresh.pieces(3, 'financials', fileKey(3, 'financials', 42)))?.pieces).toBeTruthy();
        expect((await fresh.get(3, 'financials', fileKey(3, 'financials', 42)))?.again).toBe(false);
        expect((await fresh.get(3, 'financials', fileKey(3, 'financials', 42)))?.again).toBe(true);
        // A key not in the set marks nothing.
        expect(await fresh.get(3, 'financials', fileKey(3, 'financials', 999))).toBeUndefined();
      } finally {
        await fresh.close();
      }
    });

    it('a set whose rows are not the count it completed with is not copied', async () => {
      fileStore.markComplete(3, 'ratios', 41);
      await files.settled();
      expect(files.has(3, 'ratios')).toBe(false);
      expect(errors).toEqual([
        "the ratios answers of data version 3 did not read back as the 41 rows the set completed with, or passed the file's size bound",
      ]);
      statements.length = 0;
      expect((await fileStore.get(3, 'ratios', fileKey(3, 'ratios', 7)))?.etag).toBe(
        `"${fileKey(3, 'ratios', 7)}"`,
      );
      expect(statements).toHaveLength(1);
    });

    it('a newer version replaces the file: the older one is read from the database again', async () => {
      const reading = fileStore.get(3, 'financials', fileKey(3, 'financials', 8));
      fileStore.markComplete(4, 'ratios', 40);
      fileStore.markComplete(4, 'financials', 230);
      // A read on its way when the file closes still gets its answer.
      expect((await reading)?.etag).toBe(`"${fileKey(3, 'financials', 8)}"`);
      await files.settled();
      expect(files.has(4, 'ratios') && files.has(4, 'financials')).toBe(true);
      expect(files.has(3, 'financials')).toBe(false);
      statements.length = 0;
      const [old, fresh, ratio] = await Promise.all([
        fileStore.get(3, 'financials', fileKey(3, 'financials', 9)),
        fileStore.get(4, 'financials', fileKey(4, 'financials', 9)),
        fileStore.get(4, 'ratios', fileKey(4, 'ratios', 39)),
      ]);
      expect([old?.etag, fresh?.etag, ratio?.etag]).toEqual([
        `"${fileKey(3, 'financials', 9)}"`,
        `"${fileKey(4, 'financials', 9)}"`,
        `"${fileKey(4, 'ratios', 39)}"`,
      ]);
      expect(statements).toHaveLength(1);
      expect(gunzipSync(ratio!.gzip!).toString()).toBe(stored.get(fileKey(4, 'ratios', 39))?.body);
    });

    /** Two financials keys of `version` whose 32-bit hashes are the same (found by the birthday bound). */
    const collision = (version: number): [number, number] => {
      const seen = new Map<number, number>();
      for (let i = 0; ; i++) {
        const h = hashOf(fileKey(version, 'financials', i));
        const other = seen.get(h);
        if (other !== undefined) return [other, i];
        seen.set(h, i);
      }
    };
    const insert = (version: number, i: number) =>
      db.query(
        'INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, gzip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          version,
          code,
          fileKey(version, 'financials', i),
          `"${version}-${i}"`,
          2,
          '2026-11-26',
          'test',
          gzipSync(`${i}`),
        ],
      );

    it('two keys of the same hash are told apart by the key each record holds', async () => {
      // Version 5 holds both keys of a pair; version 6 only the first of its pair.
      const [a, b] = collision(5);
      const [c, d] = collision(6);
      for (const i of [a, b, a + 1]) await insert(5, i);
      for (const i of [c, c + 1]) await insert(6, i);
      const other = new AnswerFiles(db, code);
      try {
        await other.add(5, 'financials', 3);
        expect(other.has(5, 'financials')).toBe(true);
        const found = await Promise.all(
          [a, b, a + 1].map((i) => other.get(5, 'financials', fileKey(5, 'financials', i))),
        );
        expect(found.map((r) => r?.etag)).toEqual([`"5-${a}"`, `"5-${b}"`, `"5-${a + 1}"`]);
        expect(gunzipSync(found[1]!.gzip!).toString()).toBe(`${b}`);
        await other.add(6, 'financials', 2);
        expect(other.has(6, 'financials')).toBe(true);
        expect((await other.get(6, 'financials', fileKey(6, 'financials', c)))?.etag).toBe(`"6-${c}"`);
        // The other key of the pair: the same hash as a stored one, itself not stored.
        expect(await other.get(6, 'financials', fileKey(6, 'financials', d))).toBeUndefined();
      } finally {
        await other.close();
      }
    });

    it('closing stops a copy on its way after its page, and copies nothing after', async () => {
      let pages = 0;
      const counting: Queryable = {
        query: (sql, params) => {
          pages += 1;
          return db.query(sql, params);
        },
      } as Queryable;
      const closing = new AnswerFiles(counting, code, undefined, undefined, { rows: 16, bytes: 1 << 20 });
      const copying = closing.add(4, 'financials', 230);
      while (pages === 0) await new Promise((r) => setImmediate(r));
      await closing.close();
      await copying;
      expect(closing.has(4, 'financials')).toBe(false);
      // The whole set is 15 pages of 16.
      expect(pages).toBeLessThan(15);
      await closing.add(4, 'ratios', 40);
      expect(closing.has(4, 'ratios')).toBe(false);
      expect(closing.get(4, 'financials', fileKey(4, 'financials', 1))).toBeUndefined();
    });

    it('a set of large answers is copied in statements of about the page bound, every answer intact', async () => {
      // Answers of 20 KB of pieces each, as whole years of daily quotes are.
      const version = 7;
      const big = Array.from({ length: 48 }, (_, i) =>
        randomBytes(10_000)
          .toString('hex')
          .slice(0, 20_000 - (i % 7)),
      );
      for (let i = 0; i < 48; i++)
        await db.query(
          'INSERT INTO prepared_answer (version, code, key, etag, length, as_of, source, gzip, pieces) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            version,
            code,
            fileKey(version, 'dailyQuotes', i),
            `"q${i}"`,
            2,
            '2026-11-20',
            'q',
            gzipSync('[]'),
            Buffer.from(big[i]!),
          ],
        );
      const read: number[] = [];
      const measuring: Queryable = {
        query: async (sql, params) => {
          const res = await db.query(sql, params);
          if (sql.includes('starts_with'))
            read.push(
              (res.rows as unknown as StoredRow[]).reduce(
                (n, r) => n + Buffer.byteLength(r.pieces ?? '', 'base64'),
                0,
              ),
            );
          return res;
        },
      } as Queryable;
      const bounded = new AnswerFiles(measuring, code, undefined, undefined, { rows: 500, bytes: 64 << 10 });
      try {
        await bounded.add(version, 'dailyQuotes', 48);
        expect(bounded.has(version, 'dailyQuotes')).toBe(true);
        // 960 KB in pages of at most 64 KB and one answer more: never the whole set at once.
        expect(read.reduce((a, b) => a + b, 0)).toBeGreaterThan(900_000);
        expect(Math.max(...read)).toBeLessThanOrEqual((64 << 10) + 20_000);
        expect(read.length).toBeGreaterThanOrEqual(15);
        for (const i of [0, 23, 47]) {
          const row = await bounded.pieces(version, 'dailyQuotes', fileKey(version, 'dailyQuotes', i));
          expect(row?.pieces?.toString()).toBe(big[i]);
        }
      } finally {
        await bounded.close();
      }
    });

    it('a set completed for an older version than the file is not copied', async () => {
      await files.add(3, 'ratios', 40);
      expect(files.has(3, 'ratios')).toBe(false);
      expect(files.has(4, 'financials')).toBe(true);
    });
  });
});
