import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { csvLine, toCsv } from './copy-csv.ts';
import { holdEmbedded } from './folder-lock.ts';
import { openPgliteInThread } from './pglite-in-thread.ts';
import { processLock } from './process-lock.ts';
import type { Db, Queryable } from './types.ts';

export { csvLine } from './copy-csv.ts';
export type { Db, PoolStats, Queryable } from './types.ts';

/**
 * Where the data lives. PGlite runs in this thread unless `thread` is set: then in a worker
 * thread of its own, so queries do not block this thread's event loop (what the server uses).
 */
export type DbTarget =
  | { kind: 'pglite'; dataDir?: string; thread?: boolean }
  | {
      kind: 'postgres';
      url: string;
      /**
       * Open every pooled connection at start and keep them (a server): otherwise connections
       * open on demand and close after 10 s idle, so a burst after a quiet spell first waits for
       * PostgreSQL to start a backend per connection (tens of milliseconds each, measured).
       */
      keepConnections?: boolean;
    };

// Type OIDs whose default parsing differs between the two drivers: make both return the same JS values.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v: string) => (v === null ? null : Number(v));
const keepString = (v: string) => v;

export async function openDb(target: DbTarget): Promise<Db> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.keepConnections === true);
  return target.thread ? openPgliteInThread(target.dataDir) : openPglite(target.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  const lock = holdEmbedded(dataDir);
  let lite: PGlite;
  try {
    // Each driver is loaded when first opened: a process uses one of them, and both take long to load.
    const { PGlite: Lite } = await import('@electric-sql/pglite');
    lite = await Lite.create(dataDir, {
      parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepString },
    });
  } catch (err) {
    lock.release();
    throw err;
  }
  const run = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) => {
    const res = await q.query<T>(sql, params as unknown[] | undefined);
    return { rows: res.rows };
  };
  return {
    kind: 'pglite',
    exclusive: lock.id,
    query: (sql, params) => run(lite, sql, params),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (fn) => lite.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    copyRows: async (table, columns, rows) => {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      await lite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv.text]),
      });
      return csv.count;
    },
    withLock: processLock(),
    close: async () => {
      try {
        await lite.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Connections per pool. */
const poolSize = 10;

async function openPostgres(url: string, keepConnections: boolean): Promise<Db> {
  const [{ default: Pg }, { default: pgCopy }] = await Promise.all([import('pg'), import('pg-copy-streams')]);
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8 || oid === NUMERIC) return toNumber;
      if (oid === DATE) return keepString;
      return Pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new Pg.Pool({
    connectionString: url,
    max: poolSize,
    // Kept: the pool never closes an idle connection below `min`.
    ...(keepConnections ? { min: poolSize } : {}),
    types: types as pg.CustomTypesConfig,
  });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is an
  // 'error' on the pool, which would otherwise crash the process. The pool discards that client
  // and opens a new one for the next query; queries in flight fail on their own.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL ended an idle connection: ${err.message}`);
  });
  if (keepConnections) {
    // As many as the server lets this process open (one at least): a PostgreSQL near its
    // max_connections still serves with fewer, and the pool opens the rest when it can.
    const opened = await Promise.allSettled(Array.from({ length: poolSize }, () => pool.connect()));
    const failed = opened.filter((o) => o.status === 'rejected');
    for (const o of opened) if (o.status === 'fulfilled') o.value.release();
    if (failed.length === poolSize) {
      await pool.end();
      throw failed[0]!.reason;
    }
    if (failed.length > 0)
      console.warn(
        `PostgreSQL: ${poolSize - failed.length} of ${poolSize} connections opened at start (${(failed[0]!.reason as Error).message})`,
      );
  } else await pool.query('SELECT 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      const res = await c.query(sql, params as unknown[] | undefined);
      return { rows: res.rows as T[] };
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    copyRows: async (table, columns, rows) => {
      const client = await pool.connect();
      try {
        const stream = client.query(
          pgCopy.from(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`),
        );
        let count = 0;
        let buf = '';
        const flush = () =>
          new Promise<void>((resolve, reject) => {
            if (stream.write(buf)) resolve();
            else stream.once('drain', resolve).once('error', reject);
            buf = '';
          });
        for (const row of rows) {
          buf += csvLine(row);
          count++;
          if (buf.length > 1 << 20) await flush();
        }
        await new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve).on('error', reject);
          stream.end(buf);
        });
        return count;
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    withLock: async (name, fn) => {
      // A session-level advisory lock on a connection of its own, held while fn uses the pool.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      } catch (err) {
        client.release(true);
        throw err;
      }
      try {
        return await fn();
      } finally {
        try {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
          client.release();
        } catch {
          // Ending the session releases its locks.
          client.release(true);
        }
      }
    },
    close: () => pool.end(),
  };
}
