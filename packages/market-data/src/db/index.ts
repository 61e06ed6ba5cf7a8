export { csvLine, type Db, type DbTarget, openDb, type PoolStats, type Queryable } from './database.ts';
export { DatabaseInUseError } from './folder-lock.ts';
export { type MigrationSet, marketDataMigrations, migrate } from './migrate.ts';
export { type DbObserver, type DbOperation, observeDb } from './observe.ts';
