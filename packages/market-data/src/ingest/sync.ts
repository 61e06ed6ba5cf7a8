import type { Db } from '../db/index.ts';
import { IngestError } from './errors.ts';
import { type Fetched, type FetchPolicy, PoliteFetcher } from './fetcher.ts';
import { type IngestOutcome, ingestFile, KIND_ORDER, parseFile } from './ingest-file.ts';
import type { IngestKind } from './kinds.ts';
import { DEFAULT_SOURCES, KIND_SCHEDULE, type SyncSchedule, type SyncSource } from './sync-sources.ts';
import { holidaysBetween, recordAttempt, recordFiling, takenFilings } from './sync-store.ts';

export { DEFAULT_SOURCES, type SyncSource } from './sync-sources.ts';

export interface SyncOptions extends FetchPolicy {
  sources: readonly SyncSource[];
  /** Only these kinds (all configured ones when absent). */
  kinds?: readonly IngestKind[];
  /** Only the sources on these schedules (all when absent). */
  schedules?: readonly SyncSchedule[];
  /** Called after each file, so a long run can renew its lease. */
  heartbeat?: () => Promise<void>;
}

export const DEFAULT_USER_AGENT = 'BahiDataSync/1.0 (financial-data API; archive and filings sync)';

export const DEFAULT_SYNC_OPTIONS: Omit<SyncOptions, 'log'> = {
  sources: DEFAULT_SOURCES,
  timeoutMs: 30_000,
  retries: 3,
  backoffMs: 2_000,
  userAgent: DEFAULT_USER_AGENT,
  hostIntervalMs: 1_000,
};

/** A template with a date placeholder: one file per date. */
const DATED = /\{(DD|MM|YYYY|YY|MMM|Mmm)\}/;

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

export type DayStatus =
  | 'ingested'
  | 'unchanged'
  | 'not-published'
  | 'failed'
  | 'refused'
  | 'weekend'
  | 'holiday';

export interface SyncDay {
  date: string;
  kind: IngestKind | null;
  /**
   * `refused`: the source no longer serves the layout its kind's reader knows (a changed
   * format): nothing of it was ingested. `failed`: a download that did not succeed after its
   * retries, or a file with a bad row (named by file, line and field).
   */
  status: DayStatus;
  detail: string;
  /** The URL fetched. */
  source?: string;
  outcome?: IngestOutcome;
}

/** A file whose header or structure is not the one the reader knows: the source changed format. */
function isFormatChange(err: unknown): boolean {
  return err instanceof IngestError && (err.line === null || err.line <= 1);
}

const looksLikeHtml = (f: Fetched) =>
  /text\/html/i.test(f.contentType) || /^\s*<(!doctype|html)/i.test(f.text.slice(0, 200));

/**
 * The name a download is recorded under: its file name, plus the date when the name alone
 * does not say it (a dated query or request body on a fixed path), so that the same bytes again
 * are recognised as unchanged and a new day is a new file.
 */
function sourceName(source: SyncSource, url: string, date: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.split('/').pop() || u.host);
  const datedQuery = u.search !== '' && DATED.test(source.url);
  const datedBody = source.body !== undefined && DATED.test(source.body);
  return datedQuery || datedBody ? `${name}_${date.replaceAll('-', '')}` : name;
}

/** Kinds whose source answers a day it has not published with an empty list rather than a 404. */
const NO_ROWS_UNPUBLISHED: ReadonlySet<IngestKind> = new Set(['mcx-bhavcopy']);

/** Ingests one downloaded file (whole or nothing) into a sync result. */
async function ingestInto(
  day: SyncDay,
  db: Db,
  name: string,
  kind: IngestKind,
  got: Fetched | null,
  company?: string,
) {
  if (got === null) {
    day.status = 'not-published';
    return;
  }
  if (looksLikeHtml(got)) {
    day.status = 'refused';
    day.detail = `${name}: format changed, refused (nothing ingested): the source serves a web page (${got.contentType || 'HTML'}), not a ${kind} file`;
    return;
  }
  // A service that answers every day (MCX's) lists no contracts for a day not (yet) published.
  if (NO_ROWS_UNPUBLISHED.has(kind) && parseFile(name, got.text, kind).parsed.rowsRead === 0) {
    day.status = 'not-published';
    day.detail = `${name}: the source lists nothing for this day`;
    return;
  }
  day.outcome = await ingestFile(db, name, { kind, text: got.text, ...(company ? { company } : {}) });
  day.status = day.outcome.unchanged ? 'unchanged' : 'ingested';
  day.detail = `${name}: ${day.outcome.rowsStored} stored, ${day.outcome.rejected.length} rejected, ${day.outcome.quality.length} quality findings`;
}

function failure(day: SyncDay, err: unknown): void {
  const message = (err as Error).message;
  if (isFormatChange(err)) {
    day.status = 'refused';
    day.detail = `format changed, refused (nothing ingested): ${message}`;
  } else {
    day.status = 'failed';
    day.detail = message;
  }
}

