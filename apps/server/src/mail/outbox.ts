import type { Queryable } from '@bahi/market-data/db';

/** A message as composed: sent as is by the worker. */
export interface OutgoingMail {
  purpose: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxRow {
  id: number;
  submission_id: number | null;
  purpose: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  logged_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
}

/** Attempts before a message is given up on (kept as 'failed'; `npm run intake -- retry` requeues it). */
export const maxAttempts = 10;

/** Wait after the n-th failed attempt: 30 s doubling, at most one hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

export async function enqueueMail(
  db: Queryable,
  mail: OutgoingMail,
  now: Date,
  submissionId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_outbox (submission_id, purpose, to_address, reply_to, subject, text_body, html_body,
       next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [
      submissionId,
      mail.purpose,
      mail.to,
      mail.replyTo ?? null,
      mail.subject,
      mail.text,
      mail.html,
      now.toISOString(),
    ],
  );
  return Number(rows[0]!.id);
}

/**
 * Takes up to `limit` due messages for this worker: each is leased until `now + leaseMs`, so
 * another process (or a crash) never sends a message twice while a send is in flight.
 */
export async function claimDue(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET locked_until = $2
     WHERE id IN (
       SELECT id FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
       ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    submission_id: r.submission_id && Number(r.submission_id),
  }));
}

export async function markSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, locked_until = NULL,
       last_error = NULL WHERE id = $1`,
    [id, now.toISOString()],
  );
}

/** Records a failed attempt: back off and try again, or give up after maxAttempts. */
export async function markAttemptFailed(
  db: Queryable,
  row: OutboxRow,
  now: Date,
  error: string,
): Promise<void> {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= maxAttempts;
  const next = new Date(now.getTime() + backoffSeconds(attempts) * 1000);
  await db.query(
    `UPDATE mail_outbox SET attempts = $2, status = $3, next_attempt_at = $4, last_error = $5, locked_until = NULL
     WHERE id = $1`,
    [row.id, attempts, giveUp ? 'failed' : 'pending', next.toISOString(), error.slice(0, 1000)],
  );
}

/** Without SMTP: the pending messages not yet written to the log, marked as logged now. They stay pending. */
export async function takeUnlogged(db: Queryable, now: Date): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE mail_outbox SET logged_at = $1 WHERE status = 'pending' AND logged_at IS NULL RETURNING *`,
    [now.toISOString()],
  );
  return rows;
}

export async function requeueFailed(db: Queryable, now: Date, id?: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, locked_until = NULL
     WHERE status = 'failed' AND ($2::bigint IS NULL OR id = $2) RETURNING id`,
    [now.toISOString(), id ?? null],
  );
  return rows.length;
}

export async function outboxFor(db: Queryable, submissionId: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    'SELECT * FROM mail_outbox WHERE submission_id = $1 ORDER BY id',
    [submissionId],
  );
  return rows;
}

export async function outboxSummary(
  db: Queryable,
): Promise<{ status: string; count: number; oldest: Date | null; next_attempt: Date | null }[]> {
  const { rows } = await db.query<{
    status: string;
    count: number;
    oldest: Date | null;
    next_attempt: Date | null;
  }>(
    `SELECT status, count(*)::int AS count, min(created_at) AS oldest,
       min(next_attempt_at) FILTER (WHERE status = 'pending') AS next_attempt
     FROM mail_outbox GROUP BY status ORDER BY status`,
  );
  return rows;
}

export async function recentOutbox(db: Queryable, limit: number): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT * FROM mail_outbox ORDER BY (status = 'sent'), created_at DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
