/**
 * npm run bench:api — throughput and latency of data API endpoints next to a bare Fastify
 * hello-world measured in the same run. Each server runs pinned to CPU 0, the load generator
 * (autocannon, 50 connections, loopback) to CPU 1, when taskset is available.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const here = new URL('.', import.meta.url).pathname;

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const pin = hasTaskset();
if (pin) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

function start<T>(script: string): Promise<{ child: ChildProcess; info: T }> {
  const args = ['--import', 'tsx', `${here}${script}`];
  const child = pin
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) as T });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string): Promise<Result> {
  await autocannon({ url, connections, duration: 2 }); // warm-up: caches, JIT
  const r = await autocannon({ url, connections, duration: seconds });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

const hello = await start<{ port: number }>('hello-server.ts');
const baseline = await measure('hello-world (bare Fastify)', `http://127.0.0.1:${hello.info.port}/`);
hello.child.kill('SIGTERM');

const api = await start<{ port: number; key: string; symbols: string[] }>('api-server.ts');
const base = `http://127.0.0.1:${api.info.port}/api/v1`;
const token = `token=${api.info.key}`;
const ten = api.info.symbols
  .slice(0, 10)
  .map((s) => `symbol=${encodeURIComponent(s)}`)
  .join('&');
const results = [
  await measure(
    'financials/{symbol}',
    `${base}/financials/ITC?statement_type=s&statement_code=pl&period=annual&${token}`,
  ),
  await measure('quote (10 symbols)', `${base}/quote?${ten}&${token}`),
  await measure('daily-quotes/{symbol} (1 year)', `${base}/daily-quotes/RELIANCE?${token}`),
];
api.child.kill('SIGTERM');

const rows = [baseline, ...results].map((r) => ({
  endpoint: r.name,
  'req/s': Math.round(r.rps),
  'x hello': (r.rps / baseline.rps).toFixed(2),
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  'non-2xx': r.non2xx,
  errors: r.errors,
}));
console.log(
  `\n${connections} connections, ${seconds} s each, ${pin ? 'server on CPU 0, load on CPU 1' : 'unpinned'}`,
);
console.table(rows);
const fin = results[0]!;
console.log(
  `financials/{symbol}: ${(fin.rps / baseline.rps).toFixed(2)} x hello-world (target >= 0.7), p99 ${fin.p99} ms (target <= 5 ms)`,
);
