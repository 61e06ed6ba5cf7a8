/**
 * Data benchmark: npm run bench:data [-- --rows N] [-- --skip-pglite]
 *
 * 1. Generate + load the default sample universe into a file-backed PGlite (what `npm start`
 *    does on first run). Target: 60 s or less.
 * 2. Load the full universe (every company with 10 years of daily quotes, about 12 million
 *    rows) into PostgreSQL with COPY, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
 *    into a throwaway database. `--rows N` stops after about N rows to bound the time.
 *    Target: 100,000 rows/s or more.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { marketDataMigrations, migrate, openDb } from '../src/db/index.ts';
import { loadSampleUniverse } from '../src/sample/load.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '3000000' },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

if (!values['skip-pglite']) {
  const dir = mkdtempSync(join(tmpdir(), 'bahi-bench-'));
  const db = await openDb({ kind: 'pglite', dataDir: dir });
  await migrate(db, [marketDataMigrations]);
  const c0 = cpu();
  const stats = await loadSampleUniverse(db, { size: 'default', log: console.log });
  const cpuSeconds = cpu() - c0;
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  const copyMs = Object.values(stats.copyMs).reduce((a, b) => a + b, 0);
  console.log(
    `PGlite default universe: ${stats.companies} companies, ${fmt(stats.totalRows)} rows, generate + load ${(stats.milliseconds / 1000).toFixed(1)} s ` +
      `(${(stats.milliseconds / 60_000).toFixed(2)}× the 60 s budget; process CPU ${cpuSeconds.toFixed(1)} s; COPY ${(copyMs / 1000).toFixed(1)} s)`,
  );
}

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('PostgreSQL full universe: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
} else {
  const maxRows = Number(values.rows);
  // About 2,500 quote rows plus ~120 other rows per company at full depth.
  const companies = Math.max(10, Math.min(5000, Math.floor(maxRows / 2650)));
  const name = `bahi_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDb({ kind: 'postgres', url: u.toString() });
  try {
    await migrate(db, [marketDataMigrations]);
    const stats = await loadSampleUniverse(db, { size: 'full', companies, log: console.log });
    const copyMs = Object.values(stats.copyMs).reduce((a, b) => a + b, 0);
    console.log(
      `PostgreSQL full universe (${companies} of 5,000 companies, --rows ${fmt(maxRows)}): ${fmt(stats.totalRows)} rows in ${(stats.milliseconds / 1000).toFixed(1)} s; ` +
        `COPY ${fmt((stats.totalRows / copyMs) * 1000)} rows/s (${((stats.totalRows / copyMs) * 10).toFixed(2)}× the 100,000 rows/s target), ` +
        `end to end with generation ${fmt((stats.totalRows / stats.milliseconds) * 1000)} rows/s`,
    );
  } finally {
    await db.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
