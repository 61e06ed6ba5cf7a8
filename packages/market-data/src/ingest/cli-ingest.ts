import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseInUseError, type Db, marketDataMigrations, migrate, openDb } from '../db/index.ts';
import { IngestError, type Rejection } from './errors.ts';
import { type IngestOutcome, ingestFile, KIND_ORDER } from './ingest-file.ts';
import { detectKind, INGEST_KINDS, type IngestKind } from './kinds.ts';
import { startFreshnessChecks } from './late-findings.ts';
import type { QualityIssue } from './quality.ts';
import { indiaDate, loadSyncConfig, type SyncConfig, startSync } from './scheduler.ts';
import { datesBetween, type SyncDay, syncRange } from './sync.ts';
import { processHolder, withSyncLease } from './sync-lease.ts';
import { KIND_SCHEDULE } from './sync-sources.ts';

type Out = (line: string) => void;

/** Files from NSE's daily report bundle that the product does not ingest, and why. */
const NOT_INGESTED: [RegExp, string][] = [
  [/^pd\d{8}\.csv$/i, 'NSE price-data report: prices come from the bhavcopy'],
  [/^PE_\d{6}\.csv$/i, 'NSE P/E report: the product computes its own ratios'],
  [/^readme\.(txt|md)$/i, 'documentation'],
];

