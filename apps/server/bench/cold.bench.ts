/**
 * npm run bench:cold — the data API's cold path: N companies never asked before, 8 concurrent
 * clients, on embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local test
 * server; a throwaway database is created and dropped). The same requests are then repeated
 * (cached) with the same client, so the figures are ratios measured in one run. While the cold
 * requests run, a ninth client asks /healthz every 5 ms: its p99 shows whether the database
 * blocks the server's event loop. Server on CPU 0, clients on CPU 1 (taskset, when available).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { pin, startServer } from './processes.ts';

const companies = Number(process.env.BENCH_COMPANIES ?? 600);
const clients = 8;
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface ServerInfo {
  port: number;
  key: string;
  symbols: string[];
  preparedSeconds: number;
  preparedMb: number;
  prepared: { operationId: string; answers: number; ms: number }[];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

interface Run {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  healthP99: number | null;
}

/** `clients` loops over the URLs (each once); with `probe`, a ninth asks /healthz meanwhile. */
async function drive(urls: string[], probe: string | null): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  let running = true;
  const health: number[] = [];
  const prober = (async () => {
    while (probe && running) {
      const t = performance.now();
      await (await fetch(probe)).arrayBuffer();
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const t = performance.now();
        const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await prober;
  return {
    rps: urls.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    failed,
    healthP99: probe ? pct(health, 99) : null,
  };
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

const rows: Record<string, string | number>[] = [];
const targets: { name: string; env: Record<string, string>; drop?: () => Promise<void> }[] = [
  { name: 'PGlite', env: {} },
];
try {
  const dbName = `bahi_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  targets.push({
    name: 'PostgreSQL',
    env: { DATABASE_URL: u.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
  });
} catch (err) {
  console.log(`PostgreSQL at BENCH_DATABASE_URL not reachable (${(err as Error).message}); PGlite only`);
}

for (const target of targets) {
  const t0 = performance.now();
  const { child, info } = await startServer<ServerInfo>('api-server.ts', {
    ...target.env,
    SAMPLE_DATA: 'default',
    // As the product ships: the default log level, one access line per request.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  console.log(
    `${target.name}: server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, of which ${info.preparedSeconds} s preparing answers after listening (${info.prepared
      .map((p) => `${p.operationId}: ${p.answers} in ${(p.ms / 1000).toFixed(1)} s`)
      .join('; ')}), ${info.preparedMb} MB stored`,
  );
  const base = `http://127.0.0.1:${info.port}/api/v1`;
  const token = `token=${info.key}`;
  // Companies never asked: skip the sample ones the documents' examples have warmed.
  const pool = info.symbols.filter((s) => !['ITC', 'RELIANCE', 'HDFCBANK'].includes(s));
  const cases = [
    {
      name: 'financials/{symbol}',
      urls: pool
        .slice(0, companies)
        .map((s) => `${base}/financials/${encodeURIComponent(s)}?statement_type=s&period=annual&${token}`),
    },
    {
      name: 'daily-quotes/{symbol} from 2016',
      urls: pool
        .slice(companies, companies * 2)
        .map((s) => `${base}/daily-quotes/${encodeURIComponent(s)}?from=2016-01-01&${token}`),
    },
  ];
  for (const c of cases) {
    // The client's connections are opened (and its own code warmed) on /healthz first, as a
    // load balancer's probes would: the first requests' figures are then the server's.
    await drive(
      Array.from({ length: 400 }, () => `http://127.0.0.1:${info.port}/healthz`),
      null,
    );
    const cold = await drive(c.urls, `http://127.0.0.1:${info.port}/healthz`);
    const cached = await drive(c.urls, null);
    rows.push({
      database: target.name,
      endpoint: c.name,
      requests: c.urls.length,
      'cold req/s': Math.round(cold.rps),
      'cached req/s': Math.round(cached.rps),
      'cold x cached': (cold.rps / cached.rps).toFixed(2),
      'cold p50 ms': cold.p50.toFixed(1),
      'cold p99 ms': cold.p99.toFixed(1),
      'cached p99 ms': cached.p99.toFixed(1),
      '/healthz p99 ms (cold run)': cold.healthP99?.toFixed(1) ?? '',
      failed: cold.failed + cached.failed,
    });
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await target.drop?.();
}
console.log(
  `\n${clients} clients, ${companies} companies per endpoint, ${pin ? 'server on CPU 0, clients on CPU 1' : 'unpinned'}`,
);
console.table(rows);
console.log(
  'targets: cold >= 0.5 x cached; cold p99 <= 20 ms on PostgreSQL; /healthz p99 <= 50 ms on PGlite',
);
