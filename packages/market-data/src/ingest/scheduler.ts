import type { Db, Queryable } from '../db/index.ts';
import { IngestError } from './errors.ts';
import type { IngestKind } from './kinds.ts';
import { INGEST_KINDS } from './kinds.ts';
import { DEFAULT_SYNC_OPTIONS, type SyncDay, type SyncOptions, syncRange } from './sync.ts';
import { processHolder, withSyncLease } from './sync-lease.ts';
import { KIND_SCHEDULE, type SyncSchedule, type SyncSource } from './sync-sources.ts';
import { holidaysBetween } from './sync-store.ts';

/** Sync settings, read once from the environment (DATA_SYNC*). */
export interface SyncConfig extends Omit<SyncOptions, 'log'> {
  enabled: boolean;
  /** Local time in India (IST, UTC+5:30) at which the evening sync runs, "HH:MM". */
  at: string;
  /** IST time of the morning run that fetches the previous weekday's overnight files (MCX), "HH:MM". */
  overnightAt: string;
  /** IST time after which a trading day's daily files count as late, "HH:MM". */
  lateAfter: string;
  /** Filings indexes are polled every this many minutes during the filing window. */
  filingPollMinutes: number;
  /** The filing window in IST, "HH:MM-HH:MM". */
  filingWindow: [string, string];
  /** How long the sync lease lasts unless renewed (each file renews it). */
  leaseMs: number;
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

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function clock(env: Env, name: string, fallback: string): string {
  const v = env[name] || fallback;
  if (!HHMM.test(v)) throw new IngestError(name, null, null, `must be HH:MM; got "${v}"`);
  return v;
}

/**
 * DATA_SYNC_SOURCES: space-separated kind=urlTemplate pairs, replacing the default sources; a
 * template may end in |{json body} (no spaces) to POST that body instead of a GET.
 */
function parseSources(raw: string): SyncSource[] {
  return raw
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [kind, rest] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      // `a=url1,b=url2` would otherwise read as one URL for `a` ending in ",b=url2".
      const joined = /,\s*([a-z0-9-]+)=https?:\/\//.exec(rest);
      if (joined) {
        throw new IngestError(
          'DATA_SYNC_SOURCES',
          null,
          null,
          `separate kind=template pairs with spaces, not commas; "${pair}" runs into "${joined[1]}="`,
        );
      }
      const bar = rest.indexOf('|');
      const [url, body] = bar < 0 ? [rest, undefined] : [rest.slice(0, bar), rest.slice(bar + 1)];
      if (!INGEST_KINDS.includes(kind as IngestKind) || !/^https?:\/\//.test(url) || body === '') {
        throw new IngestError(
          'DATA_SYNC_SOURCES',
          null,
          null,
          `expected kind=http(s)://template (or kind=http(s)://template|{json body}) with a kind among ${INGEST_KINDS.join(', ')}; got "${pair}"`,
        );
      }
      return body === undefined ? { kind: kind as IngestKind, url } : { kind: kind as IngestKind, url, body };
    });
}

/**
 * DATA_SYNC=on|off (default off), DATA_SYNC_AT=HH:MM IST (default 19:30, after NSE publishes),
 * DATA_SYNC_OVERNIGHT_AT (07:00, MCX's previous day), DATA_SYNC_LATE_AFTER (21:00), DATA_SYNC_FILING_POLL_MINUTES (15), DATA_SYNC_FILING_WINDOW
 * (08:00-23:30), DATA_SYNC_TIMEOUT_MS, DATA_SYNC_RETRIES, DATA_SYNC_BACKOFF_MS,
 * DATA_SYNC_USER_AGENT, DATA_SYNC_HOST_INTERVAL_MS, DATA_SYNC_LEASE_MS, and DATA_SYNC_SOURCES:
 * a space-separated list of kind=urlTemplate (or kind=urlTemplate|{json body}) replacing the
 * default sources.
 */
