import { randomBytes } from 'node:crypto';
import type { Queryable } from '@bahi/market-data/db';

/**
 * A named secret for local use: the configured value when given, otherwise (outside production
 * only) a random value generated once and kept in app_secrets so restarts keep working.
 */
export async function localSecret(
  db: Queryable,
  name: string,
  configured: string | null,
  env: 'development' | 'production' | 'test',
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'base64');
  if (env === 'production') throw new Error(`secret ${name} must be configured in production`);
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return Buffer.from(rows[0]!.value, 'base64');
}
