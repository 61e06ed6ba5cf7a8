/**
 * npm run bench:cold — the data API's cold path: N companies never asked before, 8 concurrent
 * clients, on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local test
 * server; a throwaway database is created and dropped). The same requests are then repeated
 * (cached) by the same client for a few seconds, so the figures are ratios measured in one run:
 * once more untimed first, since an answer read from the answer file is kept in memory from its
 * second request on (decision 0334).
 * While the cold requests run, a ninth connection asks /healthz 5 ms after each answer: its p99
 * shows whether the database blocks the server's event loop. Server on CPU 0, load on CPU 1
 * (taskset, when available).
 *
 * Financials are asked as a scan of the universe asks them: every statement of each of
 * BENCH_COMPANIES companies (600, eight answers each), in two passes over different companies.
 * The first pass is the first never-asked requests the process meets from clients (without
 * the warm-up below, while the JIT is still compiling the code that answers them); the second is
 * a running server's (decision 0333). A pass of a few thousand requests lasts about a second: a
 * thousand single requests (this bench before) lasted a quarter of one, and the JIT's warm-up
 * dominated it. What the first clients still pay once is printed too: the first pass's time less
 * the time the second pass's rate would have taken for as many requests (decision 0336).
 *
 * Each case's client takes gzip, deflate and br, as browsers and `curl --compressed` do; two
 * more passes ask as a client that takes gzip but not br, as Python's requests and Go's net/http do
 * by default: every statement of BENCH_GZIP_COMPANIES companies (400), then whole histories
 * (decision 0364: these clients were answered at 0.03-0.08 x cached when prepared answers were
 * held in br).
 *
 * Daily quotes: the last quarter of BENCH_DAILY_COMPANIES companies (1,000), and whole histories
 * of every other company, taken alternately by the two clients (about 2,000 each on the default
 * universe): a pass of 1,000 whole histories lasted 110-180 ms, too short to read, and measured
 * PostgreSQL at 0.30-0.58 x cached; passes of 4,800 measured 0.51-0.58 x (decision 0365). Each
 * row shows how long its cold pass lasted.
 *
 * The client is Debian's wrk (paths.lua: 8 threads of one connection each, every path asked
 * once), so the cached figure is the server's and not the client's ceiling: each row shows the
 * server's and wrk's CPU, and the server's CPU time a request (issue #15 asks about a millisecond
 * of server time for a never-asked answer; the cold figure includes the /healthz probes' share,
 * and is read in clock ticks of 10 ms: about 8% either way for the shortest pass, 130 ms).
 *
 * The server is measured once its answers are prepared and copied to its answer file (decisions
 * 0326, 0329), as a server is between data loads; each row shows the share of the cold requests
 * read from that file and the statements the cold pass still sent. After that the product warms
 * its answer path (decision 0337, WARM_UP): it asks itself for a few companies' answers and
 * forgets them. Those companies are left out of the passes, so every request they make is one
 * the process never answered before; WARM_UP=false measures a process that does not warm up.
 *
 * The embedded database is kept in a folder on disk, as `npm start` keeps it (an in-memory one
 * loaded the default universe in 260 s against 36 s on disk). On each database the server is
 * then restarted on the data it prepared, as a deploy or a crash restarts it, and a first pass
 * over companies no pass asked is measured again: a process that has not spent minutes preparing
 * every answer before its first clients. How soon it answers is
 * printed from the process's own clock (issue #15's restart "ready in <= 5 s"): when it listened,
 * answered /healthz and answered a data request (from the database, before the copy), and when
 * the copy to its answer file and the warm-up were done.
 *
 * A cached pass is cached only if its answers fit the answer cache's bound (RESPONSE_CACHE_MB,
 * 128 by default): looping over more, the least recently used are evicted just before they come
 * round again. The cache counts a prepared answer at its gzip bytes (decisions 0342, 0364; at its
 * uncompressed length before, when 1,000 whole histories since 2016 did not fit and the cached
 * pass hit 5.9% of the time; 2,000 whole histories hold about 30 MB in gzip). Each row shows
 * the hit rate of the cached pass as the server counted it and the bytes the cache held after
 * it, so a larger setting shows whether it still fits.
 */

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { financials } from '../src/api/routes/financials.ts';
import type { WarmUpReport } from '../src/api/warm-up.ts';
import { benchSetting, startServer } from './processes.ts';
import { requireWrk, runWrk, type Sample } from './wrk.ts';

