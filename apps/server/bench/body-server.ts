/**
 * bench:api's bare C servers (body-server.c, decision 0360), built with the system's C compiler
 * and run on the servers' CPU, answering a body of a given size:
 * - `sendfile`: by sendfile(2) from a tmpfs file, so the server's core copies nothing and costs
 *   far less per byte than any Node server. What wrk reads from it per second is the most wrk
 *   can read of that body here: a server measured at that rate is hidden behind the generator,
 *   and a target above it cannot be shown;
 * - `writev`: from memory by writev(2), as any server holding its answers in memory sends them:
 *   what the kernel's copy into the socket costs, with no server work beside it.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnOnServerCpu } from './processes.ts';

const here = new URL('.', import.meta.url).pathname;

/** Where the body goes: a tmpfs (/dev/shm) when writable, so sendfile reads memory. */
function bodyDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

let binary: string | { reason: string } | undefined;

/** Builds the server once (cc -O2); a reason when it cannot (no compiler, not Linux). */
function build(): string | { reason: string } {
  if (binary !== undefined) return binary;
  if (process.platform !== 'linux') {
    binary = { reason: 'body-server.c is for Linux' };
    return binary;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bahi-body-server-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'body-server');
  try {
    execFileSync('cc', ['-O2', '-o', out, join(here, 'body-server.c')], { stdio: 'pipe' });
    binary = out;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    binary = {
      reason:
        e.code === 'ENOENT'
          ? 'no C compiler (cc): apt-get install gcc to measure it'
          : `cc failed: ${e.stderr?.toString().trim().split('\n')[0] ?? e.message}`,
    };
  }
  return binary;
}

export interface BodyServer {
  child: ChildProcess;
  port: number;
}

/** Starts a server for a body of `bytes` (on CPU 0 when pinned), or says why it cannot. */
export function startBodyServer(
  mode: 'sendfile' | 'writev',
  bytes: number,
): Promise<BodyServer | { reason: string }> {
  const built = build();
  if (typeof built !== 'string') return Promise.resolve(built);
  const file = join(bodyDir(), `bahi-body-${process.pid}-${mode}-${bytes}`);
  const args = [mode, String(bytes), file];
  const child = spawnOnServerCpu(built, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => {
    child.kill('SIGTERM');
    rmSync(file, { force: true });
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`body-server exited with ${code}: ${out}`)));
  });
}
