/**
 * The benches' processes: this one (the load) pinned to CPU 1, the servers started on CPU 0,
 * when taskset is available. A server prints one JSON line starting `{"port"` when it listens.
 * A server runs the product as `npm start` does (decision 0335): the build (compiled by tsc, made
 * first when the sources are newer), read by plain node with `npm start`'s node flags (the
 * bahi-dist condition among them). The bench's own server scripts are plain JavaScript, so no
 * TypeScript loader runs beside the product: Node runs a loader's hooks on a thread of their own,
 * whose collections shared the server's core (decision 0336).
 */
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
export const pin = hasTaskset();
if (pin) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

/**
 * The CPUs poll when idle instead of halting, for as long as the bench runs (decision 0338): on
 * a virtual machine a halted CPU is woken by an interrupt from the other, and over loopback the
 * one that sends is the server: each answer that wakes the idle load generator cost the server's
 * core 10–17 µs more (measured with perf), and the slower the server, the more often the
 * generator sleeps, so it weighed most on the slowest passes. Holding /dev/cpu_dma_latency at 0
 * (PM QoS: no exit latency allowed) keeps the idle CPUs polling; the kernel undoes it when this
 * process ends. Needs root; BENCH_IDLE_POLL=false leaves the machine as it is.
 */
function holdIdlePolling(): string {
  if (process.env.BENCH_IDLE_POLL === 'false') return 'idle CPUs halt (BENCH_IDLE_POLL=false)';
  try {
    // Kept open on purpose: the request lasts while the file is open.
    const fd = openSync('/dev/cpu_dma_latency', 'w');
    writeSync(fd, Buffer.alloc(4));
    return 'idle CPUs poll (/dev/cpu_dma_latency held at 0)';
  } catch (err) {
    return `idle CPUs halt (/dev/cpu_dma_latency: ${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
}
const idle = holdIdlePolling();

/** How the bench's processes ran, for its report: pinning and the idle CPUs. */
export const benchSetting = (servers: string): string =>
  `${pin ? `${servers} on CPU 0, load on CPU 1` : 'unpinned'}, ${idle}`;

const here = new URL('.', import.meta.url).pathname;
const root = join(here, '../../..');

/**
 * The node flags `npm start` runs the server with (package.json's start script: the build's
 * condition, the young generation's size), so a bench server runs as the product does.
 */
export const startFlags: string[] = (() => {
  const start = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const run = /\bnode((?: --[^\s]+)+) apps\/server\/dist\/main\.js/.exec(start);
  if (!run)
    throw new Error(
      `package.json's start script does not run node <flags> apps/server/dist/main.js: ${start}`,
    );
  return run[1]!.trim().split(' ');
})();

/**
 * Node flags the bench servers run with besides the product's (BENCH_NODE_FLAGS, separated by
 * spaces): a change of start flags is tried with the same benches before it goes into `npm start`
 * (decision 0348: the old generation's marking loop). Printed when set, so a figure says so.
 */
export const benchFlags: string[] = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
if (benchFlags.length > 0)
  console.log(`BENCH_NODE_FLAGS: the servers run with ${benchFlags.join(' ')} besides npm start's flags`);

let built = false;
/** The server's build, made or brought up to date once per bench (as `npm start` does first). */
function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-changed', 'server'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  built = true;
}

/** Spawns a server process on CPU 0 when pinned (taskset execs it: the same pid). */
export function spawnOnServerCpu(command: string, args: string[], opts: SpawnOptions): ChildProcess {
  return pin ? spawn('taskset', ['-c', '0', command, ...args], opts) : spawn(command, args, opts);
}

/**
 * Starts a bench server script (on CPU 0) and resolves with what it prints when it listens. Its
 * standard output (the access log) goes to a file, as a deployment's log collector would take it
 * elsewhere: read through a pipe by this process, the log would cost CPU 1, the load generator's.
 */
export function startServer<T>(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; info: T; logFile: string }> {
  buildServer();
  if (!script.endsWith('.mjs'))
    throw new Error(`${script}: a bench server is a plain JavaScript module (.mjs)`);
  const args = [...startFlags, ...benchFlags, `${here}${script}`];
  const logFile = join(mkdtempSync(join(tmpdir(), 'bahi-bench-')), 'stdout.log');
  const out = openSync(logFile, 'w');
  const opts: SpawnOptions = { stdio: ['ignore', out, 'inherit'], env: { ...process.env, ...env } };
  const child = spawnOnServerCpu(process.execPath, args, opts);
  closeSync(out);
  process.once('exit', () => {
    // A bench that stops on an error leaves no server behind (taskset execs node: the same pid).
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rmSync(dirname(logFile), { recursive: true, force: true });
  });
  return new Promise((resolve, reject) => {
    let exited = false;
    child.once('exit', (code) => {
      exited = true;
      reject(new Error(`${script} exited with ${code}`));
    });
    // The start line, once whole (it can be longer than one write: the symbol list).
    const poll = setInterval(() => {
      const text = readFileSync(logFile, 'utf8');
      const line = text
        .slice(0, text.lastIndexOf('\n') + 1)
        .split('\n')
        .find((l) => l.startsWith('{"port"'));
      if (line) {
        clearInterval(poll);
        resolve({ child, info: JSON.parse(line) as T, logFile });
      } else if (exited) clearInterval(poll);
    }, 100);
  });
}
