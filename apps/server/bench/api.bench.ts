/**
 * npm run bench:api — throughput and latency of data API endpoints next to a bare Fastify
 * hello-world measured in the same run. Each server runs pinned to CPU 0, the load generator
 * (wrk, one thread, 50 connections, loopback) to CPU 1, when taskset is available. wrk is
 * Debian's package `wrk` (`apt-get install wrk`); a generator written in C, so the figures are
 * the server's, not the generator's. The API server runs the default universe at the default
 * log level (info: one access line per request), as `npm start` does.
 *
 * Each row also shows the CPU the server and wrk used meanwhile (% of one core): a server at
 * about 100% with wrk below it is the server's own figure, not the generator's ceiling.
 *
 * The machine's speed drifts (other jobs, a noisy neighbour), so the measurements interleave:
 * hello-world, then each endpoint, then hello-world again, for several rounds. Each endpoint's
 * ratio is taken against the mean of the hello-world segments around it, and the table shows the
 * median round.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pin, startServer } from './processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 50;

try {
  execFileSync('wrk', ['-v'], { stdio: 'ignore' });
} catch (err) {
  // wrk -v exits 1 after printing its version; only a missing binary is an error.
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error('wrk is not installed: apt-get install wrk (Debian), then run npm run bench:api again');
    process.exit(1);
  }
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU used while the load ran, % of one core: the server's, and the load generator's own. */
  serverCpu: number;
  wrkCpu: number;
}

const ticksPerSecond = 100;
/** A process's CPU time so far (user + system), in clock ticks; null once it has gone. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** wrk's duration with unit (850.00us, 1.20ms, 1.01s) in ms. */
const toMs = (v: string) => {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  const ms = m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
  return Math.round(ms * 1000) / 1000;
};

/**
 * One wrk run. The server's and wrk's CPU are read from /proc while it runs (the last reading
 * a little before wrk ends), so a figure can be told apart from the generator's ceiling: a
 * server near 100% of its core with wrk below it is the server's figure.
 */
