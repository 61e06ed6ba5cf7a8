import { Worker } from 'node:worker_threads';
import { toCsv } from './copy-csv.ts';
import { type FolderLock, holdEmbedded } from './folder-lock.ts';
import { processLock } from './process-lock.ts';
import type { Db, Queryable } from './types.ts';

interface Reply {
  id: number;
  rows?: unknown[];
  error?: { message: string; name: string } & Record<string, unknown>;
  ready?: boolean;
}

/**
 * Embedded PGlite in a worker thread (decision 0321): the same `Db` as in-process PGlite, but a
 * query costs the calling thread only a message each way, so a slow query or a burst of them no
 * longer stalls the HTTP event loop. The worker script is plain JavaScript (pglite-thread.mjs).
 */
export async function openPgliteInThread(dataDir?: string): Promise<Db> {
  const lock = holdEmbedded(dataDir);
  try {
    return await openThread(dataDir, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openThread(dataDir: string | undefined, lock: FolderLock): Promise<Db> {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData: { dataDir: dataDir ?? null },
    // The worker needs no TypeScript loader, whatever started this process.
    execArgv: [],
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('message', (m: Reply) => {
      worker.off('error', onError);
      if (m.ready) resolve();
      else reject(new Error('the database thread did not start'));
    });
  });
  worker.on('message', (m: Reply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error));
    else p.resolve(m.rows ?? []);
  });
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread exited (${code})`)));

  const call = (msg: Record<string, unknown>): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id });
    });
  };
  const queryIn =
    (tx: number | null): Queryable['query'] =>
    async <T>(sql: string, params?: readonly unknown[]) => ({
      rows: (await call({ op: 'query', sql, params: params ? [...params] : undefined, tx })) as T[],
    });

  return {
    kind: 'pglite',
    exclusive: lock.id,
    query: queryIn(null),
    exec: async (sql) => {
      await call({ op: 'exec', sql });
    },
    transaction: async (fn) => {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn({ query: queryIn(tx) });
      } catch (err) {
        await call({ op: 'rollback', tx });
        throw err;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    copyRows: async (table, columns, rows) => {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      await call({
        op: 'copy',
        sql: `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`,
        csv: csv.text,
      });
      return csv.count;
    },
    // One connection: busy while any call is out, the others queued behind it.
    poolStats: () => ({ total: 1, idle: pending.size === 0 ? 1 : 0, waiting: Math.max(0, pending.size - 1) }),
    withLock: processLock(),
    close: async () => {
      try {
        if (!failure) await call({ op: 'close' });
        await worker.terminate();
      } finally {
        lock.release();
      }
    },
  };
}