export function loadSyncConfig(env: Env): SyncConfig {
  const flag = (env.DATA_SYNC ?? 'off').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(flag)) {
    throw new IngestError('DATA_SYNC', null, null, `must be on or off; got "${env.DATA_SYNC}"`);
  }
  const window = (env.DATA_SYNC_FILING_WINDOW || '08:00-23:30').split('-');
  if (window.length !== 2 || !window.every((t) => HHMM.test(t)) || window[0]! >= window[1]!) {
    throw new IngestError(
      'DATA_SYNC_FILING_WINDOW',
      null,
      null,
      `must be HH:MM-HH:MM, start before end; got "${env.DATA_SYNC_FILING_WINDOW}"`,
    );
  }
  const poll = positiveInt(env, 'DATA_SYNC_FILING_POLL_MINUTES', 15);
  if (poll < 1) throw new IngestError('DATA_SYNC_FILING_POLL_MINUTES', null, null, 'must be at least 1');
  return {
    enabled: ['on', 'true', '1'].includes(flag),
    at: clock(env, 'DATA_SYNC_AT', '19:30'),
    overnightAt: clock(env, 'DATA_SYNC_OVERNIGHT_AT', '07:00'),
    lateAfter: clock(env, 'DATA_SYNC_LATE_AFTER', '21:00'),
    filingPollMinutes: poll,
    filingWindow: window as [string, string],
    sources: env.DATA_SYNC_SOURCES ? parseSources(env.DATA_SYNC_SOURCES) : DEFAULT_SYNC_OPTIONS.sources,
    timeoutMs: positiveInt(env, 'DATA_SYNC_TIMEOUT_MS', DEFAULT_SYNC_OPTIONS.timeoutMs),
    retries: positiveInt(env, 'DATA_SYNC_RETRIES', DEFAULT_SYNC_OPTIONS.retries),
    backoffMs: positiveInt(env, 'DATA_SYNC_BACKOFF_MS', DEFAULT_SYNC_OPTIONS.backoffMs),
    userAgent: env.DATA_SYNC_USER_AGENT || DEFAULT_SYNC_OPTIONS.userAgent,
    hostIntervalMs: positiveInt(env, 'DATA_SYNC_HOST_INTERVAL_MS', DEFAULT_SYNC_OPTIONS.hostIntervalMs),
    leaseMs: positiveInt(env, 'DATA_SYNC_LEASE_MS', 10 * 60_000),
  };
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** Today's date in India. */
export const indiaDate = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The instant of HH:MM in India on an ISO date. */
export function istInstant(date: string, at: string): Date {
  return new Date(Date.parse(`${date}T${at}:00Z`) - IST_OFFSET_MS);
}

/** Milliseconds from `now` until the next HH:MM in India. */
export function msUntilNext(at: string, now: Date): number {
  const target = istInstant(indiaDate(now), at).getTime();
  return target > now.getTime() ? target - now.getTime() : target + DAY_MS - now.getTime();
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A weekday that is not an NSE cash-market holiday. */
export function isTradingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow !== 0 && dow !== 6 && !holidays.has(date);
}

/** The weekday before an ISO date (Friday for a Monday or a Sunday). */
export function previousWeekday(date: string): string {
  let d = addDays(date, -1);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}

/** The trading day a run of a schedule at this instant syncs: the day before for overnight files. */
export function runDate(schedule: SyncSchedule, at: Date): string {
  return schedule === 'overnight' ? previousWeekday(indiaDate(at)) : indiaDate(at);
}

/**
 * The first run of a schedule strictly after `now`: daily at `at` IST on the next trading day;
 * overnight at `overnightAt` IST every morning but Sunday's (the previous weekday's files;
 * Monday's run looks at Friday's again, so a file published late is still taken); filings every `filingPollMinutes` through the filing window, every day; monthly at `at` on
 * the 5th (the month's commodity table is out by then); yearly, the holiday list, at `at` on
 * the 1st of every month, so an amended list is taken within the month.
 */
