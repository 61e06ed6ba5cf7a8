import type { Queryable } from '../db/index.ts';

/**
 * Takes the named lease for `holder` when it is free, expired or already held by it, for
 * `ttlMs`; true when taken. One statement, so two processes (or two callers on one database)
 * never both get it; works the same on PostgreSQL and PGlite.
 */
export async function takeLease(
  db: Queryable,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const { rows } = await db.query<{ holder: string }>(
    `INSERT INTO sync_lease (name, holder, expires_at)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE
        SET holder = EXCLUDED.holder,
            acquired_at = CASE WHEN sync_lease.holder = EXCLUDED.holder THEN sync_lease.acquired_at ELSE now() END,
            expires_at = EXCLUDED.expires_at
      WHERE sync_lease.holder = EXCLUDED.holder OR sync_lease.expires_at < now()
     RETURNING holder`,
    [name, holder, ttlMs],
  );
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query('DELETE FROM sync_lease WHERE name = $1 AND holder = $2', [name, holder]);
}

/** The current holder of a lease, if any and not expired. */
export async function leaseHolder(db: Queryable, name: string): Promise<string | null> {
  const { rows } = await db.query<{ holder: string }>(
    'SELECT holder FROM sync_lease WHERE name = $1 AND expires_at >= now()',
    [name],
  );
  return rows[0]?.holder ?? null;
}

/** Records one attempt of a kind; a success also moves its last successful sync and source. */
export async function recordAttempt(
  db: Queryable,
  kind: string,
  status: string,
  detail: string,
  source: string,
  success: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO sync_state (kind, last_attempt_at, last_status, last_detail, last_success_at, last_source)
     VALUES ($1, now(), $2, $3, CASE WHEN $5 THEN now() END, CASE WHEN $5 THEN $4 END)
     ON CONFLICT (kind) DO UPDATE SET
       last_attempt_at = now(), last_status = $2, last_detail = $3,
       last_success_at = CASE WHEN $5 THEN now() ELSE sync_state.last_success_at END,
       last_source = CASE WHEN $5 THEN $4 ELSE sync_state.last_source END`,
    [kind, status, detail.slice(0, 2000), source, success],
  );
}

export interface SyncStateRow {
  kind: string;
  lastAttemptAt: string;
  lastStatus: string;
  lastDetail: string;
  lastSuccessAt: string | null;
  lastSource: string | null;
}

export async function readSyncState(db: Queryable): Promise<SyncStateRow[]> {
  const { rows } = await db.query<SyncStateRow>(
    `SELECT kind, to_char(last_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastAttemptAt",
            last_status AS "lastStatus", last_detail AS "lastDetail",
            to_char(last_success_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastSuccessAt",
            last_source AS "lastSource"
       FROM sync_state ORDER BY kind`,
  );
  return rows;
}

/** The filings of these URLs already taken (anything but a failed download is not fetched again). */
export async function takenFilings(db: Queryable, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const { rows } = await db.query<{ url: string }>(
    `SELECT url FROM sync_filing WHERE url = ANY($1::text[]) AND status <> 'failed'`,
    [urls],
  );
  return new Set(rows.map((r) => r.url));
}

export async function recordFiling(
  db: Queryable,
  url: string,
  kind: string,
  status: string,
  detail: string,
): Promise<void> {
  await db.query(
    `INSERT INTO sync_filing (url, kind, status, detail) VALUES ($1, $2, $3, $4)
     ON CONFLICT (url) DO UPDATE SET status = $3, detail = $4, fetched_at = now()`,
    [url, kind, status, detail.slice(0, 2000)],
  );
}

/** NSE cash-market holidays between two dates (ISO). */
export async function holidaysBetween(db: Queryable, from: string, to: string): Promise<Set<string>> {
  const { rows } = await db.query<{ d: string }>(
    `SELECT to_char(holiday_date, 'YYYY-MM-DD') AS d FROM exchange_holiday
      WHERE exchange = 'NSE' AND segment = 'CM' AND holiday_date BETWEEN $1 AND $2`,
    [from, to],
  );
  return new Set(rows.map((r) => r.d));
}
