import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';

const root = new URL('../../../../../', import.meta.url).pathname;
const mainScript = join(root, 'apps/server/src/main.ts');
const compiledMain = join(root, 'apps/server/dist/main.js');

/** Settings every test server shares: no site, no mail sending, the small universe, a free port. */
export const baseEnv: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  WEB_DIST: 'none',
  SAMPLE_DATA: 'small',
  MAIL_POLL_SECONDS: '0',
  SMTP_URL: '',
  DATABASE_URL: '',
  REDIS_URL: '',
  DATA_DIR: ':memory:',
  DATA_SYNC: 'off',
};

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first output line matching `pattern` from now on, or from the start when `fromStart`. */
  line(pattern: RegExp, fromStart?: boolean): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server (main.ts) in its own OS process, with the tsx loader given to node itself so
 * a signal reaches the server and cluster workers inherit the loader; or, with `compiled`, the
 * production build (apps/server/dist/main.js) on plain node. Resolves once it prints "running at".
 */
export function startServer(
  env: Record<string, string>,
  opts: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  const args = opts.compiled ? ['--conditions=bahi-dist', compiledMain] : ['--import', 'tsx', mainScript];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const lines = out.slice(w.from).split('\n');
      // A line counts once complete (its newline arrived).
      const found = lines.slice(0, -1).find((l) => w.pattern.test(l));
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(found);
      }
    }
  };
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = (pattern: RegExp, fromStart = false) =>
    new Promise<string>((resolve) => {
      waiters.push({ pattern, from: fromStart ? 0 : out.length, resolve });
      check();
    });
  return new Promise((resolve, reject) => {
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)),
    );
    void line(/running at http:\/\/[^/\s]+\//, true).then((l) => {
      const url = /running at (http:\/\/[^/\s]+)\//.exec(l)?.[1] ?? '';
      resolve({ child, url, port: Number(new URL(url).port), output: () => out, line, exited });
    });
  });
}

/** Stops a test server for good (SIGKILL) unless it has already exited. */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

export interface Outcome {
  startedAt: number;
  status?: number;
  error?: string;
}

/** One GET on a connection of its own (no keep-alive), as a client behind a proxy would make. */
export function getOnce(url: string, timeoutMs = 10_000): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ startedAt, status: res.statusCode }));
      res.on('error', (err) =>
        resolve({ startedAt, error: (err as NodeJS.ErrnoException).code ?? err.message }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ startedAt, error: (err as NodeJS.ErrnoException).code ?? err.message }),
    );
  });
}

/**
 * A steady load: `clients` loops, each sending its next GET as soon as the previous one answered,
 * to whichever URL `target()` names, until stop() is called.
 */
export function steadyLoad(target: () => string, clients = 4) {
  const outcomes: (Outcome & { url: string })[] = [];
  let running = true;
  const loops = Array.from({ length: clients }, async () => {
    while (running) {
      const url = target();
      outcomes.push({ url, ...(await getOnce(url)) });
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** The ids and pids of a cluster primary's workers as its log lines report them. */
export function workerPidsListening(output: string): number[] {
  return output
    .split('\n')
    .filter((l) => l.includes('"msg":"worker listening"'))
    .map((l) => (JSON.parse(l) as { workerPid: number }).workerPid);
}

/** Waits until `done()` holds, checking after each turn of the event loop and a short pause. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
