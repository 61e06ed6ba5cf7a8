/**
 * The benches' processes: this one (the load) pinned to CPU 1, the servers started on CPU 0,
 * when taskset is available. A server prints one JSON line starting `{"port"` when it listens.
 */
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';

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

const here = new URL('.', import.meta.url).pathname;

/** Starts a bench server script (on CPU 0) and resolves with what it prints when it listens. */
export function startServer<T>(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; info: T }> {
  const args = ['--import', 'tsx', `${here}${script}`];
  const opts: SpawnOptions = { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } };
  const child = pin
    ? spawn('taskset', ['-c', '0', process.execPath, ...args], opts)
    : spawn(process.execPath, args, opts);
  return new Promise((resolve, reject) => {
    let out = '';
    let found = false;
    // Read (and, once the server is up, discard) standard output: the access log goes there.
    child.stdout!.on('data', (d: Buffer) => {
      if (found) return;
      out += d.toString();
      // Only whole lines: the line can be larger than one pipe chunk (64 KiB).
      const line = out
        .slice(0, out.lastIndexOf('\n') + 1)
        .split('\n')
        .find((l) => l.startsWith('{"port"'));
      if (line) {
        found = true;
        out = '';
        resolve({ child, info: JSON.parse(line) as T });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
