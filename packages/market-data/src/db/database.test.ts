import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from './database.ts';
import { migrate, splitStatements } from './migrate.ts';
import { type TestDatabase, testDatabases } from './test-databases.ts';

const dir = mkdtempSync(join(tmpdir(), 'bahi-mig-'));
writeFileSync(
  join(dir, '0001_things.sql'),
  `-- a comment;
CREATE TABLE thing (id int PRIMARY KEY, name text, price numeric(12,2), big bigint, day date);
CREATE FUNCTION twice(x int) RETURNS int AS $$
  SELECT x * 2;
$$ LANGUAGE sql;
`,
);

/** The server's embedded database: PGlite in a worker thread, behind the same interface. */
const threaded = {
  name: 'pglite',
  url: null,
  label: 'pglite in a worker thread',
  open: () => openDb({ kind: 'pglite', thread: true }),
  drop: async () => {},
} satisfies TestDatabase & { label: string };

for (const target of [...testDatabases(), threaded] as (TestDatabase & { label?: string })[]) {
  describe(`database on ${target.label ?? target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('applies migrations once and records them', async () => {
      expect(await migrate(db, [{ name: 't', dir }])).toEqual(['t/0001_things.sql']);
      expect(await migrate(db, [{ name: 't', dir }])).toEqual([]);
      const { rows } = await db.query<{ v: number }>('SELECT twice(21) AS v');
      expect(rows[0]?.v).toBe(42);
    });

    it('returns numbers for numeric and bigint and plain strings for dates on both drivers', async () => {
      await db.query('INSERT INTO thing VALUES ($1, $2, $3, $4, $5)', [
        1,
        'a',
        '12.50',
        9007199254740,
        '2024-10-28',
      ]);
      const { rows } = await db.query('SELECT price, big, day FROM thing WHERE id = 1');
      expect(rows[0]).toEqual({ price: 12.5, big: 9007199254740, day: '2024-10-28' });
    });

    it.skipIf(target.name !== 'postgres')(
      'survives the server ending its idle connections and answers the next query',
      async () => {
        // Three pooled connections, then one of them ends the other two (as a restart would).
        await Promise.all([
          db.query('SELECT pg_sleep(0.05)'),
          db.query('SELECT pg_sleep(0.05)'),
          db.query('SELECT 1'),
        ]);
        await db.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        await new Promise((r) => setTimeout(r, 100));
        expect((await db.query<{ n: number }>('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
      },
    );

    it('rolls back a failed transaction completely', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO thing (id, name) VALUES (2, 'b')");
          await tx.query("INSERT INTO thing (id, name) VALUES (2, 'dup')");
        }),
      ).rejects.toThrow();
      const { rows } = await db.query('SELECT count(*)::int AS n FROM thing WHERE id = 2');
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('commits a transaction whose queries see each other, and reports the SQL error code', async () => {
      const inside = await db.transaction(async (tx) => {
        await tx.query("INSERT INTO thing (id, name) VALUES (3, 'c')");
        return (await tx.query<{ name: string }>('SELECT name FROM thing WHERE id = 3')).rows;
      });
      expect(inside).toEqual([{ name: 'c' }]);
      expect((await db.query('SELECT name FROM thing WHERE id = 3')).rows).toEqual([{ name: 'c' }]);
      await expect(db.query("INSERT INTO thing (id, name) VALUES (3, 'again')")).rejects.toMatchObject({
        code: '23505',
      });
    });

    it('bulk-loads rows with COPY, quoting commas, quotes and nulls', async () => {
      const rows = [
        [10, 'Tata, Sons "Ltd"', 1.5, null, '2020-01-01'],
        [11, null, null, 5, null],
      ];
      expect(await db.copyRows('thing', ['id', 'name', 'price', 'big', 'day'], rows)).toBe(2);
      const got = await db.query('SELECT id, name, price, big, day FROM thing WHERE id >= 10 ORDER BY id');
      expect(got.rows).toEqual([
        { id: 10, name: 'Tata, Sons "Ltd"', price: 1.5, big: null, day: '2020-01-01' },
        { id: 11, name: null, price: null, big: 5, day: null },
      ]);
    });

    it('withLock lets one holder of a name run at a time, across connections, and frees it after a throw', async () => {
      // On PostgreSQL the second holder is another pool on the same database, as another process would be.
      let other = db;
      if (target.name === 'postgres') {
        const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
        const url = new URL(process.env.TEST_DATABASE_URL ?? '');
        url.pathname = `/${rows[0]?.name}`;
        other = await openDb({ kind: 'postgres', url: url.toString() });
      }
      try {
        const order: string[] = [];
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered = () => {};
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const first = db.withLock('test-start', async () => {
          order.push('first in');
          entered();
          await held;
          order.push('first out');
        });
        await inside;
        const second = other.withLock('test-start', async () => {
          order.push('second in');
        });
        if (target.name === 'postgres') {
          // The second session is queued on the advisory lock in the server.
          for (let waiting = 0; waiting === 0; ) {
            const { rows } = await db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
            );
            waiting = rows[0]?.n ?? 0;
          }
        } else {
          await db.query('SELECT 1');
        }
        expect(order).toEqual(['first in']);
        release();
        await Promise.all([first, second]);
        expect(order).toEqual(['first in', 'first out', 'second in']);

        await expect(
          db.withLock('test-throw', async () => {
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        // Would wait forever if the throw had kept the lock.
        expect(await other.withLock('test-throw', async () => 'free')).toBe('free');
      } finally {
        if (other !== db) await other.close();
      }
    });
  });
}

describe('pglite in a worker thread', () => {
  it('keeps the calling thread free while a long query runs', async () => {
    const db = await openDb({ kind: 'pglite', thread: true });
    try {
      let turns = 0;
      let running = true;
      const spin = () => {
        turns++;
        if (running) setImmediate(spin);
      };
      setImmediate(spin);
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM generate_series(1, 1000000) g WHERE g % 7 = 0',
      );
      running = false;
      expect(rows).toEqual([{ n: 142857 }]);
      // The event loop went round many times while the database worked.
      expect(turns).toBeGreaterThan(50);
    } finally {
      await db.close();
    }
    // Starting PGlite in a worker takes seconds on a busy machine.
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'runs at a lower scheduling priority than the thread that opened it (Linux: nice + 10)',
    async () => {
      const niceOf = (tid: string) =>
        Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const main = niceOf(String(process.pid));
      const before = new Set(readdirSync('/proc/self/task'));
      const db = await openDb({ kind: 'pglite', thread: true });
      try {
        await db.query('SELECT 1');
        const started = readdirSync('/proc/self/task').filter((tid) => !before.has(tid));
        expect(started.map(niceOf)).toContain(Math.min(19, main + 10));
        expect(niceOf(String(process.pid))).toBe(main);
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)('a server pool on PostgreSQL (keepConnections)', () => {
  it('opens every connection at start and keeps them past the idle timeout; on demand opens one', async () => {
    const kept = await openDb({ kind: 'postgres', url: postgresUrl!, keepConnections: true });
    const onDemand = await openDb({ kind: 'postgres', url: postgresUrl! });
    try {
      expect(kept.poolStats!()).toMatchObject({ total: 10, idle: 10 });
      expect(onDemand.poolStats!().total).toBe(1);
      // pg's pool closes a connection idle for 10 s unless the pool keeps it.
      await new Promise((r) => setTimeout(r, 11_000));
      expect(kept.poolStats!().total).toBe(10);
      expect(onDemand.poolStats!().total).toBe(0);
      // Eight queries at once find a connection each, none waiting for one to open.
      const sleeps = Array.from({ length: 8 }, () => kept.query('SELECT pg_sleep(0.2)'));
      await new Promise((r) => setTimeout(r, 50));
      expect(kept.poolStats!()).toEqual({ total: 10, idle: 2, waiting: 0 });
      await Promise.all(sleeps);
    } finally {
      await Promise.all([kept.close(), onDemand.close()]);
    }
  }, 30_000);

  it('starts with the connections PostgreSQL allows when it allows fewer, and fails only with none', async () => {
    const role = `bahi_limited_${process.pid}_${Date.now()}`;
    const admin = await openDb({ kind: 'postgres', url: postgresUrl! });
    const as = (limit: number) => {
      const u = new URL(postgresUrl!);
      u.username = `${role}_${limit}`;
      u.password = '';
      return u.toString();
    };
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      for (const limit of [3, 0])
        await admin.exec(`CREATE ROLE ${role}_${limit} LOGIN CONNECTION LIMIT ${limit}`);
      const three = await openDb({ kind: 'postgres', url: as(3), keepConnections: true });
      try {
        expect(three.poolStats!()).toMatchObject({ total: 3, idle: 3 });
        expect(warnings.join('\n')).toMatch(/3 of 10 connections opened at start \(.*too many connections/);
        expect(await three.query<{ one: number }>('SELECT 1 AS one')).toEqual({ rows: [{ one: 1 }] });
      } finally {
        await three.close();
      }
      await expect(openDb({ kind: 'postgres', url: as(0), keepConnections: true })).rejects.toThrow(
        /too many connections/,
      );
    } finally {
      console.warn = warn;
      for (const limit of [3, 0]) await admin.exec(`DROP ROLE IF EXISTS ${role}_${limit}`);
      await admin.close();
    }
  }, 30_000);
});

describe('splitStatements', () => {
  it('keeps dollar-quoted bodies whole', () => {
    expect(splitStatements('SELECT 1;\nDO $$\nBEGIN\n  PERFORM 1;\nEND\n$$;\n')).toHaveLength(2);
  });
});
