import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@bahi/market-data/db';
import { toUser, type User, userColumns } from './users.ts';

/**
 * API keys: `bahi_` plus 40 random base62 characters. Stored as a SHA-256 hash for lookup (the
 * key is high-entropy, so a fast hash is enough) and AES-256-GCM encrypted for display on the
 * profile page. One active key per user; regenerating revokes the old one in the same transaction.
 */
export const keyPrefix = 'bahi_';
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const keyPattern = /^bahi_[0-9A-Za-z]{40}$/;

export function generateKey(): string {
  const bytes = randomBytes(40);
  let s = keyPrefix;
  // 248 = 4 * 62: rejection-free mapping would bias; re-draw the rare bytes above it.
  for (let i = 0; i < 40; i++) {
    let b = bytes[i]!;
    while (b >= 248) b = randomBytes(1)[0]!;
    s += alphabet[b % 62];
  }
  return s;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function encryptKey(key: string, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
}

export function decryptKey(stored: string, secret: Buffer): string {
  const [iv, tag, body] = stored.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', secret, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

/** Issues a new key for the user, revoking any active one; returns the key in clear (once). */
export async function issueKey(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  userId: number,
  secret: Buffer,
): Promise<string> {
  const key = generateKey();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);
    await tx.query(
      'INSERT INTO api_keys (user_id, key_hash, key_prefix, key_encrypted) VALUES ($1, $2, $3, $4)',
      [userId, hashKey(key), key.slice(0, 9), encryptKey(key, secret)],
    );
  });
  return key;
}

/** The user's active key in clear, for the profile page; null if none was issued. */
export async function revealKey(db: Queryable, userId: number, secret: Buffer): Promise<string | null> {
  const { rows } = await db.query<{ key_encrypted: string }>(
    'SELECT key_encrypted FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0] ? decryptKey(rows[0].key_encrypted, secret) : null;
}

/** The owner of an active key, or null for an unknown, malformed or revoked key. */
export async function findUserByKey(db: Queryable, key: string): Promise<User | null> {
  return (await findActiveKey(db, key))?.user ?? null;
}

/** An active key's row id (safe to log) and owner, or null for an unknown, malformed or revoked key. */
export async function findActiveKey(
  db: Queryable,
  key: string,
): Promise<{ keyId: number; user: User } | null> {
  if (!keyPattern.test(key)) return null;
  const { rows } = await db.query<Parameters<typeof toUser>[0] & { key_id: number }>(
    `SELECT k.id AS key_id, ${userColumns
      .split(', ')
      .map((c) => `u.${c}`)
      .join(', ')}
     FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashKey(key)],
  );
  return rows[0] ? { keyId: Number(rows[0].key_id), user: toUser(rows[0]) } : null;
}
