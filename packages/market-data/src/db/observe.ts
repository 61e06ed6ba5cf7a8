import type { Db, Queryable } from './types.ts';

/** What a database call was: one statement, a script, a whole transaction or a bulk load. */
export type DbOperation = 'query' | 'exec' | 'transaction' | 'copy';

/** Told of every call when it ends: its kind, how long it took (ms) and whether it failed. */
export type DbObserver = (op: DbOperation, ms: number, failed: boolean) => void;

/**
 * The same database with every call timed and reported to `observe` (for metrics). Statements
 * inside a transaction are reported one by one, and the transaction as a whole once more.
 */
export function observeDb(db: Db, observe: DbObserver): Db {
  const timed = async <T>(op: DbOperation, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      const out = await run();
      observe(op, performance.now() - start, false);
      return out;
    } catch (err) {
      observe(op, performance.now() - start, true);
      throw err;
    }
  };
  const queryOn =
    (q: Queryable): Queryable['query'] =>
    (sql, params) =>
      timed('query', () => q.query(sql, params));
  const observed: Db = {
    kind: db.kind,
    exclusive: db.exclusive,
    query: queryOn(db),
    exec: (sql) => timed('exec', () => db.exec(sql)),
    transaction: (fn) => timed('transaction', () => db.transaction((tx) => fn({ query: queryOn(tx) }))),
    copyRows: (table, columns, rows) => timed('copy', () => db.copyRows(table, columns, rows)),
    withLock: (name, fn) => db.withLock(name, fn),
    close: () => db.close(),
  };
  if (db.poolStats) observed.poolStats = () => db.poolStats!();
  return observed;
}
