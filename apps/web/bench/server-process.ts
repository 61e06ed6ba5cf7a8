import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The API server for a bench: `node --import tsx apps/server/src/main.ts` in a process group of
 * its own, so that `stop` ends it with whatever it started (a wrapper such as `npx tsx` or
 * `.bin/tsx` runs the server as a child, and killing only the wrapper left the server running).
 * `stop` also runs when the bench exits early (an exception, Ctrl-C).
 */
export function startServerProcess(
  repoRoot: string,
  env: Record<string, string>,
  stdio: 'inherit' | ['ignore', 'inherit', 'inherit'] = 'inherit',
): { server: ChildProcess; stop: () => void } {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio,
    detached: true,
  });
  const stop = () => {
    if (server.pid === undefined) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // the whole group has exited already
    }
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  return { server, stop };
}
