import type { Queryable } from '../db/index.ts';
import {
  holidaysAround,
  indiaDate,
  isTradingDay,
  nextRunAt,
  previousWeekday,
  type SyncConfig,
} from './scheduler.ts';
import { DATA_SETS, type DataSet, type SyncSchedule } from './sync-sources.ts';
import { readSyncState, type SyncStateRow } from './sync-store.ts';

/** How fresh one data set is, and when the sync next looks for more. */
export interface DataSetStatus {
  dataSet: string;
  schedule: SyncSchedule;
  /** Its latest data date: last trading day, ex-date, quarter or month end, last holiday listed. */
  latestDataDate: string | null;
  /** The last sync that read its source successfully (ingested or found unchanged), UTC. */
  lastSyncAt: string | null;
  lastSyncSource: string | null;
  /** The last attempt's outcome (ingested, unchanged, not-published, failed, refused). */
  lastAttemptStatus: string | null;
  /** The next scheduled run (UTC), or null when the sync is off or no source is configured. */
  nextRunAt: string | null;
  /** Whether a source is configured for it. */
  configured: boolean;
  /** Staler than its schedule allows. */
  late: boolean;
  /** The quality finding when late: what is missing and by when it was due. */
  finding: string | null;
  /**
   * When late, the date the missing data was due (a trading day, today for a filings index,
   * the 10th for last month's prices, 1 January for the year's holidays): the stored finding is
   * kept once per data set and this date. Not part of the API answer.
   */
  due: string | null;
}

interface Lateness {
  due: string;
  finding: string;
}

/** The latest data date of each data set, from its own table (sample or ingested alike). */
async function latestDates(db: Queryable): Promise<Record<string, string | null>> {
  const kindAsOf = (kind: string) => `(SELECT max(as_of) FROM ingest_file WHERE kind = '${kind}')`;
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT to_char((SELECT max(trade_date) FROM daily_quote), 'YYYY-MM-DD') AS "prices",
            to_char((SELECT max(as_of) FROM company), 'YYYY-MM-DD') AS "equity-master",
            to_char((SELECT max(as_of) FROM corporate_action), 'YYYY-MM-DD') AS "corporate-actions",
            to_char(GREATEST(${kindAsOf('market-cap')},
                    (SELECT max(as_of) FROM company WHERE shares_outstanding IS NOT NULL)), 'YYYY-MM-DD') AS "market-cap",
            to_char(GREATEST(${kindAsOf('index-constituents')},
                    (SELECT max(as_of) FROM company WHERE sector_code IS NOT NULL)), 'YYYY-MM-DD') AS "index-constituents",
            to_char((SELECT max(period_end) FROM financial_statement), 'YYYY-MM-DD') AS "financial-results",
            to_char((SELECT max(period_end) FROM shareholding), 'YYYY-MM-DD') AS "shareholding",
            to_char((SELECT max(month) FROM commodity_price), 'YYYY-MM-DD') AS "commodity-prices",
            to_char((SELECT max(trade_date) FROM commodity_future), 'YYYY-MM-DD') AS "commodity-futures",
            to_char((SELECT max(holiday_date) FROM exchange_holiday), 'YYYY-MM-DD') AS "holidays"`,
  );
  return rows[0] ?? {};
}

const minusMonths = (date: string, n: number) => {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
};

const previousDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** "HH:MM" plus minutes, within the day. */
function addMinutes(hhmm: string, minutes: number): string {
  const total = Math.min(23 * 60 + 59, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Whether a data set is staler than its schedule allows, and the finding that says so.
 * Daily: by `lateAfter` IST on a trading day, that day must be covered (its data date, or for
 * the masters a successful sync that day). Filings: the index must have been read within a
 * day. Monthly: the previous month's prices by the 10th. Yearly: the current year's holidays.
 */
function lateness(
  set: DataSet,
  latest: string | null,
  lastSyncDate: string | null,
  config: Pick<SyncConfig, 'lateAfter' | 'overnightAt'>,
  now: Date,
  holidays: ReadonlySet<string>,
): Lateness | null {
  const today = indiaDate(now);
  const istTime = new Date(now.getTime() + 330 * 60_000).toISOString().slice(11, 16);
  if (set.schedule === 'daily') {
    let expected = today;
    if (!(isTradingDay(today, holidays) && istTime >= config.lateAfter)) {
      do expected = new Date(Date.parse(`${expected}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      while (!isTradingDay(expected, holidays));
    }
    // Prices and market cap carry their trading day; the other daily files are current lists.
    const dated = set.name === 'prices' || set.name === 'market-cap';
    const covered = dated ? latest : lastSyncDate;
    if (covered !== null && covered >= expected) return null;
    const has = dated ? `latest is ${covered ?? 'none'}` : `last synced ${covered ?? 'never'}`;
    return {
      due: expected,
      finding: `${set.name} is late: ${expected} was due by ${config.lateAfter} IST, ${has}`,
    };
  }
  if (set.schedule === 'overnight') {
    // MCX's day is fetched the next morning at overnightAt IST (Saturday's run takes Friday); an
    // hour after that run, the previous weekday must be held. Weekdays only: MCX's own holidays
    // are not in the calendar, so a closed weekday reads as late until the next day arrives.
    const base = istTime >= addMinutes(config.overnightAt, 60) ? today : previousDay(today);
    const expected = previousWeekday(base);
    if (latest !== null && latest >= expected) return null;
    return {
      due: expected,
      finding: `${set.name} is late: ${expected} was due by ${addMinutes(config.overnightAt, 60)} IST the next morning, latest is ${latest ?? 'none'}`,
    };
  }
  if (set.schedule === 'filing') {
    if (lastSyncDate !== null && now.getTime() - Date.parse(lastSyncDate) <= 86_400_000) return null;
    // The index is due every day: each day it goes unread is one more late day.
    return {
      due: today,
      finding: `${set.name} is late: the filings index has not been read in the last day`,
    };
  }
  if (set.schedule === 'monthly') {
    const expected = minusMonths(today, Number(today.slice(8)) >= 10 ? 1 : 2);
    if (latest !== null && latest.slice(0, 7) >= expected) return null;
    return {
      due: `${minusMonths(`${expected}-01`, -1)}-10`,
      finding: `${set.name} is late: ${expected} was due by the 10th, latest is ${latest?.slice(0, 7) ?? 'none'}`,
    };
  }
  if (latest !== null && latest.slice(0, 4) >= today.slice(0, 4)) return null;
  return {
    due: `${today.slice(0, 4)}-01-01`,
    finding: `${set.name} is late: no ${today.slice(0, 4)} holiday list`,
  };
}

