/**
 * The benches' load generator: Debian's `wrk` (a generator written in C, so the figures are the
 * server's, not the generator's), pinned to CPU 1 when taskset is available. Each run also reads
 * the server's and wrk's CPU from /proc while it runs: a server at about 100% of its core with
 * wrk below it is the server's figure, not the generator's ceiling.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pin } from './processes.ts';

/** Exits with the one command to run when wrk is not installed. */
export function requireWrk(bench: string): void {
  try {
    execFileSync('wrk', ['-v'], { stdio: 'ignore' });
  } catch (err) {
    // wrk -v exits 1 after printing its version; only a missing binary is an error.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`wrk is not installed: apt-get install wrk (Debian), then run npm run ${bench} again`);
      process.exit(1);
    }
  }
}

export interface Sample {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU used while the load ran, % of one core: the server's, and the load generator's own. */
  serverCpu: number;
  wrkCpu: number;
  /** The server's CPU time while the load ran, ms (read in clock ticks: 10 ms); NaN without its pid. */
  serverCpuMs: number;
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

export interface RunOptions {
  /** A URL, or with `paths` the origin the paths are asked of. */
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  serverPid?: number;
  /**
   * A file of paths (one per line) asked with one connection per thread (paths.lua): each once,
   * the run ending when the last is answered, or round and round for `seconds` ("loop").
   */
  paths?: { file: string; mode: 'once' | 'loop' };
  /** probe.lua: 5 ms between an answer and the connection's next request. */
  probe?: boolean;
  /** Called with the wrk process once it has started (to stop it early with SIGINT). */
  started?: (child: ChildProcess) => void;
}

const here = new URL('.', import.meta.url).pathname;

/** One wrk run, with the server's and wrk's CPU read from /proc meanwhile. */
export function runWrk(o: RunOptions): Promise<Sample> {
  const threads = o.paths ? o.connections : 1;
  const args = [`-t${threads}`, `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '--timeout', '5s'];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}: ${v}`);
  if (o.paths) args.push('-s', `${here}paths.lua`);
  else if (o.probe) args.push('-s', `${here}probe.lua`);
  args.push(o.url);
  if (o.paths) args.push('--', o.paths.file, String(threads), o.paths.mode);
  const [cmd, argv] = pin ? ['taskset', ['-c', '1', 'wrk', ...args]] : ['wrk', args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
    // The server's CPU from wrk's start to its end (read again when it has closed), so a pass
    // shorter than the 100 ms between readings still has its figure; wrk's own from its start
    // to its last reading (its /proc entry is gone once it has closed), taken at the latest when
    // its threads report the paths done (in 10 ms ticks: rough for a pass of tens of ms).
    const first = { at: performance.now(), server: cpuTicks(o.serverPid), wrk: cpuTicks(child.pid) };
    let last = { at: first.at, wrk: first.wrk };
    const poll = setInterval(() => {
      const wrk = cpuTicks(child.pid);
      if (wrk !== null) last = { at: performance.now(), wrk };
    }, 100);
    let out = '';
    let stopped = 0;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      // paths.lua "once": wrk runs until its duration ends; interrupted when every thread stopped.
      stopped += chunk.split('stopped\n').length - 1;
      if (o.paths && stopped === threads) {
        // wrk's CPU read once more while it still runs: a pass shorter than the 100 ms between
        // readings had none after the first and printed NaN (1,000 whole histories in 74 ms).
        const wrk = cpuTicks(child.pid);
        if (wrk !== null) last = { at: performance.now(), wrk };
        child.kill('SIGINT');
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      clearInterval(poll);
      // Interrupted with SIGINT, wrk still prints its figures and exits 0.
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${out}`));
      const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
      const errorCounts = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const percent = (a: number | null, b: number | null, seconds: number) =>
        a === null || b === null || seconds <= 0
          ? Number.NaN
          : Math.round(((b - a) / ticksPerSecond / seconds) * 100);
      const serverTicks = cpuTicks(o.serverPid);
      const cpu = {
        serverCpu: percent(first.server, serverTicks, (performance.now() - first.at) / 1000),
        wrkCpu: percent(first.wrk, last.wrk, (last.at - first.at) / 1000),
        serverCpuMs:
          serverTicks === null || first.server === null
            ? Number.NaN
            : ((serverTicks - first.server) * 1000) / ticksPerSecond,
      };
      const json = out.split('\n').find((l) => l.startsWith('{"requests"'));
      if (json) {
        // paths.lua's own figures: its time runs from the first request to the last answer.
        const f = JSON.parse(json) as Omit<Sample, 'rps' | 'serverCpu' | 'wrkCpu' | 'serverCpuMs'> & {
          seconds: number;
        };
        resolve({ ...f, rps: f.requests / f.seconds, ...cpu });
        return;
      }
      resolve({
        rps: num(/Requests\/sec:\s+([\d.]+)/),
        requests: num(/(\d+) requests in/),
        p50: toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ''),
        p99: toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ''),
        errors: errorCounts ? errorCounts.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
        non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
        ...cpu,
      });
    });
    o.started?.(child);
  });
}
