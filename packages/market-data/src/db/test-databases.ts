import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDb } from './database.ts';

/**
 * The databases a test suite runs against: PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL is set. Each PostgreSQL database is created fresh for the caller and
 * dropped by `drop()`, so concurrent test files never share state.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** The PostgreSQL database's URL, for another process to connect to; null for PGlite. */
  url: string | null;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { name: 'pglite', url: null, open: () => openDb({ kind: 'pglite' }), drop: async () => {} },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const dbName = `bahi_t_${randomBytes(6).toString('hex')}`;
    const own = new URL(url);
    own.pathname = `/${dbName}`;
    list.push({
      name: 'postgres',
      url: own.toString(),
      open: async () => {
        await admin(url, `CREATE DATABASE ${dbName}`);
        return openDb({ kind: 'postgres', url: own.toString() });
      },
      drop: () => admin(url, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
    });
  }
  return list;
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
