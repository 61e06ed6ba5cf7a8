import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './database.ts';

/** A named folder of `NNNN_name.sql` files, applied in file-name order. */
export interface MigrationSet {
  name: string;
  dir: string;
}

export const marketDataMigrations: MigrationSet = {
  name: 'market-data',
  dir: new URL('../../migrations', import.meta.url).pathname,
};

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction.
 * The same SQL runs on PGlite and PostgreSQL. Returns the ids applied now.
 */
export async function migrate(db: Db, sets: readonly MigrationSet[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set(
    (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id),
  );
  const applied: string[] = [];
  for (const set of sets) {
    const files = readdirSync(set.dir)
      .filter((f) => /^\d{4}_.+\.sql$/.test(f))
      .sort();
    for (const file of files) {
      const id = `${set.name}/${file}`;
      if (done.has(id)) continue;
      const sql = readFileSync(join(set.dir, file), 'utf8');
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(sql)) await tx.query(statement);
        await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [id]);
      });
      applied.push(id);
    }
  }
  return applied;
}

/** Splits a migration file on semicolons at line ends, outside dollar-quoted bodies. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    current += `${line}\n`;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