export function nextRunAt(
  schedule: SyncSchedule,
  config: Pick<SyncConfig, 'at' | 'overnightAt' | 'filingPollMinutes' | 'filingWindow'>,
  now: Date,
  holidays: ReadonlySet<string>,
): Date {
  const today = indiaDate(now);
  for (let i = 0; i < 400; i++) {
    const date = addDays(today, i);
    if (schedule === 'filing') {
      const start = istInstant(date, config.filingWindow[0]).getTime();
      const end = istInstant(date, config.filingWindow[1]).getTime();
      const step = config.filingPollMinutes * 60_000;
      const k = Math.max(0, Math.floor((now.getTime() - start) / step) + 1);
      if (start + k * step <= end) return new Date(start + k * step);
      continue;
    }
    const day = Number(date.slice(8));
    if (schedule === 'overnight') {
      const at = istInstant(date, config.overnightAt);
      if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0 && at.getTime() > now.getTime()) return at;
      continue;
    }
    const fits =
      schedule === 'daily' ? isTradingDay(date, holidays) : schedule === 'monthly' ? day === 5 : day === 1;
    const at = istInstant(date, config.at);
    if (fits && at.getTime() > now.getTime()) return at;
  }
  throw new Error(`no run of ${schedule} within 400 days`);
}

/** Holidays around `now` for scheduling and lateness (a few weeks either side). */
export const holidaysAround = (db: Queryable, now: Date) =>
  holidaysBetween(db, addDays(indiaDate(now), -20), addDays(indiaDate(now), 40));

export interface SyncScheduler {
  stop(): void;
}

type Log = { info(msg: string): void; error(msg: string): void };

/**
 * Runs each configured kind on its schedule (see nextRunAt) when enabled, for that day in
 * India. Every run holds the sync lease, so of several processes only one syncs at a time
 * (the others skip that run); runs of one process never overlap; a failed run is logged and
 * the schedule goes on (a missed day can be synced by hand with `npm run data -- sync`).
 */
export function startSync(
  db: Db,
  config: SyncConfig,
  log: Log,
  now: () => Date = () => new Date(),
  holder: string = processHolder(),
): SyncScheduler {
  let timer: NodeJS.Timeout | null = null;
  let stopped = !config.enabled;
  const schedules = [...new Set(config.sources.map((s) => KIND_SCHEDULE[s.kind]))];
  const due = new Map<SyncSchedule, number>();

  const plan = async () => {
    if (stopped || schedules.length === 0) return;
    const n = now();
    const holidays = await holidaysAround(db, n);
    for (const s of schedules) if (!due.has(s)) due.set(s, nextRunAt(s, config, n, holidays).getTime());
    const next = Math.min(...due.values());
    if (stopped) return;
    timer = setTimeout(() => void run(next), Math.max(0, next - n.getTime()));
    timer.unref();
  };

  const run = async (at: number) => {
    const ready = schedules.filter((s) => due.get(s) === at);
    for (const s of ready) due.delete(s);
    // Each run syncs its day: today's, or the previous weekday's for overnight files.
    const byDate = new Map<string, SyncSchedule[]>();
    for (const s of ready) {
      const date = runDate(s, new Date(at));
      byDate.set(date, [...(byDate.get(date) ?? []), s]);
    }
    for (const [date, scheduled] of byDate) {
      try {
        const outcome = await withSyncLease(db, holder, config.leaseMs, (heartbeat) =>
          syncRange(db, date, date, {
            ...config,
            schedules: scheduled,
            heartbeat,
            log: (l) => log.info(l),
          }),
        );
        if (!outcome.ran)
          log.info(`sync ${date} ${scheduled.join(', ')}: skipped, ${outcome.holder} is syncing`);
        else {
          const bad = outcome.value.filter((d: SyncDay) => d.status === 'failed' || d.status === 'refused');
          for (const f of bad) log.error(`sync ${f.date} ${f.kind} ${f.status}: ${f.detail}`);
        }
      } catch (err) {
        log.error(`sync ${date}: ${(err as Error).message}`);
      }
    }
    // The next runs are counted from the one just made (or now, if later).
    const after = new Date(Math.max(at, now().getTime()));
    try {
      const holidays = await holidaysAround(db, after);
      for (const s of ready) due.set(s, nextRunAt(s, config, after, holidays).getTime());
      await plan();
    } catch (err) {
      if (!stopped) log.error(`sync scheduling: ${(err as Error).message}`);
    }
  };

  plan().catch((err) => log.error(`sync scheduling: ${(err as Error).message}`));
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The earlier name of startSync. */
export const startDailySync = startSync;