const succeeded = (d: SyncDay) => d.status === 'ingested' || d.status === 'unchanged';

async function record(db: Db, day: SyncDay): Promise<void> {
  if (!day.kind) return;
  await recordAttempt(db, day.kind, day.status, day.detail, day.source ?? '', succeeded(day));
}

/** Fetches one dated file of a source and ingests it. */
async function fetchOne(db: Db, fetcher: PoliteFetcher, source: SyncSource, date: string): Promise<SyncDay> {
  const url = sourceUrl(source.url, date);
  const body = source.body === undefined ? undefined : sourceUrl(source.body, date);
  const name = sourceName(source, url, date);
  const day: SyncDay = { date, kind: source.kind, status: 'failed', detail: url, source: url };
  try {
    await ingestInto(day, db, name, source.kind, await fetcher.get(url, body));
  } catch (err) {
    failure(day, err);
  }
  await record(db, day);
  return day;
}

/** One entry of a filings index: the filing's document URL (when it names one) and its fields. */
export interface FilingEntry {
  url: string | null;
  item: Record<string, unknown>;
}

/**
 * Reads a filings index as the exchange serves it: a JSON list (or `{ "data": [...] }`) of
 * filings, each naming its document in `xbrl` (or `url`), relative or absolute. Anything else
 * is a changed format.
 */
export function filingEntries(text: string, indexUrl: string, file: string): FilingEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new IngestError(file, null, null, `the filings index is not JSON: ${(err as Error).message}`);
  }
  const data = (json as { data?: unknown } | null)?.data;
  const list = Array.isArray(json) ? json : Array.isArray(data) ? data : null;
  if (!list) throw new IngestError(file, 1, null, 'the filings index is not a list of filings');
  return list.map((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      throw new IngestError(file, 1, null, 'a filings index entry is not an object');
    }
    const o = item as Record<string, unknown>;
    const raw = o.xbrl ?? o.url;
    const url =
      typeof raw === 'string' && raw.trim() !== '' && raw !== '-' ? new URL(raw, indexUrl).href : null;
    return { url, item: o };
  });
}

const csvCell = (v: unknown) => `"${String(v ?? '').replaceAll('"', '""')}"`;

/**
 * A shareholding filing the index lists without an XBRL document: its figures there (symbol,
 * quarter end, promoter and public percentages) in the NSE shareholding summary layout, so the
 * existing reader takes them, under a name that records the index as their source.
 */
function shareholdingFromIndex(
  e: FilingEntry,
  indexFile: string,
): { key: string; name: string; text: string } {
  const { symbol, date, pr_and_prgrp: promoter, public_val: pub } = e.item;
  if (typeof symbol !== 'string' || typeof date !== 'string' || promoter === undefined) {
    throw new IngestError(indexFile, 1, null, 'a shareholding filing lacks symbol, date or pr_and_prgrp');
  }
  const text = `SYMBOL,PERIOD,PROMOTER_%,PUBLIC_%,SOURCE\n${[symbol, date, promoter, pub, indexFile].map(csvCell).join(',')}\n`;
  return {
    key: `shareholding:${symbol}:${date}:${String(e.item.submissionDate ?? '')}`,
    name: `${indexFile}_${symbol}_${date}.csv`,
    text,
  };
}

/**
 * Polls a filings index and takes each filing not taken before: its XBRL document is fetched
 * once and read by the XBRL reader (results, or the shareholding pattern, the index's symbol
 * naming the company when the document does not); a shareholding filing listed without a
 * document is taken from the figures the index lists, with the index recorded as their source.
 * A filing whose download fails is tried again at the next poll.
 */
