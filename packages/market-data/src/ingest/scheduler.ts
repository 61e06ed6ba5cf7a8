import type { Db } from '../db/index.ts';
import { IngestError } from './errors.ts';
import type { IngestKind } from './kinds.ts';
import { INGEST_KINDS } from './kinds.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncDay, type SyncOptions, type SyncSource, syncRange } from './sync.ts';

/** Daily sync settings, read once from the environment (DATA_SYNC*). */
export interface SyncConfig extends Omit<SyncOptions, 'log'> {
  enabled: boolean;
  /** Local time in India (IST, UTC+5:30) at which the evening sync runs, "HH:MM". */
  at: string;
}

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new IngestError(name, null, null, `must be a whole number; got "${raw}"`);
  return n;
}

/**
 * DATA_SYNC=on|off (default off), DATA_SYNC_AT=HH:MM IST (default 19:30, after NSE publishes),
 * DATA_SYNC_TIMEOUT_MS, DATA_SYNC_RETRIES, DATA_SYNC_BACKOFF_MS, and DATA_SYNC_SOURCES: a
 * space-separated list of kind=urlTemplate replacing the default archive paths.
 */
export function loadSyncConfig(env: Env): SyncConfig {
  const flag = (env.DATA_SYNC ?? 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(flag)) {
    throw new IngestError('DATA_SYNC', null, null, `must be on or off; got "${env.DATA_SYNC}"`);
  }
  const at = env.DATA_SYNC_AT || '19:30';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at))
    throw new IngestError('DATA_SYNC_AT', null, null, `must be HH:MM; got "${at}"`);
  let sources: readonly SyncSource[] = DEFAULT_SYNC_OPTIONS.sources;
  if (env.DATA_SYNC_SOURCES) {
    sources = env.DATA_SYNC_SOURCES.trim()
      .split(/\s+/)
      .map((pair) => {
        const [kind, url] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        if (!INGEST_KINDS.includes(kind as IngestKind) || !/^https?:\/\//.test(url)) {
          throw new IngestError(
            'DATA_SYNC_SOURCES',
            null,
            null,
            `expected kind=http(s)://template; got "${pair}"`,
          );
        }
        return { kind: kind as IngestKind, url };
      });
  }
  return {
    enabled: ['on', 'true', '1'].includes(flag),
    at,
    sources,
    timeoutMs: positiveInt(env, 'DATA_SYNC_TIMEOUT_MS', DEFAULT_SYNC_OPTIONS.timeoutMs),
    retries: positiveInt(env, 'DATA_SYNC_RETRIES', DEFAULT_SYNC_OPTIONS.retries),
    backoffMs: positiveInt(env, 'DATA_SYNC_BACKOFF_MS', DEFAULT_SYNC_OPTIONS.backoffMs),
  };
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** Today's date in India. */
export const indiaDate = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Milliseconds from `now` until the next HH:MM in India. */
export function msUntilNext(at: string, now: Date): number {
  const [h, m] = at.split(':').map(Number) as [number, number];
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const target = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), h, m) - IST_OFFSET_MS;
  return target > now.getTime() ? target - now.getTime() : target + 86_400_000 - now.getTime();
}

export interface SyncScheduler {
  stop(): void;
}

/**
 * Runs the daily sync each evening at `config.at` IST for that day, when enabled. The server
 * starts it when DATA_SYNC=on; runs never overlap, and a failed run is logged and retried the
 * next evening (the sync for a missed day can be run by hand with `npm run data -- sync`).
 */
export function startDailySync(
  db: Db,
  config: SyncConfig,
  log: { info(msg: string): void; error(msg: string): void },
  now: () => Date = () => new Date(),
): SyncScheduler {
  let timer: NodeJS.Timeout | null = null;
  let stopped = !config.enabled;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, msUntilNext(config.at, now()));
    timer.unref();
  };
  const run = async () => {
    const date = indiaDate(now());
    try {
      const days: SyncDay[] = await syncRange(db, date, date, { ...config, log: (l) => log.info(l) });
      const failed = days.filter((d) => d.status === 'failed');
      for (const f of failed) log.error(`daily sync ${f.date} ${f.kind}: ${f.detail}`);
    } catch (err) {
      log.error(`daily sync ${date}: ${(err as Error).message}`);
    }
    schedule();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
