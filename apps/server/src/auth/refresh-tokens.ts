import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '@bahi/market-data/db';

/**
 * Refresh tokens: opaque (`bahi_rt_` + 32 random bytes), stored as a SHA-256 hash, valid 30 days
 * and rotated on every use. The tokens of one sign-in form a family; presenting a token that was
 * spent more than `refreshReuseGraceSeconds` ago means it leaked (or was replayed), so the whole
 * family is revoked and the session ends for everyone holding it. Within the grace a spent token
 * gets another successor in the same family (decision 0502): a second tab that has not yet seen
 * the first tab's rotation, or a client whose refresh answer was lost, keeps its session.
 */
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;
export const refreshReuseGraceSeconds = 10;
const prefix = 'bahi_rt_';
const pattern = /^bahi_rt_[A-Za-z0-9_-]{43}$/;

type Tx = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function insertToken(db: Queryable, userId: number, familyId: string, now: Date): Promise<string> {
  const token = prefix + randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_tokens (family_id, user_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      familyId,
      userId,
      hash(token),
      now.toISOString(),
      new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000).toISOString(),
    ],
  );
  return token;
}

/** Starts a new session (family) for the user: its id and first refresh token. */
export async function startSession(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  return { sessionId, refreshToken: await insertToken(db, userId, sessionId, now) };
}

/**
 * Another refresh token for an open session (the access-token exchange): it belongs to the same
 * family, so logout or a reused token ends it with the rest.
 */
export function extendSession(db: Queryable, userId: number, sessionId: string, now: Date): Promise<string> {
  return insertToken(db, userId, sessionId, now);
}

/** Whether the session still holds an unrevoked, unexpired refresh token. */
export async function isSessionOpen(
  db: Queryable,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM refresh_tokens
       WHERE family_id = $1::uuid AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3) AS open`,
    [sessionId, userId, now.toISOString()],
  );
  return rows[0]?.open === true;
}

export type RotateResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string; graced: boolean }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Spends a refresh token and returns its successor; a spent token revokes its family. */
export async function rotateRefreshToken(db: Tx, token: string, now: Date): Promise<RotateResult> {
  if (!pattern.test(token)) return { ok: false, reason: 'unknown' };
  return db.transaction(async (tx): Promise<RotateResult> => {
    const { rows } = await tx.query<{
      id: number;
      family_id: string;
      user_id: number;
      expires_at: Date | string;
      used_at: Date | string | null;
      revoked_at: Date | string | null;
    }>(
      `SELECT id, family_id, user_id, expires_at, used_at, revoked_at
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hash(token)],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    // The grace counts from the first use, so presenting the token again does not extend it.
    const graced =
      row.used_at !== null &&
      now.getTime() - new Date(row.used_at).getTime() < refreshReuseGraceSeconds * 1000;
    if (row.used_at && !graced) {
      await revokeFamily(tx, row.family_id, now);
      return { ok: false, reason: 'reused' };
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (!graced) {
      await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE id = $1', [row.id, now.toISOString()]);
    }
    const next = await insertToken(tx, Number(row.user_id), row.family_id, now);
    return { ok: true, userId: Number(row.user_id), sessionId: row.family_id, refreshToken: next, graced };
  });
}

async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
    familyId,
    now.toISOString(),
  ]);
}

/** Ends the session a refresh token belongs to (logout); unknown tokens are ignored. */
export async function endSession(db: Queryable, token: string, now: Date): Promise<void> {
  if (!pattern.test(token)) return;
  const { rows } = await db.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
    [hash(token)],
  );
  if (rows[0]) await revokeFamily(db, rows[0].family_id, now);
}
