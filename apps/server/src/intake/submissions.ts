import type { Queryable } from '@bahi/market-data/db';

export type SubmissionKind = 'contact' | 'support' | 'feedback';

export interface NewSubmission {
  kind: SubmissionKind;
  source: string;
  email: string;
  userId: number | null;
  payload: Record<string, unknown>;
  spam: boolean;
  ip: string | null;
  userAgent: string | null;
}

export interface StoredSubmission {
  id: number;
  reference: string;
  createdAt: Date;
}

export async function insertSubmission(
  db: Queryable,
  s: NewSubmission,
  now: Date,
): Promise<StoredSubmission> {
  const { rows } = await db.query<{ id: number; reference: string; created_at: Date }>(
    `INSERT INTO intake_submissions (kind, source, email, user_id, payload, spam, ip, user_agent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, reference, created_at`,
    [
      s.kind,
      s.source,
      s.email,
      s.userId,
      JSON.stringify(s.payload),
      s.spam,
      s.ip,
      s.userAgent?.slice(0, 500) ?? null,
      now.toISOString(),
    ],
  );
  const row = rows[0]!;
  return { id: Number(row.id), reference: row.reference, createdAt: new Date(row.created_at) };
}

export interface SubmissionRow {
  id: number;
  reference: string;
  kind: SubmissionKind;
  source: string;
  email: string;
  user_id: number | null;
  payload: Record<string, unknown>;
  spam: boolean;
  ip: string | null;
  created_at: Date;
  mails_pending: number;
  mails_sent: number;
  mails_failed: number;
}

export async function recentSubmissions(
  db: Queryable,
  opts: { limit: number; kind?: SubmissionKind },
): Promise<SubmissionRow[]> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT s.id, s.reference, s.kind, s.source, s.email, s.user_id, s.payload, s.spam, s.ip, s.created_at,
       count(m.id) FILTER (WHERE m.status = 'pending')::int AS mails_pending,
       count(m.id) FILTER (WHERE m.status = 'sent')::int AS mails_sent,
       count(m.id) FILTER (WHERE m.status = 'failed')::int AS mails_failed
     FROM intake_submissions s LEFT JOIN mail_outbox m ON m.submission_id = s.id
     WHERE ($2::text IS NULL OR s.kind = $2)
     GROUP BY s.id ORDER BY s.created_at DESC, s.id DESC LIMIT $1`,
    [opts.limit, opts.kind ?? null],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function findSubmission(db: Queryable, reference: string): Promise<SubmissionRow | null> {
  const { rows } = await db.query<SubmissionRow>(
    `SELECT id, reference, kind, source, email, user_id, payload, spam, ip, created_at,
       0 AS mails_pending, 0 AS mails_sent, 0 AS mails_failed
     FROM intake_submissions WHERE reference::text = $1`,
    [reference],
  );
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
}
