import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;
const mainScript = join(root, 'apps/server/src/main.ts');
const cliScript = join(root, 'apps/server/src/cli/intake.ts');

/** Starts the real server in its own process (node with the tsx loader, so a kill reaches the server itself). */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/running at (http:\/\/[^/\s]+)\//);
      if (m?.[1]) resolve({ child, url: m[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cliScript, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const inquiry = {
  email: 'durable@example.in',
  first_name: 'Kavya',
  last_name: 'Menon',
  contact_number: '022 4000 1234',
  description: 'We want the full shareholding history.',
  company_name: 'Ledger Labs',
  company_website: '',
  additional_details: '',
  category: 'shareholding',
};

for (const target of testDatabases()) {
  describe(`a 201 survives kill -9 of the server on ${target.name}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bahi-intake-'));
    const running: ChildProcess[] = [];
    afterAll(async () => {
      for (const c of running) c.kill('SIGKILL');
      await Promise.all(running.map(exited));
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps the submission and its queued mail across a crash and restart', {
      timeout: 120_000,
    }, async () => {
      const env: Record<string, string> = {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST: 'none',
        MAIL_POLL_SECONDS: '0',
        SMTP_URL: '',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        // The small sample universe: what is tested is the intake, and loading the default one
        // (5,003 companies) took most of the test's 120 s on PGlite, past it on a busy machine.
        SAMPLE_DATA: 'small',
      };
      if (target.name === 'postgres') {
        const db = await target.open();
        const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
        await db.close();
        const u = new URL(process.env.TEST_DATABASE_URL ?? '');
        u.pathname = `/${rows[0]?.name}`;
        env.DATABASE_URL = u.toString();
      }

      const first = await startServer(env);
      running.push(first.child);
      const res = await fetch(`${first.url}/support?source=bahi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(inquiry),
      });
      expect(res.status).toBe(201);
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      const { reference } = (await res.json()) as { reference: string };

      const second = await startServer(env);
      running.push(second.child);
      const health = await fetch(`${second.url}/readyz`);
      expect(health.status).toBe(200);
      if (target.name !== 'postgres') {
        // The embedded database is one process's (decision 0376): the CLI beside the running
        // server is refused, naming it, instead of writing pages over the server's.
        const refused = await runCli(['list'], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`in use by process ${second.child.pid}`);
      }
      second.child.kill('SIGTERM');
      await exited(second.child);

      const shown = await runCli(['show', reference], env);
      expect(shown.code).toBe(0);
      const { submission, mail } = JSON.parse(shown.stdout) as {
        submission: { kind: string; payload: typeof inquiry };
        mail: { purpose: string; status: string }[];
      };
      expect(submission).toMatchObject({ kind: 'contact', payload: inquiry });
      expect(mail.map((m) => [m.purpose, m.status])).toEqual([
        ['team-notification', 'pending'],
        ['acknowledgement', 'pending'],
      ]);

      const listed = await runCli(['list'], env);
      expect(listed.stdout).toContain(reference);
      expect(listed.stdout).toMatch(/pending\s+2/);
    });
  });
}
