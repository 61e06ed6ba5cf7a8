import type { Db } from '../db/index.ts';
import { IngestError } from './errors.ts';
import { type IngestOutcome, ingestFile } from './ingest-file.ts';
import type { IngestKind } from './kinds.ts';

/** One daily source: a URL template and the kind of file it serves. */
export interface SyncSource {
  kind: IngestKind;
  /** Placeholders: {DD} {MM} {YYYY} {YY} {MMM} (JAN) {Mmm} (Jan). */
  url: string;
}

export interface SyncOptions {
  sources: readonly SyncSource[];
  /** Per-attempt download time limit. */
  timeoutMs: number;
  /** Attempts after the first one, for network errors, timeouts, 5xx and cut-off downloads. */
  retries: number;
  /** First backoff delay; doubles on each retry. */
  backoffMs: number;
  log?: (line: string) => void;
}

/** The exchanges' public archive paths (plain CSV, one file per trading day). */
export const DEFAULT_SOURCES: readonly SyncSource[] = [
  {
    kind: 'bhavcopy-full',
    url: 'https://nsearchives.nseindia.com/products/content/sec_bhavdata_full_{DD}{MM}{YYYY}.csv',
  },
];

export const DEFAULT_SYNC_OPTIONS: Omit<SyncOptions, 'log'> = {
  sources: DEFAULT_SOURCES,
  timeoutMs: 30_000,
  retries: 3,
  backoffMs: 2_000,
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Fills a URL template for one ISO date. */
export function sourceUrl(template: string, isoDate: string): string {
  const [y, m, d] = isoDate.split('-') as [string, string, string];
  const mmm = MONTHS[Number(m) - 1]!;
  return template
    .replaceAll('{DD}', d)
    .replaceAll('{MM}', m)
    .replaceAll('{YYYY}', y)
    .replaceAll('{YY}', y.slice(2))
    .replaceAll('{MMM}', mmm)
    .replaceAll('{Mmm}', mmm[0] + mmm.slice(1).toLowerCase());
}

/** Every date from `from` to `to` inclusive (ISO). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d <= new Date(`${to}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

class Retryable extends Error {}

/**
 * Downloads one URL: null on 404 (not published), the body on 200. Network errors, timeouts,
 * 5xx and bodies shorter than their Content-Length are retried with doubling backoff.
 */
export async function download(url: string, opts: SyncOptions): Promise<string | null> {
  let delay = opts.backoffMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'follow' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status >= 500 || res.status === 429) {
        await res.body?.cancel();
        throw new Retryable(`HTTP ${res.status}`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`HTTP ${res.status}`);
      }
      const body = Buffer.from(await res.arrayBuffer());
      const length = res.headers.get('content-length');
      if (length !== null && Number(length) !== body.length && !res.headers.get('content-encoding')) {
        throw new Retryable(`cut off: ${body.length} of ${length} bytes`);
      }
      return body.toString('utf8');
    } catch (err) {
      const e = err as Error;
      const retryable = e instanceof Retryable || e.name === 'TimeoutError' || e.name === 'TypeError';
      if (!retryable || attempt >= opts.retries) {
        throw new Error(
          `${url}: ${e instanceof Retryable ? e.message : ((e.cause as Error)?.message ?? e.message)}`,
        );
      }
      opts.log?.(`  retry ${attempt + 1}/${opts.retries} in ${delay} ms: ${url} (${e.message})`);
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
    }
  }
}

export type DayStatus = 'ingested' | 'unchanged' | 'not-published' | 'failed' | 'weekend' | 'holiday';

export interface SyncDay {
  date: string;
  kind: IngestKind | null;
  status: DayStatus;
  detail: string;
  outcome?: IngestOutcome;
}

/**
 * Fetches and ingests each source for each date of the range, skipping weekends and NSE
 * cash-market holidays. A day that is not published (404) is noted; a failed download or a
 * file that does not ingest is reported and changes nothing, and the other days still run.
 */
export async function syncRange(db: Db, from: string, to: string, opts: SyncOptions): Promise<SyncDay[]> {
  const { rows } = await db.query<{ d: string }>(
    `SELECT to_char(holiday_date, 'YYYY-MM-DD') AS d FROM exchange_holiday
      WHERE exchange = 'NSE' AND segment = 'CM' AND holiday_date BETWEEN $1 AND $2`,
    [from, to],
  );
  const holidays = new Set(rows.map((r) => r.d));
  const out: SyncDay[] = [];
  for (const date of datesBetween(from, to)) {
    const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (dow === 0 || dow === 6) {
      out.push({ date, kind: null, status: 'weekend', detail: '' });
      continue;
    }
    if (holidays.has(date)) {
      out.push({ date, kind: null, status: 'holiday', detail: '' });
      continue;
    }
    for (const source of opts.sources) {
      const url = sourceUrl(source.url, date);
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? url);
      const day: SyncDay = { date, kind: source.kind, status: 'failed', detail: url };
      try {
        const text = await download(url, opts);
        if (text === null) {
          day.status = 'not-published';
        } else {
          day.outcome = await ingestFile(db, name, { kind: source.kind, text });
          day.status = day.outcome.unchanged ? 'unchanged' : 'ingested';
          day.detail = `${name}: ${day.outcome.rowsStored} stored, ${day.outcome.rejected.length} rejected, ${day.outcome.quality.length} quality findings`;
        }
      } catch (err) {
        day.detail = err instanceof IngestError ? err.message : (err as Error).message;
      }
      opts.log?.(`${date} ${source.kind} ${day.status} ${day.detail}`);
      out.push(day);
    }
  }
  return out;
}
