import { type Db, marketDataMigrations, migrate, openDb } from './db/index.ts';
import type { TestDatabase } from './db/test-databases.ts';
import { type LoadOptions, loadSampleUniverse } from './sample/load.ts';

/**
 * Opens a migrated database holding the small sample universe (the three SPEC companies plus
 * 40 synthetic ones): on the given test target, or an in-memory PGlite when none is given.
 * The caller closes it (and drops the target).
 */
export async function openSampleDb(target?: TestDatabase, opts: LoadOptions = {}): Promise<Db> {
  const db = target ? await target.open() : await openDb({ kind: 'pglite' });
  await migrate(db, [marketDataMigrations]);
  await loadSampleUniverse(db, { size: 'small', ...opts });
  return db;
}

export { type RecordedArchive, type Reply, startRecordedArchive } from './ingest/recorded-archive.ts';
