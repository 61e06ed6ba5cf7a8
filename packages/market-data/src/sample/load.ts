import { createHash } from 'node:crypto';
import { bumpDataVersion } from '../data-version.ts';
import { csvLine, type Db } from '../db/index.ts';
import { withConstraintsDeferred } from './bulk.ts';
import { type Sink, TABLE_COLUMNS, TABLE_ORDER, type TableName } from './tables.ts';
import { generateUniverse, SAMPLE_SOURCE, type UniverseOptions, type UniverseSize } from './universe.ts';

export interface LoadOptions extends UniverseOptions {
  size?: UniverseSize;
  /** Rows buffered per table before a COPY. */
  batchRows?: number;
  /** Progress lines (e.g. console.log); silent when absent. */
  log?: (line: string) => void;
}

export interface LoadStats {
  companies: number;
  rows: Record<string, number>;
  /** Milliseconds spent in COPY per table. */
  copyMs: Record<string, number>;
  totalRows: number;
  milliseconds: number;
}

/** Sink that COPYs rows into the database in batches, parents before children. */
function copySink(
  db: Db,
  batchRows: number,
  log?: (line: string) => void,
): Sink & { flushAll(): Promise<void>; counts: Record<string, number>; copyMs: Record<string, number> } {
  const buffers = new Map<TableName, unknown[][]>();
  const counts: Record<string, number> = {};
  const copyMs: Record<string, number> = {};
  let buffered = 0;
  let lastReport = 0;
  const flushAll = async () => {
    for (const table of TABLE_ORDER) {
      const rows = buffers.get(table);
      if (!rows || rows.length === 0) continue;
      const t = performance.now();
      await db.copyRows(table, TABLE_COLUMNS[table], rows);
      copyMs[table] = (copyMs[table] ?? 0) + performance.now() - t;
      counts[table] = (counts[table] ?? 0) + rows.length;
      buffers.set(table, []);
    }
    buffered = 0;
  };
  return {
    counts,
    copyMs,
    flushAll,
    row(table, values) {
      let b = buffers.get(table);
      if (!b) {
        b = [];
        buffers.set(table, b);
      }
      b.push(values);
      buffered++;
    },
    async checkpoint({ done, total }) {
      if (buffered >= batchRows) await flushAll();
      if (log && (done === total || Date.now() - lastReport > 2000)) {
        lastReport = Date.now();
        const rows = Object.values(counts).reduce((a, b) => a + b, 0) + buffered;
        log(`  companies ${done}/${total}, rows ${rows.toLocaleString('en-IN')}`);
      }
    },
  };
}

/** Generates the sample universe and loads it with COPY; bumps the data version. */
export async function loadSampleUniverse(db: Db, opts: LoadOptions = {}): Promise<LoadStats> {
  const started = Date.now();
  const sink = copySink(db, opts.batchRows ?? 200_000, opts.log);
  const { companies } = await withConstraintsDeferred(db, TABLE_ORDER, async () => {
    const out = await generateUniverse(opts, sink);
    await sink.flushAll();
    return out;
  });
  await db.query('ANALYZE');
  await db.transaction((tx) => bumpDataVersion(tx));
  const totalRows = Object.values(sink.counts).reduce((a, b) => a + b, 0);
  const copyMs = Object.fromEntries(Object.entries(sink.copyMs).map(([k, v]) => [k, Math.round(v)]));
  return { companies, rows: sink.counts, copyMs, totalRows, milliseconds: Date.now() - started };
}

/** True when any company is stored (sample or real). */
export async function hasMarketData(db: Db): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM company LIMIT 1');
  return rows.length > 0;
}

/**
 * Loads the sample universe when the database holds no companies yet (first start); does
 * nothing otherwise. Returns the load statistics, or null when data was already there.
 */
export async function ensureSampleData(db: Db, opts: LoadOptions = {}): Promise<LoadStats | null> {
  if (await hasMarketData(db)) return null;
  return loadSampleUniverse(db, opts);
}

/** SHA-256 of every generated row, table by table, in the CSV form COPY receives. */
export async function hashUniverse(
  opts: UniverseOptions & { size?: UniverseSize } = {},
): Promise<{ hash: string; rows: number }> {
  const hashes = new Map<TableName, ReturnType<typeof createHash>>();
  let rows = 0;
  await generateUniverse(opts, {
    row(table, values) {
      let h = hashes.get(table);
      if (!h) {
        h = createHash('sha256');
        hashes.set(table, h);
      }
      h.update(csvLine(values));
      rows++;
    },
    async checkpoint() {},
  });
  const all = createHash('sha256');
  for (const table of TABLE_ORDER) all.update(`${table}:${hashes.get(table)?.digest('hex') ?? '-'}\n`);
  return { hash: all.digest('hex'), rows };
}

export { SAMPLE_SOURCE };
