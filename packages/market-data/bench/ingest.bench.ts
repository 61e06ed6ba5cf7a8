/**
 * Ingest speed: one full-bhavcopy day of about 3,500 equity rows on embedded PGlite, including
 * symbol resolution, the upsert, adjustment-factor recompute for every touched company, the
 * quality checks, the ingest log and the data-version bump. The universe and 20 earlier days
 * are generated first so the day lands on a realistic history. Prints the time against the
 * 1 s target and against a baseline measured in the same run: a bare COPY of the same rows.
 */
import { openDb } from '../src/db/index.ts';
import { marketDataMigrations, migrate } from '../src/db/migrate.ts';
import { ingestFile } from '../src/ingest/ingest-file.ts';
import { isValidIsin } from '../src/ingest/values.ts';

const N = 3500;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function isin(i: number): string {
  const body = `INE${i.toString(36).toUpperCase().padStart(5, '0')}A01`;
  for (let d = 0; d <= 9; d++) if (isValidIsin(`${body}${d}`)) return `${body}${d}`;
  throw new Error(`no check digit for ${body}`);
}

/** Weekdays before and including `last`, oldest first. */
function tradingDays(last: string, count: number): string[] {
  const out: string[] = [];
  for (const d = new Date(`${last}T00:00:00Z`); out.length < count; d.setUTCDate(d.getUTCDate() - 1)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.unshift(d.toISOString().slice(0, 10));
  }
  return out;
}

const fileDate = (iso: string) => `${iso.slice(8)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

function bhavcopy(date: string, day: number): string {
  const [y, m, d] = date.split('-');
  const shown = `${d}-${MONTHS[Number(m) - 1]}-${y}`;
  const lines = [
    'SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER',
  ];
  for (let i = 0; i < N; i++) {
    const base = 50 + (i % 900);
    const close = base * (1 + 0.01 * Math.sin(i + day));
    const prev = base * (1 + 0.01 * Math.sin(i + day - 1));
    const f = (v: number) => v.toFixed(2).padStart(10);
    lines.push(
      `SYM${i}, EQ, ${shown}, ${f(prev)}, ${f(prev)}, ${f(Math.max(prev, close) * 1.01)}, ${f(Math.min(prev, close) * 0.99)}, ${f(close)}, ${f(close)}, ${f(close)}, ${1000 + i}, ${((close * (1000 + i)) / 1e5).toFixed(2)}, ${10 + (i % 50)}, ${i % 7 === 0 ? '-' : 500 + i}, ${i % 7 === 0 ? '-' : '50.00'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const db = await openDb({ kind: 'pglite' });
try {
  await migrate(db, [marketDataMigrations]);
  const master = [
    'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE',
  ];
  for (let i = 0; i < N; i++) master.push(`SYM${i},Company ${i} Limited,EQ,01-JAN-2000,10,1,${isin(i)},10`);
  await ingestFile(db, 'EQUITY_L.csv', { text: `${master.join('\n')}\n` });
  const days = tradingDays('2024-10-28', 6);
  const actions = [
    'SERIES,SYMBOL,SECURITY,RECORD_DT,BC_STRT_DT,BC_END_DT,EX_DT,ND_STRT_DT,ND_END_DT,PURPOSE',
  ];
  for (let i = 0; i < N; i += 10) {
    const ex = days[1 + (i % (days.length - 1))]!;
    actions.push(
      `EQ,SYM${i},Company ${i},${ex},,,${ex},,,${i % 20 === 0 ? 'INTDIV - RS 2 PER SH' : 'BONUS 1:10'}`,
    );
  }
  await ingestFile(db, 'bc01012024.csv', { text: `${actions.join('\n')}\n` });
  for (const [k, d] of days.slice(0, -1).entries()) {
    const t = performance.now();
    await ingestFile(db, `sec_bhavdata_full_${fileDate(d)}.csv`, { text: bhavcopy(d, k) });
    if (process.env.BENCH_VERBOSE)
      console.log(`  history day ${d}: ${(performance.now() - t).toFixed(0)} ms`);
  }
  const last = days.at(-1)!;
  const text = bhavcopy(last, days.length);

  await db.exec('CREATE TABLE bench_copy (LIKE daily_quote INCLUDING DEFAULTS)');
  const copyRows = text
    .trim()
    .split('\n')
    .slice(1)
    .map((l, i) => {
      const c = l.split(', ').map((x) => x.trim());
      return [
        isin(i),
        last,
        'NSE',
        'EQ',
        c[4],
        c[5],
        c[6],
        c[8],
        c[7],
        c[3],
        c[10],
        Number(c[11]) * 1e5,
        c[12],
        null,
        null,
        'x',
      ];
    });
  const cols = [
    'isin',
    'trade_date',
    'exchange',
    'series',
    'open',
    'high',
    'low',
    'close',
    'last',
    'prev_close',
    'volume',
  ];
  const allCols = [...cols, 'traded_value', 'trades', 'delivery_qty', 'delivery_pct', 'source'];
  const t0 = performance.now();
  await db.copyRows('bench_copy', allCols, copyRows);
  const copyMs = performance.now() - t0;

  const t1 = performance.now();
  const out = await ingestFile(db, `sec_bhavdata_full_${fileDate(last)}.csv`, { text });
  const ingestMs = performance.now() - t1;
  if (out.rowsStored !== N) throw new Error(`expected ${N} rows stored, got ${out.rowsStored}`);

  console.log(
    `ingest bench (PGlite): one full-bhavcopy day, ${N} rows, ${out.adjustments} adjustment factors recomputed`,
  );
  console.log(
    `  ingest ${ingestMs.toFixed(0)} ms (target ≤ 1000 ms: ${ingestMs <= 1000 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  baseline bare COPY of the same rows ${copyMs.toFixed(0)} ms; ingest/COPY ratio ${(ingestMs / copyMs).toFixed(1)}×`,
  );
  process.exitCode = ingestMs <= 1000 ? 0 : 1;
} finally {
  await db.close();
}
