/** One row-returning query surface shared by PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements at once (no parameters). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction: all of it commits, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Bulk load with COPY ... FROM STDIN (CSV); returns the row count. */
  copyRows(table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<number>;
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
