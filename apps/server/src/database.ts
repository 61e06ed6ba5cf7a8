import { type Db, openDb } from '@bahi/market-data/db';
import type { Config } from './config.ts';

/**
 * The configured database: PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR.
 * `serving`: for the server, which keeps its PostgreSQL connections open from the start (the
 * command-line tools open them as needed).
 */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  opts: { serving?: boolean } = {},
): Promise<Db> {
  return config.databaseUrl
    ? openDb({ kind: 'postgres', url: config.databaseUrl, keepConnections: opts.serving === true })
    : // In a worker thread of its own, so queries never block the HTTP event loop (decision 0321).
      openDb({ kind: 'pglite', dataDir: config.dataDir ?? undefined, thread: true });
}
