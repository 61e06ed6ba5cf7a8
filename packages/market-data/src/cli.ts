/**
 * Market data CLI: npm run data -- <command> [options]
 *
 *   generate [--size small|default|full] [--seed S] [--out DIR]  write the sample universe as CSV per table, print its hash
 *   load     [--size ...] [--seed S] [--force]                    load the sample universe (only into an empty database unless --force)
 *   validate                                                      check every stored statement against its accounting identities
 *   stats                                                         row counts per table and the data version
 *   ingest [--kind K] <file...>, conformance [--dir D], sync [--date D | --from D --to D]
 *                                                                 real exchange files (src/ingest/cli-ingest.ts)
 *
 * The database is DATABASE_URL (PostgreSQL) when set, else embedded PGlite in DATA_DIR (default ./data).
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getDataVersion } from './data-version.ts';
import { csvLine, DatabaseInUseError, type Db } from './db/index.ts';
import type { Items, StatementCode } from './engine/line-items.ts';
import { validateStatement } from './engine/validate.ts';
import { openCliDb, runIngestCommand } from './ingest/cli-ingest.ts';
import { hashUniverse, hasMarketData, loadSampleUniverse } from './sample/load.ts';
import { TABLE_COLUMNS, TABLE_ORDER, type TableName } from './sample/tables.ts';
import { generateUniverse, type UniverseSize } from './sample/universe.ts';

// The ingest commands parse their own options.
const ingestExit = await runIngestCommand(process.argv.slice(2));
if (ingestExit !== null) process.exit(ingestExit);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    size: { type: 'string', default: 'default' },
    seed: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
const size = values.size as UniverseSize;
if (!['small', 'default', 'full'].includes(size))
  fail(`--size must be small, default or full (got ${values.size})`);
const universe = { size, ...(values.seed ? { seed: values.seed } : {}) };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function open(): Promise<Db> {
  const db = await openCliDb().catch((err: unknown) =>
    // The server (or another command) has the embedded database: its message says which.
    err instanceof DatabaseInUseError ? fail(err.message) : Promise.reject(err),
  );
  console.log(
    process.env.DATABASE_URL
      ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: PGlite in ${process.env.DATA_DIR || 'data'}`,
  );
  return db;
}

async function generate() {
  const started = Date.now();
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    const files = new Map<TableName, ReturnType<typeof createWriteStream>>();
    let done = 0;
    await generateUniverse(universe, {
      row(table, row) {
        let f = files.get(table);
        if (!f) {
          f = createWriteStream(join(values.out!, `${table}.csv`));
          f.write(`${TABLE_COLUMNS[table].join(',')}\n`);
          files.set(table, f);
        }
        f.write(csvLine(row));
      },
      async checkpoint(p) {
        if (p.done - done >= 500 || p.done === p.total) {
          done = p.done;
          console.log(`  companies ${p.done}/${p.total}`);
        }
      },
    });
    await Promise.all([...files.values()].map((f) => new Promise((resolve) => f.end(resolve))));
    console.log(`wrote ${files.size} CSV files to ${values.out}`);
  }
  const { hash, rows } = await hashUniverse(universe);
  console.log(
    `universe ${size}: ${rows.toLocaleString('en-IN')} rows, sha256 ${hash} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function load() {
  const db = await open();
  try {
    if (await hasMarketData(db)) {
      if (!values.force) {
        console.log('market data already present; nothing loaded (use --force to replace it)');
        return;
      }
      console.log('removing existing market data');
      await db.exec(`TRUNCATE ${TABLE_ORDER.join(', ')} CASCADE`);
    }
    const stats = await loadSampleUniverse(db, { ...universe, log: console.log });
    console.log(
      `loaded ${stats.totalRows.toLocaleString('en-IN')} rows for ${stats.companies} companies in ${(stats.milliseconds / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

async function validate() {
  const db = await open();
  try {
    let checked = 0;
    let breaches = 0;
    let after = '';
    for (;;) {
      const { rows } = await db.query<{
        key: string;
        isin: string;
        code: StatementCode;
        period_end: string;
        statement_type: string;
        period: string;
        items: Items;
      }>(
        `SELECT isin || statement_type || statement_code || period || period_end AS key, isin, statement_code AS code, period_end,
                statement_type, period, items
           FROM financial_statement WHERE isin || statement_type || statement_code || period || period_end > $1
          ORDER BY 1 LIMIT 5000`,
        [after],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        checked++;
        for (const b of validateStatement(r.code, r.items)) {
          breaches++;
          if (breaches <= 50)
            console.log(
              `${r.isin} ${r.statement_type}/${r.code}/${r.period} ${r.period_end}: ${b.rule}: expected ${b.expected}, found ${b.actual}`,
            );
        }
      }
      after = rows.at(-1)!.key;
    }
    console.log(`checked ${checked.toLocaleString('en-IN')} statements: ${breaches} breaches`);
    if (breaches > 0) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

async function stats() {
  const db = await open();
  try {
    for (const table of TABLE_ORDER) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${table}`);
      console.log(`${table.padEnd(24)} ${rows[0]!.n.toLocaleString('en-IN').padStart(14)}`);
    }
    console.log(`data version ${await getDataVersion(db)}`);
  } finally {
    await db.close();
  }
}

const commands: Record<string, () => Promise<void>> = { generate, load, validate, stats };
const run = command ? commands[command] : undefined;
if (!run)
  fail(
    `usage: npm run data -- generate|load|validate|stats|ingest|conformance|sync [--size small|default|full] [--seed S] [--out DIR] [--force]`,
  );
await run();