/** Per data set its latest data date, last successful sync and source, next run and lateness. */
export async function dataStatus(db: Queryable, config: SyncConfig, now: Date): Promise<DataSetStatus[]> {
  const [latest, states, holidays] = await Promise.all([
    latestDates(db),
    readSyncState(db),
    holidaysAround(db, now),
  ]);
  const byKind = new Map(states.map((s) => [s.kind, s]));
  return DATA_SETS.map((set) => {
    const mine = set.kinds.map((k) => byKind.get(k)).filter((s): s is SyncStateRow => !!s);
    const lastOk = mine
      .filter((s) => s.lastSuccessAt)
      .sort((a, b) => a.lastSuccessAt!.localeCompare(b.lastSuccessAt!))
      .at(-1);
    const lastTry = [...mine].sort((a, b) => a.lastAttemptAt.localeCompare(b.lastAttemptAt)).at(-1);
    const configured = config.sources.some((s) => set.kinds.includes(s.kind));
    const lastSyncDate =
      set.schedule === 'filing'
        ? (lastOk?.lastSuccessAt ?? null)
        : lastOk?.lastSuccessAt
          ? indiaDate(new Date(lastOk.lastSuccessAt))
          : null;
    const late = lateness(set, latest[set.name] ?? null, lastSyncDate, config, now, holidays);
    return {
      dataSet: set.name,
      schedule: set.schedule,
      latestDataDate: latest[set.name] ?? null,
      lastSyncAt: lastOk?.lastSuccessAt ?? null,
      lastSyncSource: lastOk?.lastSource ?? null,
      lastAttemptStatus: lastTry?.lastStatus ?? null,
      nextRunAt:
        config.enabled && configured ? nextRunAt(set.schedule, config, now, holidays).toISOString() : null,
      configured,
      late: late !== null,
      finding: late?.finding ?? null,
      due: late?.due ?? null,
    };
  });
}
