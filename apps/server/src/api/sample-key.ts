import { publicSampleKey, publicSampleKeyEmail } from '@bahi/contracts';
import type { Db } from '@bahi/market-data/db';
import { encryptKey, hashKey } from '../accounts/api-keys.ts';
import { upsertUser } from '../accounts/users.ts';

/**
 * Makes the public sample key valid on the Basic plan (embedded default only: the caller never
 * runs this in production). Idempotent: keeps the key if it is already the user's active key.
 * Several processes starting at once on one database take turns (the key is unique).
 */
export async function ensurePublicSampleKey(db: Db, secret: Buffer): Promise<void> {
  await db.withLock('bahi:sample-key', async () => {
    const user = await upsertUser(db, { email: publicSampleKeyEmail, firstName: 'Sample', lastName: 'Key' });
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ key_hash: string }>(
        'SELECT key_hash FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
        [user.id],
      );
      if (rows[0]?.key_hash === hashKey(publicSampleKey)) return;
      await tx.query('UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
        user.id,
      ]);
      await tx.query('DELETE FROM api_keys WHERE key_hash = $1', [hashKey(publicSampleKey)]);
      await tx.query(
        'INSERT INTO api_keys (user_id, key_hash, key_prefix, key_encrypted) VALUES ($1, $2, $3, $4)',
        [user.id, hashKey(publicSampleKey), publicSampleKey.slice(0, 9), encryptKey(publicSampleKey, secret)],
      );
    });
  });
}

/** In production the public sample key never works, even in a database created by the embedded default. */
export async function revokePublicSampleKey(db: Db): Promise<void> {
  await db.query('UPDATE api_keys SET revoked_at = now() WHERE key_hash = $1 AND revoked_at IS NULL', [
    hashKey(publicSampleKey),
  ]);
}
