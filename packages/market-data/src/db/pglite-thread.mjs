// The embedded database's own thread: PGlite runs here so its queries never block the HTTP
// event loop. Plain JavaScript so it loads the same way under tsx, vitest and a compiled build.
// Protocol (see pglite-in-thread.ts): { id, op, sql?, params?, tx?, csv? } in, { id, rows? | error? } out.
import { mkdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v) => (v === null ? null : Number(v));
const keepString = (v) => v;

// A lower scheduling priority for this thread (nice + 10): where the server has one core, the
// HTTP thread then gets it first when a request arrives while a query runs, instead of waiting
// out the query's time slice. On Linux a thread's nice value is its own (setpriority on the
// calling thread); elsewhere it would lower the whole process, so it is left alone there.
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + 10));
  } catch {
    // Not permitted (a sandbox without setpriority): the thread runs at the process's priority.
  }
}

if (workerData.dataDir) mkdirSync(workerData.dataDir, { recursive: true });
const lite = await PGlite.create(workerData.dataDir ?? undefined, {
  parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepString },
});

/** Open transactions: the tx handle and how to finish its callback. */
const txs = new Map();

const errorOf = (err) => {
  const out = { message: String(err?.message ?? err), name: err?.name ?? 'Error' };
  for (const k of [
    'code',
    'detail',
    'hint',
    'constraint',
    'table',
    'column',
    'schema',
    'severity',
    'position',
  ])
    if (err && err[k] !== undefined) out[k] = err[k];
  return out;
};

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.tx ? txs.get(msg.tx).tx : lite;
      const res = await target.query(msg.sql, msg.params);
      return res.rows;
    }
    case 'exec':
      await lite.exec(msg.sql);
      return [];
    case 'begin': {
      let done;
      await new Promise((started, failed) => {
        done = lite.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              txs.set(msg.tx, { tx, commit, rollback, done: () => done });
              started();
            }),
        );
        // Before the callback ran, a failure is the begin's; after, commit or rollback reports it.
        done.catch((err) => failed(err));
      });
      return [];
    }
    case 'commit':
    case 'rollback': {
      const entry = txs.get(msg.tx);
      txs.delete(msg.tx);
      if (msg.op === 'commit') entry.commit();
      else entry.rollback(new Error('rolled back'));
      try {
        await entry.done();
      } catch (err) {
        if (msg.op === 'commit') throw err;
      }
      return [];
    }
    case 'copy':
      await lite.query(msg.sql, [], { blob: new Blob([msg.csv]) });
      return [];
    case 'close':
      await lite.close();
      return [];
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (rows) => parentPort.postMessage({ id: msg.id, rows }),
    (err) => parentPort.postMessage({ id: msg.id, error: errorOf(err) }),
  );
});
parentPort.postMessage({ ready: true });
