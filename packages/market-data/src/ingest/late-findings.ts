import type { Queryable } from '../db/index.ts';
import { type DataSetStatus, dataStatus } from './data-status.ts';
import { msUntilNext, type SyncConfig } from './scheduler.ts';

/**
 * Stores each late data set as a `late_data_set` quality finding, once per data set and due
 * date (checking again adds nothing), and marks the open findings of data sets that are current
 * again as resolved. Writes only when something changed. Returns what it recorded and resolved.
 */
export async function recordLateFindings(
  db: Queryable,
  statuses: readonly DataSetStatus[],
): Promise<{ recorded: string[]; resolved: string[] }> {
  const late = statuses.filter((s) => s.late && s.due !== null);
  const current = new Set(statuses.filter((s) => !s.late).map((s) => s.dataSet));
  const { rows: known } = await db.query<{ dataSet: string; due: string; open: boolean }>(
    `SELECT data_set AS "dataSet", to_char(trade_date, 'YYYY-MM-DD') AS due, resolved_at IS NULL AS open
       FROM data_quality_issue
      WHERE check_name = 'late_data_set'
        AND (resolved_at IS NULL
             OR (data_set, trade_date) IN (SELECT * FROM unnest($1::text[], $2::date[])))`,
    [late.map((s) => s.dataSet), late.map((s) => s.due)],
  );
  const stored = new Set(known.map((k) => `${k.dataSet} ${k.due}`));
  const fresh = late.filter((s) => !stored.has(`${s.dataSet} ${s.due}`));
  const resolve = [...new Set(known.filter((k) => k.open && current.has(k.dataSet)).map((k) => k.dataSet))];
  if (fresh.length > 0) {
    // Another process may record the same finding at the same moment: the unique index keeps one.
    await db.query(
      `INSERT INTO data_quality_issue (check_name, data_set, trade_date, detail)
       SELECT 'late_data_set', f.data_set, f.due, f.detail
         FROM unnest($1::text[], $2::date[], $3::text[]) AS f(data_set, due, detail)
       ON CONFLICT (data_set, trade_date) WHERE check_name = 'late_data_set' DO NOTHING`,
      [fresh.map((s) => s.dataSet), fresh.map((s) => s.due), fresh.map((s) => s.finding ?? '')],
    );
  }
  if (resolve.length > 0) {
    await db.query(
      `UPDATE data_quality_issue SET resolved_at = now()
        WHERE check_name = 'late_data_set' AND resolved_at IS NULL AND data_set = ANY($1::text[])`,
      [resolve],
    );
  }
  return { recorded: fresh.map((s) => `${s.dataSet} ${s.due}`), resolved: resolve };
}

/**
 * The data status (see dataStatus) with its late data sets stored as quality findings: what
 * the data-status endpoint, the /metrics scrape and the sync scheduler call (decision 0421).
 */
export async function checkFreshness(db: Queryable, config: SyncConfig, now: Date): Promise<DataSetStatus[]> {
  const statuses = await dataStatus(db, config, now);
  await recordLateFindings(db, statuses);
  return statuses;
}

/**
 * The sync worker's own freshness check, so late data sets are recorded even when nobody asks
 * for the data status: a minute after DATA_SYNC_LATE_AFTER (IST) each day, and at least hourly.
 */
export function startFreshnessChecks(
  db: Queryable,
  config: SyncConfig,
  log: { error(msg: string): void },
  now: () => Date = () => new Date(),
): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    const wait = Math.min(msUntilNext(config.lateAfter, now()) + 60_000, 3_600_000);
    timer = setTimeout(() => void check(), wait);
    timer.unref();
  };
  const check = async () => {
    try {
      await checkFreshness(db, config, now());
    } catch (err) {
      log.error(`freshness check: ${(err as Error).message}`);
    }
    plan();
  };
  plan();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
