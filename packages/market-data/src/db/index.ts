export { csvLine, type Db, type DbTarget, openDb, type Queryable } from './database.ts';
export { type MigrationSet, marketDataMigrations, migrate } from './migrate.ts';
