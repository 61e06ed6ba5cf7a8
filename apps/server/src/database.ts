import { type Db, openDb } from '@bahi/market-data/db';
import type { Config } from './config.ts';

/** The configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl
    ? openDb({ kind: 'postgres', url: config.databaseUrl })
    : // In a worker thread of its own, so queries never block the HTTP event loop (decision 0321).
      openDb({ kind: 'pglite', dataDir: config.dataDir ?? undefined, thread: true });
}
