/**
 * npm run bench:memory — the server's memory while every company is asked on every per-company
 * endpoint once (the scan a data customer runs), on the default universe and embedded PGlite, as
 * `npm start` runs. The per-company endpoints and their required parameters are read from the
 * served Swagger document, so a new endpoint is scanned without editing this file. 8 clients; the
 * server's resident set (VmRSS, VmHWM from /proc) is sampled every 250 ms. Run once per cache size
 * in BENCH_CACHE_MB (default "128,32"): the peak should follow the cache bound plus a fixed
 * overhead, not the number of answers. The process's lifetime peak (VmHWM) is shown beside it: the
 * server is measured once its answers are prepared, and that work's peak comes before the scan.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchSetting, startServer } from './processes.ts';

const clients = 8;
const cacheSizes = (process.env.BENCH_CACHE_MB ?? '128,32').split(',').map(Number);
const limit = process.env.BENCH_COMPANIES ? Number(process.env.BENCH_COMPANIES) : Number.POSITIVE_INFINITY;

interface ServerInfo {
  port: number;
  key: string;
  symbols: string[];
}
interface Param {
  in: string;
  name: string;
  required?: boolean;
  default?: unknown;
  enum?: unknown[];
  type?: string;
  format?: string;
}

const mib = (kb: number) => (kb / 1024).toFixed(0);

/** VmRSS and VmHWM of a process, in kB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** A value for a required query parameter: its default, its first enum value, or a plain one. */
function valueFor(p: Param): string | null {
  if (p.default !== undefined) return String(p.default);
  if (p.enum?.length) return String(p.enum[0]);
  if (p.format === 'date') return '2024-01-01';
  if (p.type === 'integer' || p.type === 'number') return '1';
  return null;
}

/** Paths of the per-company endpoints, with their required query parameters filled in. */
function perCompanyPaths(doc: {
  basePath?: string;
  paths: Record<string, Record<string, { parameters?: Param[] }>>;
}) {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const get = ops.get;
    if (!get || !path.includes('{symbol}')) continue;
    const query: string[] = [];
    let usable = true;
    for (const p of get.parameters ?? []) {
      if (p.in !== 'query' || !p.required || p.name === 'token') continue;
      const v = valueFor(p);
      if (v === null) usable = false;
      else query.push(`${p.name}=${encodeURIComponent(v)}`);
    }
    // Other path parameters (a corporate action's kind) are asked with each allowed value.
    let filled = [path];
    for (const p of get.parameters ?? []) {
      if (p.in !== 'path' || p.name === 'symbol') continue;
      if (!p.enum?.length) usable = false;
      else
        filled = filled.flatMap((f) =>
          p.enum!.map((v) => f.replace(`{${p.name}}`, encodeURIComponent(String(v)))),
        );
    }
    if (usable)
      for (const f of filled)
        out.push(`${doc.basePath ?? ''}${f}${query.length ? `?${query.join('&')}` : ''}`);
    else console.log(`skipped ${path}: a required parameter without a default or allowed values`);
  }
  return out;
}

const metricsToken = 'bench-memory-metrics-token-0123456789';
/** The server's own figures from /metrics: JS heap used, external memory, cache bytes (MiB). */
async function inside(origin: string): Promise<string> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const value = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(name));
    return line ? (Number(line.split(' ').at(-1)) / 2 ** 20).toFixed(0) : '?';
  };
  return `heap ${value('nodejs_heap_size_used_bytes')} external ${value('nodejs_external_memory_bytes')} cache ${value('bahi_response_cache_bytes')}`;
}

const trace = process.env.BENCH_TRACE === '1';
const rows: Record<string, string | number>[] = [];
for (const cacheMb of cacheSizes) {
  // The embedded database in a folder on disk, as `npm start` keeps it under ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'bahi-memory-'));
  const { child, info } = await startServer<ServerInfo>('api-server.mjs', {
    DATA_DIR: dataDir,
    SAMPLE_DATA: 'default',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    RESPONSE_CACHE_MB: String(cacheMb),
    METRICS_TOKEN: metricsToken,
  });
  const pid = child.pid!;
  const origin = `http://127.0.0.1:${info.port}`;
  const doc = (await (await fetch(`${origin}/swagger/doc.json`)).json()) as Parameters<
    typeof perCompanyPaths
  >[0];
  const paths = perCompanyPaths(doc);
  const symbols = info.symbols.slice(0, limit);
  const atReady = memory(pid);
  if (trace) console.log(`ready: RSS ${mib(atReady.rss)} MiB, ${await inside(origin)}`);
  let peak = atReady.rss;
  let shown = atReady.rss;
  const sampler = setInterval(() => {
    const now = memory(pid).rss;
    if (trace && now > shown + 20 * 1024) {
      shown = now;
      void inside(origin).then((m) => console.log(`request ${next}: RSS ${mib(now)} MiB, ${m}`));
    }
    peak = Math.max(peak, now);
  }, 250);
  const total = paths.length * symbols.length;
  let next = 0;
  let failed = 0;
  const statuses = new Map<number, number>();
  const refused = new Set<string>();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        const path = paths[i % paths.length]!;
        const symbol = symbols[Math.floor(i / paths.length)]!;
        const url = `${origin}${path.replace('{symbol}', encodeURIComponent(symbol))}${path.includes('?') ? '&' : '?'}token=${info.key}`;
        const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
        const body = await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (trace && res.status >= 400 && !refused.has(path)) {
          refused.add(path);
          console.log(`${res.status} ${path}: ${Buffer.from(body).toString().slice(0, 240)}`);
        }
        if (res.status >= 500) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = memory(pid);
  peak = Math.max(peak, after.rss);
  rows.push({
    RESPONSE_CACHE_MB: cacheMb,
    endpoints: paths.length,
    companies: symbols.length,
    requests: total,
    seconds: seconds.toFixed(0),
    statuses: [...statuses].map(([s, n]) => `${s}:${n}`).join(' '),
    '5xx': failed,
    'RSS ready MiB': mib(atReady.rss),
    'RSS peak MiB': mib(peak),
    'RSS after MiB': mib(after.rss),
    'peak - ready MiB': mib(peak - atReady.rss),
    // The process's own high-water mark: preparing the answers after listening included.
    'VmHWM MiB': mib(after.hwm),
  });
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\n${clients} clients, every company on every per-company endpoint once, default universe, PGlite, ${benchSetting('server')}`,
);
console.table(rows);
console.log(
  'target: peak - ready stays near RESPONSE_CACHE_MB plus a fixed overhead, whatever the number of answers',
);