requireWrk('bench:cold');
const companies = Number(process.env.BENCH_COMPANIES ?? 600);
const dailyCompanies = Number(process.env.BENCH_DAILY_COMPANIES ?? 1000);
const cachedSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const clients = 8;
// A scan of the universe asks every statement of a company: the financials endpoint's prepared
// variants (decision 0326), less the quarterly balance sheet and cash flow, mostly "no data".
const statements = (financials.prepare ?? [])
  .filter((v) => v.period === 'annual' || v.statement_code === 'pl')
  .map((v) => new URLSearchParams(v).toString());
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const work = mkdtempSync(join(tmpdir(), 'bahi-cold-'));
process.once('exit', () => rmSync(work, { recursive: true, force: true }));

interface ServerInfo {
  port: number;
  /** Since the process began (ms): listening, /healthz answered, a data answer, all done. */
  started: { listeningMs: number; healthMs: number; firstAnswerMs: number; readyMs: number };
  key: string;
  symbols: string[];
  preparedSeconds: number;
  preparedMb: number;
  prepared: { operationId: string; answers: number; ms: number }[];
  /** Sets copied to the answer file (decision 0329). */
  copied: { operationId: string; answers: number; ms: number }[];
  /** The warm-up (decision 0337), null with WARM_UP=false. */
  warmUp: WarmUpReport | null;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

const acceptEncoding = { 'accept-encoding': 'gzip, deflate, br' };
/** What Python's requests (without a brotli package) and Go's net/http ask: gzip, not br. */
const gzipOnly = { 'accept-encoding': 'gzip, deflate' };
/** Companies for the financials pass of the client taking gzip but not br. */
const gzipCompanies = Number(process.env.BENCH_GZIP_COMPANIES ?? 400);

/**
 * The paths, each once, by `clients` connections, while a ninth connection asks /healthz
 * (5 ms after each answer), stopped when the paths are done.
 */
async function cold(origin: string, file: string, pid: number | undefined, headers: Record<string, string>) {
  let prober: ChildProcess | undefined;
  const probe = runWrk({
    url: `${origin}/healthz`,
    seconds: 3600,
    connections: 1,
    probe: true,
    started: (c) => {
      prober = c;
    },
  });
  const run = await runWrk({
    url: origin,
    seconds: 3600,
    connections: clients,
    headers,
    serverPid: pid,
    paths: { file, mode: 'once' },
  });
  prober?.kill('SIGINT');
  return { run, health: await probe };
}

interface CacheCounts {
  hits: number;
  misses: number;
  bytes: number;
  /** Never-asked requests the answer front answered from the prepared answers (decision 0328). */
  preparedAnswered: number;
  /** Statements that read prepared answers... */
  reads: number;
  /** ...and answers read from the answer file instead (decision 0329). */
  fileReads: number;
}

/** The server's answer-cache counts (api-server.mjs prints them on SIGUSR2). */
async function cacheCounts(child: ChildProcess, logFile: string): Promise<CacheCounts> {
  const before = readFileSync(logFile, 'utf8').length;
  child.kill('SIGUSR2');
  for (let waited = 0; ; waited += 50) {
    if (waited > 10_000) throw new Error('the server did not print its cache counts (SIGUSR2)');
    await new Promise((r) => setTimeout(r, 50));
    const line = readFileSync(logFile, 'utf8')
      .slice(before)
      .split('\n')
      .find((l) => l.startsWith('{"answers"'));
    if (line) {
      const counts = JSON.parse(line) as {
        answers: { hits: number; misses: number; bytes: number };
        front: { preparedAnswered: number };
        prepared: { reads: number; fileReads: number };
      };
      return {
        ...counts.answers,
        preparedAnswered: counts.front.preparedAnswered,
        reads: counts.prepared.reads,
        fileReads: counts.prepared.fileReads,
      };
    }
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The bench's server on the default universe, as the product ships: the default log level, one access line per request. */
const startApi = (env: Record<string, string>) =>
  startServer<ServerInfo>('api-server.mjs', {
    ...env,
    SAMPLE_DATA: 'default',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });

const rows: Record<string, string | number>[] = [];

/**
 * One case on a running server: its paths once (cold) while /healthz is probed, once more untimed,
 * then looped (cached) for a few seconds; adds its row and resolves with the cold pass.
 */
async function measure(
  database: string,
  server: { child: ChildProcess; logFile: string; origin: string },
  c: { name: string; paths: string[]; headers?: Record<string, string> },
): Promise<Sample> {
  const { child, logFile, origin } = server;
  const headers = c.headers ?? acceptEncoding;
  const file = join(work, 'paths.txt');
  writeFileSync(file, `${c.paths.join('\n')}\n`);
  // The server's health path warmed first, as a load balancer's probes would.
  await runWrk({ url: `${origin}/healthz`, seconds: 1, connections: clients });
  const before = await cacheCounts(child, logFile);
  const { run: first, health } = await cold(origin, file, child.pid, headers);
  const counted = await cacheCounts(child, logFile);
  // Asked a second time, untimed: an answer read from the answer file is kept in memory from
  // its second request on (decision 0334), so the pass below measures answers held in memory.
  const admit = await runWrk({
    url: origin,
    seconds: 3600,
    connections: clients,
    headers,
    paths: { file, mode: 'once' },
  });
  const admitted = await cacheCounts(child, logFile);
  const again: Sample = await runWrk({
    url: origin,
    seconds: cachedSeconds,
    connections: clients,
    headers,
    serverPid: child.pid,
    paths: { file, mode: 'loop' },
  });
  const after = await cacheCounts(child, logFile);
  const lookups = after.hits + after.misses - admitted.hits - admitted.misses;
  rows.push({
    database,
    endpoint: c.name,
    'cold requests': first.requests,
    'cold req/s': Math.round(first.rps),
    'cold pass ms': Math.round((1000 * first.requests) / Math.max(1, first.rps)),
    'cached req/s': Math.round(again.rps),
    'cold x cached': (first.rps / again.rps).toFixed(2),
    'cold: by the front from prepared %': (
      (100 * (counted.preparedAnswered - before.preparedAnswered)) /
      Math.max(1, first.requests)
    ).toFixed(1),
    'cold: from the answer file %': (
      (100 * (counted.fileReads - before.fileReads)) /
      Math.max(1, first.requests)
    ).toFixed(1),
    'cold: statements': counted.reads - before.reads,
    'cold p50 ms': first.p50.toFixed(1),
    'cold p99 ms': first.p99.toFixed(1),
    'cached p99 ms': again.p99.toFixed(1),
    'cached pass hits %': ((100 * (after.hits - admitted.hits)) / Math.max(1, lookups)).toFixed(1),
    'cache MB': (after.bytes / 1048576).toFixed(0),
    '/healthz p99 ms (cold run)': health.p99.toFixed(1),
    'server CPU % cold / cached': `${first.serverCpu} / ${again.serverCpu}`,
    // The server's core per answer (issue #15: a never-asked answer should cost about a
    // millisecond of server time): its CPU time over the pass divided by the pass's requests.
    'server µs a request cold / cached': `${cpuPerRequest(first)} / ${cpuPerRequest(again)}`,
    'wrk CPU % cold / cached': `${first.wrkCpu} / ${again.wrkCpu}`,
    failed:
      first.non2xx +
      first.errors +
      admit.non2xx +
      admit.errors +
      again.non2xx +
      again.errors +
      health.non2xx +
      health.errors,
  });
  return first;
}

/** The server's CPU time per request in a pass, in µs (read in clock ticks of 10 ms). */
const cpuPerRequest = (s: Sample) => Math.round((s.serverCpuMs * 1000) / Math.max(1, s.requests));

/** Per database: what the first pass cost more than a running server's rate. */
const warmUps: string[] = [];
const targets: {
  name: string;
  env: Record<string, string>;
  /** Also measured restarted on its prepared data. */
  restart?: boolean;
  drop?: () => Promise<void>;
}[] = [];
/**
 * BENCH_DATABASES (default "pglite,postgresql"): the targets to measure, so one database's rows can
 * be measured alone, without the other's passes before them in the run.
 */
const databases = new Set(
  (process.env.BENCH_DATABASES ?? 'pglite,postgresql')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean),
);
for (const d of databases)
  if (d !== 'pglite' && d !== 'postgresql')
    throw new Error(`BENCH_DATABASES: "${d}" is neither pglite nor postgresql`);
if (databases.has('pglite')) {
  // In a folder on disk, as `npm start` keeps it under ./data (an in-memory database loaded the
  // default universe in 260 s against 36 s on disk), so a restart reopens what it prepared.
  const dataDir = join(work, 'pglite');
  targets.push({
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    restart: true,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
}
if (databases.has('postgresql'))
  try {
    const dbName = `bahi_bench_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    targets.push({
      name: 'PostgreSQL',
      env: { DATABASE_URL: u.toString() },
      restart: true,
      drop: () => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
    });
  } catch (err) {
    console.log(
      `PostgreSQL at BENCH_DATABASE_URL not reachable (${(err as Error).message}): its rows are not measured`,
    );
  }

for (const target of targets) {
  const t0 = performance.now();
  const { child, info, logFile } = await startApi(target.env);
  const copied = `${info.copied.reduce((n, c) => n + c.answers, 0)} answers copied to the answer file in ${(info.copied.reduce((n, c) => n + c.ms, 0) / 1000).toFixed(1)} s`;
  const warmed = info.warmUp
    ? `warmed its answer path with ${info.warmUp.requests} requests over ${info.warmUp.symbols.length} companies (left out of the passes) and ${info.warmUp.framework} of the framework's /healthz (${info.warmUp.relayed} more relayed by the answer wire), in ${info.warmUp.rounds} rounds and ${info.warmUp.ms} ms`
    : 'no warm-up (WARM_UP=false)';
  console.log(
    `${target.name}: first data answer ${seconds(info.started.firstAnswerMs)} s after the process began; server ready in ${seconds(performance.now() - t0)} s, of which ${info.preparedSeconds} s preparing answers after listening (${info.prepared
      .map((p) => `${p.operationId}: ${p.answers} in ${(p.ms / 1000).toFixed(1)} s`)
      .join('; ')}), ${info.preparedMb} MB stored; ${copied}`,
  );
  const origin = `http://127.0.0.1:${info.port}`;
  const token = `token=${info.key}`;
  console.log(`${target.name}: ${warmed}`);
  // Companies never asked: skip the sample ones the documents' examples have warmed, and those
  // the warm-up asked for (it forgot its answers, but they were asked).
  const asked = new Set(['ITC', 'RELIANCE', 'HDFCBANK', ...(info.warmUp?.symbols ?? [])]);
  const pool = info.symbols.filter((s) => !asked.has(s));
  // Checked here, for every target, before any pass: a restart asks `companies` more, none of
  // which its own warm-up may have asked (as many as this one's), so a setting too large fails
  // now and not after the passes it would have measured.
  const restartNeeds = targets.some((t) => t.restart) ? companies + (info.warmUp?.symbols.length ?? 0) : 0;
  if (pool.length < 2 * companies + dailyCompanies + restartNeeds + gzipCompanies)
    throw new Error(
      `the universe has ${pool.length} companies to ask, fewer than two financials passes of ${companies}, a last-quarter pass of ${dailyCompanies} and a financials pass of ${gzipCompanies} for a client taking gzip alone${restartNeeds > 0 ? `, and ${restartNeeds} for the restart (${companies} and as many as its warm-up asks)` : ''}: lower BENCH_COMPANIES, BENCH_DAILY_COMPANIES or BENCH_GZIP_COMPANIES`,
    );
  // The last quarter's companies follow the financials passes'; the restart's follow those, and
  // the gzip-only client's financials companies are the pool's last.
  const quarterPool = pool.slice(2 * companies, 2 * companies + dailyCompanies);
  const gzipPool = pool.slice(pool.length - gzipCompanies);
  // Whole histories: every company whose daily quotes no other pass of this process asks (the
  // restart's are a new process's), taken alternately by the two clients, so each asks about 2,000
  // of the default universe's and neither gets the larger or the smaller ones (decision 0365).
  const wholePool = [...pool.slice(0, 2 * companies), ...pool.slice(2 * companies + dailyCompanies)];
  const whole = (client: 0 | 1) => wholePool.filter((_, i) => i % 2 === client);
  // The last quarter of the data: a range inside every company's history, made on request.
  const sample = await fetch(`${origin}/api/v1/daily-quotes/HDFCBANK?${token}`);
  if (!sample.ok) throw new Error(`daily-quotes/HDFCBANK answered ${sample.status}`);
  const { meta } = (await sample.json()) as { meta: { asOf: string } };
  const quarterFrom = new Date(Date.parse(`${meta.asOf}T00:00:00Z`) - 91 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const scan = (symbols: string[], key = token) =>
    symbols.flatMap((s) => statements.map((q) => `/api/v1/financials/${encodeURIComponent(s)}?${q}&${key}`));
  const daily = (symbols: string[], from: string) =>
    symbols.map((s) => `/api/v1/daily-quotes/${encodeURIComponent(s)}?from=${from}&${token}`);
  const cases = [
    {
      // The first clients' never-asked requests this process meets: without the warm-up, its
      // code for them is not yet compiled by the JIT.
      name: 'financials/{symbol}, every statement, first pass',
      paths: scan(pool.slice(0, companies)),
    },
    {
      // Other never-asked companies, as a running server meets them: it has answered a cold
      // pass (and the cached one) before.
      name: 'financials/{symbol}, every statement, other companies',
      paths: scan(pool.slice(companies, 2 * companies)),
    },
    {
      // From before the data begins: each company's whole history, prepared (decision 0341).
      name: 'daily-quotes/{symbol} from 2016',
      paths: daily(whole(0), '2016-01-01'),
    },
    {
      // A range inside every company's history: not prepared, made on request.
      name: `daily-quotes/{symbol} from ${quarterFrom} (the last quarter)`,
      paths: daily(quarterPool, quarterFrom),
    },
    {
      // A client that takes gzip but not br (decision 0364): financials, then whole histories.
      name: 'financials/{symbol}, every statement, a client taking gzip but not br',
      paths: scan(gzipPool),
      headers: gzipOnly,
    },
    {
      name: 'daily-quotes/{symbol} from 2016, a client taking gzip but not br',
      paths: daily(whole(1), '2016-01-01'),
      headers: gzipOnly,
    },
  ];
  const colds: Sample[] = [];
  for (const c of cases) colds.push(await measure(target.name, { child, logFile, origin }, c));
  const [firstPass, running] = colds;
  if (firstPass && running) {
    const took = firstPass.requests / firstPass.rps;
    const atRunningRate = firstPass.requests / running.rps;
    warmUps.push(
      `${target.name}: the first pass took ${took.toFixed(2)} s, ${(took - atRunningRate).toFixed(2)} s more than its ${firstPass.requests} requests take at the second pass's rate (${Math.round(running.rps)} req/s): what a process's first clients still pay once`,
    );
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (target.restart) {
    // A restart on data already prepared (a deploy, a crash): a fresh process that has not spent
    // minutes preparing first. Its first clients' never-asked requests, on companies no pass
    // above asked.
    const t1 = performance.now();
    const again = await startApi(target.env);
    const s = again.info.started;
    console.log(
      `${target.name}: restarted on the prepared data: listening ${seconds(s.listeningMs)} s after the process began, /healthz answered at ${seconds(s.healthMs)} s, its first data answer at ${seconds(s.firstAnswerMs)} s; answers copied to the answer file and path warmed at ${seconds(s.readyMs)} s (${seconds(performance.now() - t1)} s from the bench's spawn), ${again.info.warmUp ? `warmed with ${again.info.warmUp.requests} requests in ${again.info.warmUp.ms} ms` : 'no warm-up'}`,
    );
    const skip = new Set([...asked, ...(again.info.warmUp?.symbols ?? [])]);
    const fresh = pool
      .slice(2 * companies + dailyCompanies, pool.length - gzipCompanies)
      .filter((s) => !skip.has(s));
    if (fresh.length < companies)
      throw new Error(
        `the universe has ${fresh.length} companies left for the restart, fewer than ${companies}`,
      );
    await measure(
      target.name,
      { child: again.child, logFile: again.logFile, origin: `http://127.0.0.1:${again.info.port}` },
      {
        name: 'financials/{symbol}, every statement, first pass after a restart',
        // The restarted server's own key: it issued the bench user a new one.
        paths: scan(fresh.slice(0, companies), `token=${again.info.key}`),
      },
    );
    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));
  }
  await target.drop?.();
}
console.log(
  `\n${clients} connections, ${companies} companies a financials pass (${statements.length} statements each), ${dailyCompanies} for the last quarter's daily quotes, every other company's whole history (alternately for the two clients) (cold: each path once; cached: the same paths for ${cachedSeconds} s), ${benchSetting('server')}`,
);
console.table(rows);
for (const line of warmUps) console.log(line);
console.log(
  "targets: cold >= 0.5 x cached; cold p99 <= 20 ms on PostgreSQL; /healthz p99 <= 50 ms on PGlite; a never-asked answer about 1 ms (1,000 µs) of the server's core or less",
);
// A pass whose requests failed measured errors, not answers: say so, and fail.
const failedRows = rows.filter((r) => Number(r.failed) > 0);
if (failedRows.length > 0) {
  console.log(
    `requests failed in ${failedRows.map((r) => `${r.database}: ${r.endpoint}`).join('; ')}: those figures are not valid`,
  );
  process.exitCode = 1;
}
