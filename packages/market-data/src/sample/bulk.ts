import type { Db } from '../db/index.ts';

interface Saved {
  table: string;
  kind: 'constraint' | 'index';
  name: string;
  sql: string;
}

/**
 * Runs a bulk load with the tables' keys, foreign keys and indexes set aside, then rebuilds
 * them (PostgreSQL's advice for populating a database: one index build beats row-by-row
 * maintenance, one join beats per-row foreign-key checks). Rebuilding validates the data, so a
 * duplicate key or an orphan row still fails the load.
 */
export async function withConstraintsDeferred<T>(
  db: Db,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const { rows: constraints } = await db.query<{ table: string; name: string; def: string; contype: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def, c.contype::text AS contype
       FROM pg_constraint c WHERE c.conrelid = ANY($1::regclass[]) AND c.contype IN ('p', 'u', 'f')`,
    [tables],
  );
  const { rows: indexes } = await db.query<{ table: string; name: string; def: string }>(
    `SELECT i.indrelid::regclass::text AS table, ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`,
    [tables],
  );
  // Foreign keys first (they depend on the referenced keys), then keys, then plain indexes.
  const order = (t: string) => (t === 'f' ? 0 : 1);
  const saved: Saved[] = [
    ...constraints
      .sort((a, b) => order(a.contype) - order(b.contype))
      .map((c) => ({
        table: c.table,
        kind: 'constraint' as const,
        name: c.name,
        sql: `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.def}`,
      })),
    ...indexes.map((i) => ({ table: i.table, kind: 'index' as const, name: i.name, sql: i.def })),
  ];
  // Other tables' foreign keys that point at these tables must go too.
  const { rows: inbound } = await db.query<{ table: string; name: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c WHERE c.contype = 'f' AND c.confrelid = ANY($1::regclass[]) AND NOT (c.conrelid = ANY($1::regclass[]))`,
    [tables],
  );
  const outside = inbound.map((c) => ({
    table: c.table,
    kind: 'constraint' as const,
    name: c.name,
    sql: `ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.def}`,
  }));
  for (const s of [...outside, ...saved])
    await db.exec(
      s.kind === 'constraint' ? `ALTER TABLE ${s.table} DROP CONSTRAINT ${s.name}` : `DROP INDEX ${s.name}`,
    );
  try {
    return await load();
  } finally {
    // Keys before foreign keys on the way back.
    const back = [
      ...saved.filter((s) => !s.sql.includes('FOREIGN KEY')),
      ...saved.filter((s) => s.sql.includes('FOREIGN KEY')),
      ...outside,
    ];
    for (const s of back) await db.exec(s.sql);
  }
}
