import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { Config } from '../config.ts';
import { shownUrl } from './shown-url.ts';

/** A worker that dies within this long of starting counts as a crash in a row (backoff grows). */
const steadyAfterMs = 30_000;
const maxBackoffMs = 30_000;

/** Wait before restarting a worker after `crashes` quick crashes in a row: 0, 0.5 s, 1 s, 2 s … 30 s. */
export function restartDelayMs(crashes: number): number {
  return crashes === 0 ? 0 : Math.min(maxBackoffMs, 500 * 2 ** (crashes - 1));
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  crashes: number;
  timer: NodeJS.Timeout | null;
}

/**
 * The primary of WORKERS=N (decision 0323): forks N workers (each runs the whole server; the
 * primary hands them connections on the one port), restarts a worker that dies (with backoff),
 * replaces them one at a time on SIGHUP (each new one listening before the old one drains), and on
 * SIGTERM/SIGINT lets every worker drain, then exits 0 (1 if one did not finish in time).
 */
export function runPrimary(config: Config): void {
  const log = pino(
    { level: config.logLevel, base: { pid: process.pid, role: 'primary' } },
    pino.destination({ dest: 1, sync: true }),
  );
  const slots: Slot[] = Array.from({ length: config.workers }, () => ({
    worker: null,
    startedAt: 0,
    crashes: 0,
    timer: null,
  }));
  /** Every worker not yet exited, and those that have listened. */
  const live = new Set<Worker>();
  const listened = new Set<Worker>();
  /** Workers told to drain (rolling restart or shutdown): their exit is expected. */
  const retiring = new Set<Worker>();
  let stopping = false;
  let rolling = false;
  let announced = false;
  let exitCode = 0;

  const spawn = (): Worker => {
    const worker = cluster.fork();
    live.add(worker);
    return worker;
  };

  const fork = (slot: Slot): Worker => {
    const worker = spawn();
    slot.worker = worker;
    slot.startedAt = Date.now();
    return worker;
  };

  const retire = (worker: Worker) => {
    retiring.add(worker);
    worker.process.kill('SIGTERM');
  };

  cluster.on('listening', (worker, address) => {
    listened.add(worker);
    log.info({ worker: worker.id, workerPid: worker.process.pid, port: address.port }, 'worker listening');
    if (!announced && slots.every((s) => s.worker !== null && listened.has(s.worker))) {
      announced = true;
      const database = config.databaseUrl ? 'postgres' : 'pglite';
      console.log(
        `Bahi is running at ${shownUrl(config, address.port)} (database: ${database}, ${config.workers} worker processes)`,
      );
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    // A worker stopped before it listened (still starting) had nothing in flight.
    const clean = code === 0 || (signal === 'SIGTERM' && !listened.has(worker));
    live.delete(worker);
    listened.delete(worker);
    const expected = retiring.delete(worker);
    if (!expected) {
      log.warn({ worker: worker.id, workerPid: worker.process.pid, code, signal }, 'worker died');
    } else if (!clean) {
      log.error(
        { worker: worker.id, workerPid: worker.process.pid, code, signal },
        'worker did not drain in time',
      );
      exitCode = 1;
    }
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    const slot = slots.find((s) => s.worker === worker);
    if (!slot) return; // a worker already replaced by a rolling restart
    slot.worker = null;
    slot.crashes = Date.now() - slot.startedAt < steadyAfterMs ? slot.crashes + 1 : 0;
    const delay = restartDelayMs(slot.crashes);
    log.info({ delayMs: delay }, 'restarting the worker');
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (!stopping && slot.worker === null) fork(slot);
    }, delay);
  });

  /** SIGHUP: each slot gets a new worker; the old one drains once the new one listens. */
  const roll = async () => {
    if (rolling || stopping) return;
    rolling = true;
    log.info('rolling restart: replacing workers one at a time');
    let replaced = 0;
    for (const slot of slots) {
      const old = slot.worker;
      if (!old || stopping) continue;
      const fresh = spawn();
      const started = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (!started) {
        log.error('rolling restart stopped: a new worker exited before listening; the old ones keep serving');
        break;
      }
      if (stopping) {
        retire(fresh);
        break;
      }
      const previous = slot.worker;
      slot.worker = fresh;
      slot.startedAt = Date.now();
      slot.crashes = 0;
      if (previous) {
        const gone = new Promise<void>((resolve) => previous.once('exit', () => resolve()));
        retire(previous);
        await gone;
      }
      replaced++;
    }
    rolling = false;
    if (replaced === slots.length) log.info('rolling restart done');
    else log.warn({ replaced, of: slots.length }, 'rolling restart incomplete');
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: every worker drains');
    for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
    if (live.size === 0) process.exit(0);
    for (const worker of live) retire(worker);
    // The workers enforce the drain timeout themselves; this is the backstop.
    setTimeout(() => {
      log.error('workers still running after the drain timeout: killing them');
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000).unref();
  };

  // /metrics (METRICS_TOKEN): a scrape reaching any worker answers for all of them.
  if (config.metricsToken) {
    void import('../metrics/cluster.ts').then((m) => m.serveClusterMetrics(() => listened));
  }

  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', () => void roll());
  for (const slot of slots) fork(slot);
}