function run(
  url: string,
  duration: number,
  headers?: Record<string, string>,
  serverPid?: number,
): Promise<Sample> {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '5s'];
  for (const [k, v] of Object.entries(headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(url);
  const [cmd, argv] = pin ? ['taskset', ['-c', '1', 'wrk', ...args]] : ['wrk', args];
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, argv as string[], (err, out) => {
      clearInterval(poll);
      if (err) return reject(err);
      const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
      const errorCounts = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const percent = (a: number | null, b: number | null, seconds: number) =>
        a === null || b === null || seconds <= 0
          ? Number.NaN
          : Math.round(((b - a) / ticksPerSecond / seconds) * 100);
      const seconds = (last.at - first.at) / 1000;
      resolve({
        rps: num(/Requests\/sec:\s+([\d.]+)/),
        p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
        p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
        errors: errorCounts ? errorCounts.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
        non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
        serverCpu: percent(first.server, last.server, seconds),
        wrkCpu: percent(first.wrk, last.wrk, seconds),
      });
    });
    // Readings from half a second in (connections made) until wrk ends.
    const reading = () => ({ at: performance.now(), server: cpuTicks(serverPid), wrk: cpuTicks(child.pid) });
    let first = { at: 0, server: null as number | null, wrk: null as number | null };
    let last = first;
    const poll = setInterval(() => {
      const r = reading();
      if (r.wrk === null) return;
      if (first.at === 0) first = r;
      else last = r;
    }, 500);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const hello = await startServer<{ port: number }>('hello-server.ts');
const api = await startServer<{ port: number; key: string; symbols: string[] }>('api-server.ts', {
  SAMPLE_DATA: process.env.SAMPLE_DATA ?? 'default',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
const origin = `http://127.0.0.1:${hello.info.port}`;
const base = `http://127.0.0.1:${api.info.port}/api/v1`;
const token = `token=${api.info.key}`;
const ten = api.info.symbols
  .slice(0, 10)
  .map((s) => `symbol=${encodeURIComponent(s)}`)
  .join('&');
const financialsUrl = `${base}/financials/ITC?statement_type=s&statement_code=pl&period=annual&${token}`;
const financialsBytes = (await (await fetch(financialsUrl)).arrayBuffer()).byteLength;
const dailyUrl = `${base}/daily-quotes/RELIANCE?${token}`;
const dailyBytes = (await (await fetch(dailyUrl)).arrayBuffer()).byteLength;

const targets: { name: string; url: string; headers?: Record<string, string>; pid?: number }[] = [
  // For reading the figures: bare Fastify answering a body as large as financials/{symbol}'s
  // from memory, which is what the payload alone costs. The target stays against hello-world.
  {
    name: `bare Fastify, ${financialsBytes} B body`,
    url: `${origin}/bytes/${financialsBytes}`,
    pid: hello.child.pid,
  },
  { name: 'financials/{symbol}', url: financialsUrl },
  {
    // What HTTP client libraries (Python requests, Go, Node fetch) send by default.
    name: 'financials/{symbol}, Accept-Encoding: gzip, deflate, br',
    url: financialsUrl,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  { name: 'quote (10 symbols)', url: `${base}/quote?${ten}&${token}` },
  { name: 'daily-quotes/{symbol} (1 year)', url: dailyUrl },
  {
    name: 'daily-quotes/{symbol} (1 year), Accept-Encoding: gzip, deflate, br',
    url: dailyUrl,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  // The same for the year of daily quotes: what a body that large costs to send and to read.
  { name: `bare Fastify, ${dailyBytes} B body`, url: `${origin}/bytes/${dailyBytes}`, pid: hello.child.pid },
];
for (const t of targets) t.pid ??= api.child.pid;
const helloUrl = `${origin}/`;

// Warm-up: caches, JIT.
await run(helloUrl, 2);
for (const t of targets) await run(t.url, 2, t.headers, t.pid);

const helloSamples: Sample[] = [await run(helloUrl, seconds, undefined, hello.child.pid)];
const samples = targets.map(() => [] as { sample: Sample; ratio: number }[]);
for (let round = 0; round < rounds; round++) {
  const measured: Sample[] = [];
  for (const t of targets) measured.push(await run(t.url, seconds, t.headers, t.pid));
  const after = await run(helloUrl, seconds, undefined, hello.child.pid);
  const around = (helloSamples.at(-1)!.rps + after.rps) / 2;
  helloSamples.push(after);
  measured.forEach((sample, i) => {
    samples[i]!.push({ sample, ratio: sample.rps / around });
  });
}
hello.child.kill('SIGTERM');
api.child.kill('SIGTERM');

const helloRps = median(helloSamples.map((s) => s.rps));
console.log(
  `hello-world segments: ${helloSamples.map((s) => Math.round(s.rps)).join(', ')} req/s (median ${Math.round(helloRps)})`,
);
const row = (name: string, s: Sample[], ratios: number[]) => ({
  endpoint: name,
  'req/s': Math.round(median(s.map((x) => x.rps))),
  'x hello': median(ratios).toFixed(2),
  'x hello per round': ratios.map((r) => r.toFixed(2)).join(' '),
  'p50 ms': Number(median(s.map((x) => x.p50)).toFixed(3)),
  'p99 ms': Number(median(s.map((x) => x.p99)).toFixed(3)),
  'server CPU %': median(s.map((x) => x.serverCpu)),
  'wrk CPU %': median(s.map((x) => x.wrkCpu)),
  'non-2xx': s.reduce((a, x) => a + x.non2xx, 0),
  errors: s.reduce((a, x) => a + x.errors, 0),
});
const rows = [
  row('hello-world (bare Fastify)', helloSamples, [1]),
  ...targets.map((t, i) =>
    row(
      t.name,
      samples[i]!.map((x) => x.sample),
      samples[i]!.map((x) => x.ratio),
    ),
  ),
];
console.log(
  `\n${connections} connections, ${rounds} rounds of ${seconds} s per endpoint, ${pin ? 'servers on CPU 0, load on CPU 1' : 'unpinned'}`,
);
console.table(rows);
const helloP99 = Number(rows[0]!['p99 ms']);
const byName = (name: string) => rows.find((r) => r.endpoint === name)!;
const fin = byName('financials/{symbol}');
console.log(
  `${fin.endpoint}: ${fin['x hello']} x hello-world (target >= 0.8), p99 ${fin['p99 ms']} ms = ${(Number(fin['p99 ms']) / helloP99).toFixed(2)} x hello-world's ${helloP99} ms (target <= 2)`,
);
const daily = byName('daily-quotes/{symbol} (1 year)');
console.log(`${daily.endpoint}: ${daily['x hello']} x hello-world (target >= 0.5)`);
