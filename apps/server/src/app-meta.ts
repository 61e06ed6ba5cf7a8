import type { Queryable } from '@bahi/market-data/db';

export interface AppMeta {
  schemaVersion: string;
  startedAt: string;
}

/** Records this start in app_meta: the last applied migration and when the server started. */
export async function recordStart(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO app_meta (id, started_at, schema_version)
     VALUES (1, $1, (SELECT max(id) FROM schema_migrations))
     ON CONFLICT (id) DO UPDATE SET started_at = EXCLUDED.started_at, schema_version = EXCLUDED.schema_version`,
    [now.toISOString()],
  );
}

export async function getAppMeta(db: Queryable): Promise<AppMeta> {
  const { rows } = await db.query<{ schema_version: string; started_at: Date }>(
    'SELECT schema_version, started_at FROM app_meta WHERE id = 1',
  );
  const row = rows[0];
  if (!row) throw new Error('app_meta has no row: the server has not finished starting');
  return { schemaVersion: row.schema_version, startedAt: new Date(row.started_at).toISOString() };
}
