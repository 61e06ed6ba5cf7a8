/** One row-returning query surface shared by PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Set when no other process can use this database while it is open (embedded PGlite: its
   * folder is locked, or it is in memory): an id of this opening. Work recorded in the database
   * under another id (a claim) was left by a process that has ended, so it can be taken over at
   * once instead of when it goes stale.
   */
  readonly exclusive?: string;
  /** Runs several statements at once (no parameters). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction: all of it commits, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Bulk load with COPY ... FROM STDIN (CSV); returns the row count. */
  copyRows(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<number>;
  /**
   * Runs fn while holding the lock called `name`, which every process on this database shares
   * (a PostgreSQL advisory lock; embedded PGlite has one process, so a lock in that process).
   * Several servers starting at once on a fresh database migrate and load it one at a time.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connections behind it, for metrics: a pool's size, idle clients and waiting requests. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open (PGlite in a thread: its one connection). */
  total: number;
  idle: number;
  /** Requests waiting for a connection (PGlite in a thread: queued behind the running one). */
  waiting: number;
}