async function pollFilings(
  db: Db,
  fetcher: PoliteFetcher,
  source: SyncSource,
  date: string,
  step: (d: SyncDay) => Promise<void>,
): Promise<void> {
  const indexUrl = sourceUrl(source.url, date);
  const indexName = sourceName(source, indexUrl, date);
  const head: SyncDay = { date, kind: source.kind, status: 'failed', detail: indexUrl, source: indexUrl };
  const filings: {
    key: string;
    name: string;
    kind: IngestKind;
    company?: string;
    /** Said of the filing after its outcome (where its figures come from). */
    note?: string;
    fetch: () => Promise<Fetched | null>;
  }[] = [];
  const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  try {
    const got = await fetcher.get(indexUrl);
    if (got === null) head.status = 'not-published';
    else if (looksLikeHtml(got)) {
      head.status = 'refused';
      head.detail = `${indexName}: format changed, refused: the filings index is a web page`;
    } else {
      const entries = filingEntries(got.text, indexUrl, indexName);
      for (const e of entries) {
        if (source.kind === 'xbrl-results') {
          if (!e.url) continue;
          const url = e.url;
          filings.push({
            key: url,
            name: fileName(url),
            kind: 'xbrl-results',
            fetch: () => fetcher.get(url),
          });
        } else if (source.kind === 'shareholding-nse' && e.url) {
          const url = e.url;
          const symbol = typeof e.item.symbol === 'string' ? e.item.symbol : undefined;
          filings.push({
            key: url,
            name: fileName(url),
            kind: 'shareholding-xbrl',
            ...(symbol ? { company: symbol } : {}),
            fetch: () => fetcher.get(url),
          });
        } else if (source.kind === 'shareholding-nse') {
          const f = shareholdingFromIndex(e, indexName);
          filings.push({
            ...f,
            kind: 'shareholding-nse',
            note: "the filings index's figures (no XBRL document listed)",
            fetch: async () => ({ text: f.text, contentType: 'text/csv' }),
          });
        } else {
          throw new IngestError(indexName, null, null, `no filings reader for kind ${source.kind}`);
        }
      }
      const taken = await takenFilings(
        db,
        filings.map((f) => f.key),
      );
      filings.splice(0, filings.length, ...filings.filter((f) => !taken.has(f.key)));
      head.status = filings.length > 0 ? 'ingested' : 'unchanged';
      head.detail = `${indexName}: ${entries.length} filing(s) listed, ${filings.length} new`;
    }
  } catch (err) {
    failure(head, err);
  }
  await record(db, head);
  await step(head);
  for (const f of filings) {
    const day: SyncDay = { date, kind: source.kind, status: 'failed', detail: f.key, source: f.key };
    let downloaded = false;
    try {
      const got = await f.fetch();
      downloaded = got !== null;
      await ingestInto(day, db, f.name, f.kind, got, f.company);
      if (f.note && day.outcome) day.detail += `; ${f.note}`;
    } catch (err) {
      failure(day, err);
    }
    // Taken once: only a download that did not succeed is tried again.
    await recordFiling(db, f.key, source.kind, downloaded ? day.status : 'failed', day.detail);
    await step(day);
  }
}

/** The last date of each year (prefix 4) or month (prefix 7) of a list of ISO dates. */
const lastOfEach = (dates: readonly string[], prefix: number) =>
  dates.filter((d, i) => dates[i + 1]?.slice(0, prefix) !== d.slice(0, prefix));

/**
 * Fetches and ingests every configured source over a range of dates, each on its schedule:
 * the yearly holiday list once per year (first, so the walk knows the holidays), the daily
 * files for each trading day (weekends and NSE cash-market holidays skipped), the overnight
 * files (MCX's) for every weekday, monthly files once per month, and each filings index once.
 * A day that is not published (404, or an empty answer from MCX) is noted; a failed download
 * or a file that does not ingest is reported and changes nothing, a changed format is refused,
 * and the rest still runs. Each attempt is recorded for the data status.
 */
export async function syncRange(db: Db, from: string, to: string, opts: SyncOptions): Promise<SyncDay[]> {
  const fetcher = new PoliteFetcher(opts);
  const rank = (k: IngestKind) => KIND_ORDER.indexOf(k);
  const sources = opts.sources
    .filter((s) => !opts.kinds || opts.kinds.includes(s.kind))
    .filter((s) => !opts.schedules || opts.schedules.includes(KIND_SCHEDULE[s.kind]))
    .sort((a, b) => rank(a.kind) - rank(b.kind));
  const on = (schedule: SyncSchedule) => sources.filter((s) => KIND_SCHEDULE[s.kind] === schedule);
  const out: SyncDay[] = [];
  const step = async (day: SyncDay) => {
    opts.log?.(`${day.date} ${day.kind ?? '-'} ${day.status} ${day.detail}`.trimEnd());
    out.push(day);
    if (day.kind) await opts.heartbeat?.();
  };
  const dates = datesBetween(from, to);
  for (const date of lastOfEach(dates, 4)) {
    for (const s of on('yearly')) await step(await fetchOne(db, fetcher, s, date));
  }
  const daily = on('daily');
  const overnight = on('overnight');
  if (daily.length + overnight.length > 0) {
    const holidays = await holidaysBetween(db, from, to);
    const trading = (date: string) => {
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      return dow !== 0 && dow !== 6 && !holidays.has(date);
    };
    // A current list (a template without a date: the master, an index list) is fetched once,
    // on the first trading day, so the dated files after it find their companies.
    const firstTrading = dates.find(trading);
    for (const date of dates) {
      const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (dow === 0 || dow === 6) {
        await step({ date, kind: null, status: 'weekend', detail: '' });
        continue;
      }
      if (holidays.has(date)) {
        if (daily.length > 0) await step({ date, kind: null, status: 'holiday', detail: '' });
      } else {
        for (const s of daily) {
          if (date === firstTrading || DATED.test(s.url)) await step(await fetchOne(db, fetcher, s, date));
        }
      }
      // MCX keeps its own calendar (its evening session trades on most NSE holidays): every
      // weekday is asked for, and a day without trading is simply not published.
      for (const s of overnight) await step(await fetchOne(db, fetcher, s, date));
    }
  }
  for (const date of lastOfEach(dates, 7)) {
    for (const s of on('monthly')) await step(await fetchOne(db, fetcher, s, date));
  }
  for (const s of on('filing')) await pollFilings(db, fetcher, s, to, step);
  return out;
}
