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
 * Bare C servers (body-server.c, built with cc; decision 0360) answer the financials and the
 * daily-quotes bodies two ways: written from memory by writev, what the kernel's copy into the
 * socket costs with no server work beside it; and by sendfile, which copies nothing on the
 * server's core, so what wrk reads from it is the generator's own ceiling for that body.
 *
 * The machine's speed drifts (other jobs, a noisy neighbour), so the measurements interleave:
 * hello-world, then each endpoint, then hello-world again, for several rounds. Each endpoint's
 * ratio is taken against the mean of the hello-world segments around it, and the table shows the
 * median round.
 */
import { type BodyServer, startBodyServer } from './body-server.ts';
import { benchSetting, startServer } from './processes.ts';
import { requireWrk, runWrk, type Sample } from './wrk.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = 50;

requireWrk('bench:api');

const run = (url: string, duration: number, headers?: Record<string, string>, serverPid?: number) =>
  runWrk({ url, seconds: duration, connections, headers, serverPid });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const hello = await startServer<{ port: number; rawPort: number }>('hello-server.mjs');
const api = await startServer<{ port: number; key: string; symbols: string[] }>('api-server.mjs', {
  SAMPLE_DATA: process.env.SAMPLE_DATA ?? 'default',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
const origin = `http://127.0.0.1:${hello.info.port}`;
const rawOrigin = `http://127.0.0.1:${hello.info.rawPort}`;
const base = `http://127.0.0.1:${api.info.port}/api/v1`;
const token = `token=${api.info.key}`;
const ten = api.info.symbols
  .slice(0, 10)
  .map((s) => `symbol=${encodeURIComponent(s)}`)
  .join('&');
const financialsUrl = `${base}/financials/ITC?statement_type=s&statement_code=pl&period=annual&${token}`;
// As wrk asks: no Accept-Encoding (fetch would otherwise ask for, and undo, a compressed answer).
const financials = await fetch(financialsUrl, { headers: { 'accept-encoding': 'identity' } });
const financialsBytes = (await financials.arrayBuffer()).byteLength;
// The header fields of a cached financials answer (less Node's own Date and Connection), for the
// bare Fastify rows that send them too. The hello-world server sets the type and length itself
// and makes a request id for each request; the rest it is given.
const nodeFields = new Set(['date', 'connection', 'keep-alive']);
const madeThere = new Set(['content-type', 'content-length', 'x-request-id']);
const fields = [...financials.headers].filter(([name]) => !nodeFields.has(name));
const fieldCount = fields.length;
const given = Object.fromEntries(fields.filter(([name]) => !madeThere.has(name)));
const posted = await fetch(`${origin}/fields`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(given),
});
if (!posted.ok) throw new Error(`the hello-world server refused the answer's fields: ${posted.status}`);
const dailyUrl = `${base}/daily-quotes/RELIANCE?${token}`;
const dailyBytes = (await (await fetch(dailyUrl)).arrayBuffer()).byteLength;

// Bare C servers for each body (decision 0360): one writing it from memory (the kernel's copy
// into the socket and nothing else), one sending it by sendfile (nothing copied: the generator's
// own ceiling for that body).
const modes = ['writev', 'sendfile'] as const;
const cName = (mode: (typeof modes)[number], bytes: number) =>
  mode === 'sendfile'
    ? `wrk's ceiling: ${bytes} B body by sendfile (C)`
    : `C server, ${bytes} B body written from memory (writev)`;
const cServers = new Map<string, BodyServer | { reason: string }>();
for (const bytes of [financialsBytes, dailyBytes])
  for (const mode of modes) cServers.set(cName(mode, bytes), await startBodyServer(mode, bytes));
const cTargets = [...cServers].flatMap(([name, c]) =>
  'reason' in c ? [] : [{ name, url: `http://127.0.0.1:${c.port}/`, pid: c.child.pid }],
);

const targets: { name: string; url: string; headers?: Record<string, string>; pid?: number }[] = [
  // For reading the figures: bare Fastify answering a body as large as financials/{symbol}'s
  // from memory, which is what the payload alone costs. The target stays against hello-world.
  {
    name: `bare Fastify, ${financialsBytes} B body`,
    url: `${origin}/bytes/${financialsBytes}`,
    pid: hello.child.pid,
  },
  {
    // ...and with the answer's header fields too: the payload and the fields without the product's
    // work (key, plan, rate limit, cache lookup, access line).
    name: `bare Fastify, ${financialsBytes} B body, the answer's ${fieldCount} fields`,
    url: `${origin}/bytes/${financialsBytes}/fields`,
    pid: hello.child.pid,
  },
  {
    // ...and the same written by Node's http alone, as the answer front writes an answer: what
    // any server on Node costs to send that body with those fields.
    name: `bare Node http, ${financialsBytes} B body, the answer's ${fieldCount} fields`,
    url: `${rawOrigin}/bytes/${financialsBytes}/fields`,
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
  {
    name: `bare Fastify, ${dailyBytes} B body, the answer's ${fieldCount} fields`,
    url: `${origin}/bytes/${dailyBytes}/fields`,
    pid: hello.child.pid,
  },
  {
    name: `bare Node http, ${dailyBytes} B body, the answer's ${fieldCount} fields`,
    url: `${rawOrigin}/bytes/${dailyBytes}/fields`,
    pid: hello.child.pid,
  },
  ...cTargets,
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
for (const c of cServers.values()) if ('child' in c) c.child.kill('SIGTERM');

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
  `\n${connections} connections, ${rounds} rounds of ${seconds} s per endpoint, ${benchSetting('servers')}`,
);
console.table(rows);
const helloP99 = Number(rows[0]!['p99 ms']);
const byName = (name: string) => rows.find((r) => r.endpoint === name)!;
const fin = byName('financials/{symbol}');
console.log(
  `${fin.endpoint}: ${fin['x hello']} x hello-world (target >= 0.8), p99 ${fin['p99 ms']} ms = ${(Number(fin['p99 ms']) / helloP99).toFixed(2)} x hello-world's ${helloP99} ms (target <= 2)`,
);
/** The bare rows with the same body and fields, for reading the line above them. */
const bareWithFields = (bytes: number) => {
  for (const server of ['Fastify', 'Node http']) {
    const r = byName(`bare ${server}, ${bytes} B body, the answer's ${fieldCount} fields`);
    console.log(
      `  (bare ${server} with the same body and fields: ${r['x hello']} x hello-world, p99 ${(Number(r['p99 ms']) / helloP99).toFixed(2)} x hello-world's)`,
    );
  }
};
/**
 * The C servers' rows for the same body: what the kernel's copy alone costs (writev), and what
 * wrk can read of that body at all (sendfile): a rate at that ceiling is the generator's, not the
 * server's, and a target above it cannot be shown on this machine.
 */
const bareC = (bytes: number) => {
  for (const mode of modes) {
    const name = cName(mode, bytes);
    const c = cServers.get(name)!;
    if ('reason' in c) {
      console.log(`  (${name}: not measured, ${c.reason})`);
      continue;
    }
    const r = byName(name);
    console.log(
      mode === 'sendfile'
        ? `  (wrk's own ceiling for that body, from a server that copies nothing: ${r['x hello']} x hello-world, wrk at ${r['wrk CPU %']}% of its core, the server at ${r['server CPU %']}%)`
        : `  (a C server writing the same body from memory: ${r['x hello']} x hello-world, the server at ${r['server CPU %']}% of its core)`,
    );
  }
};
bareWithFields(financialsBytes);
bareC(financialsBytes);
const daily = byName('daily-quotes/{symbol} (1 year)');
console.log(`${daily.endpoint}: ${daily['x hello']} x hello-world (target >= 0.5)`);
bareWithFields(dailyBytes);
bareC(dailyBytes);
