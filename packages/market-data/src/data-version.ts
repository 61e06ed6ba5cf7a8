import type { Queryable } from './db/index.ts';

/** The current data version; API caches key on it and refresh when it changes. */
export async function getDataVersion(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ version: number }>('SELECT version FROM data_version WHERE id = 1');
  return rows[0]?.version ?? 0;
}

/** Increments the data version; call it inside the transaction that changed the data. */
export async function bumpDataVersion(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO data_version (id, version, updated_at) VALUES (1, 1, now())
     ON CONFLICT (id) DO UPDATE SET version = data_version.version + 1, updated_at = now()
     RETURNING version`,
  );
  return rows[0]!.version;
}