/** The database the CLI works on: DATABASE_URL, else the embedded one in DATA_DIR (as the other data commands). */
export async function openCliDb(env: Record<string, string | undefined> = process.env): Promise<Db> {
  const dataDir = env.DATA_DIR || 'data';
  const db = env.DATABASE_URL
    ? await openDb({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDb(dataDir === ':memory:' ? { kind: 'pglite' } : { kind: 'pglite', dataDir });
  await migrate(db, [marketDataMigrations]);
  return db;
}

/** Rejections grouped by reason (the text before ": "), with the first examples of each. */
function summarize(rejected: readonly Rejection[], limit = 6): string[] {
  const groups = new Map<string, { n: number; first: number; examples: string[] }>();
  for (const r of rejected) {
    const cut = r.reason.indexOf(': ');
    const [key, detail] = cut < 0 ? [r.reason, ''] : [r.reason.slice(0, cut), r.reason.slice(cut + 2)];
    const g = groups.get(key) ?? { n: 0, first: r.line, examples: [] };
    g.n++;
    const example = detail.length > 70 ? `${detail.slice(0, 67)}...` : detail;
    if (example && g.examples.length < 3 && !g.examples.includes(example)) g.examples.push(example);
    groups.set(key, g);
  }
  return [...groups]
    .sort((a, b) => b[1].n - a[1].n)
    .slice(0, limit)
    .map(
      ([key, g]) =>
        `      ${g.n} × ${key} (line ${g.first}${g.examples.length ? `; e.g. ${g.examples.join(' | ')}` : ''})`,
    )
    .concat(groups.size > limit ? [`      ... and ${groups.size - limit} other reasons`] : []);
}

function qualityLines(issues: readonly QualityIssue[], limit = 5): string[] {
  return issues
    .slice(0, limit)
    .map((q) =>
      `      ${q.check} ${q.tradeDate} ${q.symbol ?? ''} ${q.detail}`.replace(/\s+/g, ' ').trimEnd(),
    )
    .map((l) => `      ${l.trim()}`)
    .concat(issues.length > limit ? [`      … and ${issues.length - limit} more`] : []);
}

function report(out: Out, o: IngestOutcome, ms: number, name: string): void {
  const state = o.unchanged
    ? ' (already ingested: unchanged)'
    : o.dataVersion === null
      ? ''
      : `, data version ${o.dataVersion}`;
  out(
    `${name} [${o.kind}] read ${o.rowsRead}, stored ${o.rowsStored}, rejected ${o.rejected.length}${state} in ${ms} ms`,
  );
  for (const l of summarize(o.rejected)) out(l);
  if (o.adjustments > 0) out(`    adjustment factors recomputed: ${o.adjustments}`);
  if (o.quality.length > 0) {
    out(`    quality: ${o.quality.length} finding(s)`);
    for (const l of qualityLines(o.quality)) out(l);
  }
}

/**
 * `ingest [--kind K] [--allow-short-day] <file...>`: each file in its own transaction; exit 1 if any
 * failed. --allow-short-day takes a bhavcopy day that has far fewer rows than the previous one;
 * --company names the company of statement or shareholding files whose name does not say it.
 */
async function ingestCommand(args: string[], out: Out, err: Out): Promise<number> {
  let kind: IngestKind | undefined;
  let allowShortDay = false;
  let company: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--allow-short-day') allowShortDay = true;
    else if (args[i] === '--company') company = args[++i];
    else if (args[i] === '--kind') {
      const k = args[++i];
      if (!INGEST_KINDS.includes(k as IngestKind)) {
        err(`--kind must be one of: ${INGEST_KINDS.join(', ')}`);
        return 2;
      }
      kind = k as IngestKind;
    } else files.push(args[i]!);
  }
  if (files.length === 0) {
    err(
      `usage: npm run data -- ingest [--kind ${INGEST_KINDS.join('|')}] [--allow-short-day] [--company SYMBOL] <file...>`,
    );
    return 2;
  }
  const db = await openCliDb();
  let failed = 0;
  try {
    for (const f of files) {
      const t = Date.now();
      try {
        report(
          out,
          await ingestFile(db, f, { kind, allowShortDay, ...(company ? { company } : {}) }),
          Date.now() - t,
          f,
        );
      } catch (e) {
        failed++;
        err(e instanceof IngestError ? `FAILED ${e.message}` : `FAILED ${f}: ${(e as Error).message}`);
      }
    }
  } finally {
    await db.close();
  }
  return failed > 0 ? 1 : 0;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
}

/**
 * `conformance [--dir D]`: ingests every file of the real-data folder (default ../shared/data)
 * into a throwaway in-memory database, in dependency order, printing per file rows read,
 * stored and rejected with reasons. Exit 0 when the folder is absent (said so) or when every
 * file ingested; 1 on any unexpected error.
 */
async function conformanceCommand(args: string[], out: Out, err: Out): Promise<number> {
  const i = args.indexOf('--dir');
  const dir = resolve(i >= 0 && args[i + 1] ? args[i + 1]! : '../shared/data');
  if (!existsSync(dir)) {
    out(`conformance: ${dir} does not exist; no real exchange files to check (nothing to do).`);
    return 0;
  }
  const files = walk(dir);
  const plan = files.map((f) => ({ f, kind: detectKind(f) }));
  const order = (k: IngestKind | null) => (k ? KIND_ORDER.indexOf(k) : 99);
  plan.sort((a, b) => order(a.kind) - order(b.kind) || a.f.localeCompare(b.f));
  out(`conformance: ${files.length} files under ${dir}, into a throwaway in-memory database`);
  const db = await openDb({ kind: 'pglite' });
  await migrate(db, [marketDataMigrations]);
  const totals = { files: 0, read: 0, stored: 0, rejected: 0, skipped: 0, errors: 0 };
  try {
    for (const { f, kind } of plan) {
      const name = relative(dir, f);
      if (!kind) {
        const why = NOT_INGESTED.find(([re]) => re.test(f.split('/').pop()!))?.[1];
        if (why || /\.md$/i.test(f)) {
          out(`${name}: not ingested (${why ?? 'documentation'})`);
          totals.skipped++;
        } else {
          err(`${name}: UNEXPECTED no ingester recognises this file`);
          totals.errors++;
        }
        continue;
      }
      const t = Date.now();
      try {
        const o = await ingestFile(db, f, { kind });
        report(out, o, Date.now() - t, name);
        totals.files++;
        totals.read += o.rowsRead;
        totals.stored += o.rowsStored;
        totals.rejected += o.rejected.length;
      } catch (e) {
        totals.errors++;
        err(`${name}: UNEXPECTED ${(e as Error).message}`);
      }
    }
  } finally {
    await db.close();
  }
  out(
    `conformance: ${totals.files} files ingested (read ${totals.read}, stored ${totals.stored}, rejected ${totals.rejected} with reasons), ${totals.skipped} not ingested by design, ${totals.errors} unexpected errors`,
  );
  return totals.errors > 0 ? 1 : 0;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

const SYNC_USAGE =
  'usage: npm run data -- sync [--date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD] [--kind K[,K...]] [--watch]';

/**
 * `sync [--date D | --from D --to D] [--kind K,...] [--watch]`: fetch and ingest every
 * configured kind over the dates, each on its schedule (default: today in India), holding the
 * sync lease so no other process syncs at the same time. `--watch` is the long-running worker:
 * it runs each kind on its schedule until stopped (SIGINT/SIGTERM).
 */
async function syncCommand(args: string[], out: Out, err: Out): Promise<number> {
  const get = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const kinds = get('--kind')
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds?.filter((k) => !INGEST_KINDS.includes(k as IngestKind)) ?? [];
  if (unknown.length > 0 || (args.includes('--kind') && !kinds?.length)) {
    err(`--kind must be among: ${INGEST_KINDS.join(', ')} (got ${unknown.join(', ') || 'nothing'})`);
    return 2;
  }
  const config = loadSyncConfig(process.env);
  if (args.includes('--watch')) return watch(config, kinds as IngestKind[] | undefined, out, err);
  const today = indiaDate(new Date());
  const from = get('--date') ?? get('--from') ?? today;
  const to = get('--date') ?? get('--to') ?? from;
  if (!ISO.test(from) || !ISO.test(to) || from > to) {
    err(SYNC_USAGE);
    return 2;
  }
  if (datesBetween(from, to).length > 400) {
    err('sync: at most 400 days per run');
    return 2;
  }
  const db = await openCliDb();
  try {
    const outcome = await withSyncLease(db, processHolder(), config.leaseMs, (heartbeat) =>
      syncRange(db, from, to, { ...config, kinds: kinds as IngestKind[] | undefined, heartbeat, log: out }),
    );
    if (!outcome.ran) {
      err(`sync: another process is syncing (${outcome.holder}); try again when it is done`);
      return 1;
    }
    const days = outcome.value;
    const count = (...s: SyncDay['status'][]) => days.filter((d) => d.kind && s.includes(d.status)).length;
    out(
      `sync ${from}..${to}: ${count('ingested')} ingested, ${count('unchanged')} unchanged, ${count('not-published')} not published, ${count('refused')} refused (format changed), ${count('failed')} failed`,
    );
    return count('failed', 'refused') > 0 ? 1 : 0;
  } finally {
    await db.close();
  }
}

/** `sync --watch`: the production sync worker, each kind on its schedule, until a signal. */
async function watch(
  config: SyncConfig,
  kinds: IngestKind[] | undefined,
  out: Out,
  err: Out,
): Promise<number> {
  const db = await openCliDb();
  const sources = kinds ? config.sources.filter((s) => kinds.includes(s.kind)) : config.sources;
  const scheduler = startSync(db, { ...config, sources, enabled: true }, { info: out, error: err });
  // Late data sets are stored as quality findings even when nobody asks for the status (0421).
  const freshness = startFreshnessChecks(db, config, { error: err });
  out(
    `sync worker: ${sources.map((s) => `${s.kind} (${KIND_SCHEDULE[s.kind]})`).join(', ')}; daily at ${config.at} IST, overnight files at ${config.overnightAt} IST; Ctrl-C to stop`,
  );
  // The scheduler's timers do not keep the process alive; this does, until a signal.
  const keepAlive = setInterval(() => {}, 60_000);
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  clearInterval(keepAlive);
  scheduler.stop();
  freshness.stop();
  await db.close();
  out('sync worker stopped');
  return 0;
}

export const INGEST_COMMANDS: Record<string, (args: string[], out: Out, err: Out) => Promise<number>> = {
  ingest: ingestCommand,
  conformance: conformanceCommand,
  sync: syncCommand,
};

/** Runs one ingest subcommand; null when the command is not one of them. */
export async function runIngestCommand(
  argv: string[],
  out: Out = (l) => console.log(l),
  err: Out = (l) => console.error(l),
): Promise<number | null> {
  const [command, ...args] = argv;
  const handler = command ? INGEST_COMMANDS[command] : undefined;
  if (!handler) return null;
  try {
    return await handler(args, out, err);
  } catch (e) {
    // The server (or another command) has the embedded database: its message says which.
    if (!(e instanceof DatabaseInUseError)) throw e;
    err(e.message);
    return 1;
  }
}

// Also runnable on its own: tsx packages/market-data/src/ingest/cli-ingest.ts <command> ...
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runIngestCommand(process.argv.slice(2));
  if (code === null) console.error(`commands: ${Object.keys(INGEST_COMMANDS).join(', ')}`);
  process.exitCode = code ?? 2;
}
