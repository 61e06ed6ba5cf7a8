import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { runIngestCommand } from '../ingest/cli-ingest.ts';
import { openDb } from './database.ts';
import { DatabaseInUseError, lockFileName, lockFolder } from './folder-lock.ts';

const folders: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bahi-lock-'));
  folders.push(dir);
  return dir;
}

/** A process running `code` as a module (TypeScript imports allowed), killed after the tests. */
function moduleProcess(code: string): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: 'pipe',
  });
  children.push(child);
  return child;
}

/** A pid no process has: one that has just ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

/** Another process that takes the folder's lock and holds it until killed. */
async function holderProcess(dir: string): Promise<ChildProcessWithoutNullStreams> {
  const module = new URL('./folder-lock.ts', import.meta.url).pathname;
  const code = `const { lockFolder } = await import(${JSON.stringify(module)});
lockFolder(${JSON.stringify(dir)});
console.log('held');
setInterval(() => {}, 60_000);`;
  const child = moduleProcess(code);
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += String(c);
  });
  const first = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
  if (first.value !== 'held') throw new Error(`the holding process did not start: ${stderr}`);
  return child;
}

const killed = (child: ChildProcessWithoutNullStreams) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('an embedded database folder', () => {
  it('is opened by one database at a time in a process, and closing it gives it back', async () => {
    const dir = folder();
    const db = await openDb({ kind: 'pglite', dataDir: dir, thread: true });
    await db.exec('CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');
    expect(db.exclusive).toEqual(expect.any(String));
    await expect(openDb({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/already open in this process/);
    // The refused opening did not take the lock from the first.
    expect(existsSync(join(dir, lockFileName))).toBe(true);
    await db.close();
    expect(existsSync(join(dir, lockFileName))).toBe(false);

    const again = await openDb({ kind: 'pglite', dataDir: dir });
    expect((await again.query<{ x: number }>('SELECT x FROM kept')).rows).toEqual([{ x: 7 }]);
    // Another opening is another holder: claims under the first one's id were left behind.
    expect(again.exclusive).not.toBe(db.exclusive);
    await again.close();
  }, 60_000);

  it('open in this process is refused by any path to it: a link to the folder, or a lock this process wrote', () => {
    const dir = folder();
    const link = join(folder(), 'link');
    symlinkSync(dir, link);
    const taken = lockFolder(dir);
    expect(() => lockFolder(link)).toThrow(/already open in this process/);
    // The lock as another thread of this process, holding the folder apart, would have written it.
    const lock = JSON.parse(readFileSync(join(dir, lockFileName), 'utf8'));
    taken.release();
    writeFileSync(join(dir, lockFileName), JSON.stringify({ ...lock, id: 'another thread' }));
    expect(() => lockFolder(dir)).toThrow(/already open in this process/);
    // Left by an earlier process that had this pid (started before): taken over.
    writeFileSync(join(dir, lockFileName), JSON.stringify({ ...lock, id: 'earlier', started: '1' }));
    lockFolder(link).release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('held by another running process is refused with its pid; once that process is killed, taken over', async () => {
    const dir = folder();
    const other = await holderProcess(dir);
    let refused: unknown;
    try {
      lockFolder(dir);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as Error).message).toContain(`in use by process ${other.pid}`);
    await expect(openDb({ kind: 'pglite', dataDir: dir, thread: true })).rejects.toThrow(DatabaseInUseError);

    // Killed, it leaves its lock file behind, as a crash or a power loss does.
    await killed(other);
    expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid).toBe(other.pid);
    const db = await openDb({ kind: 'pglite', dataDir: dir, thread: true });
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    await db.close();
  }, 60_000);

  it('unreadable is taken to be still being written while fresh, and left by a crashed writer once old', async () => {
    const dir = folder();
    const path = join(dir, lockFileName);
    writeFileSync(path, '');
    expect(() => lockFolder(dir)).toThrow(/being opened by another process/);
    // Eleven seconds old: its writer was killed before it wrote.
    const old = new Date(Date.now() - 11_000);
    utimesSync(path, old, old);
    const taken = lockFolder(dir);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    taken.release();
  });

  it('held, makes a data command say so and end with 1 instead of throwing', async () => {
    const dir = folder();
    const other = await holderProcess(dir);
    const before = process.env.DATA_DIR;
    process.env.DATA_DIR = dir;
    const errors: string[] = [];
    try {
      const code = await runIngestCommand(
        ['ingest', join(dir, 'any.csv')],
        () => {},
        (l) => errors.push(l),
      );
      expect(code).toBe(1);
      expect(errors).toEqual([expect.stringContaining(`in use by process ${other.pid}`)]);
    } finally {
      if (before === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = before;
    }
  }, 60_000);

  it('left by a dead process and found by several starting at once is taken over by one of them alone', async () => {
    // Processes that each take a folder's lock at a moment they are given, and say what came of it.
    const module = new URL('./folder-lock.ts', import.meta.url).pathname;
    const code = `const { lockFolder } = await import(${JSON.stringify(module)});
const lines = (await import('node:readline')).createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [dir, at] = JSON.parse(line);
  setTimeout(() => {
    while (Date.now() < at);
    let said;
    try {
      lockFolder(dir);
      said = 'held';
    } catch (err) {
      said = err.name + ': ' + err.message;
    }
    console.log(JSON.stringify([dir, said]));
  }, at - Date.now() - 5);
});
console.log('ready');`;
    const starters = Array.from({ length: 6 }, () => {
      const child = moduleProcess(code);
      return { child, said: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
    });
    for (const s of starters) expect((await s.said.next()).value).toBe('ready');
    const dead = deadPid();
    for (let round = 0; round < 12; round++) {
      const dir = folder();
      const left = { host: hostname(), pid: dead, started: '1', id: `left ${round}` };
      writeFileSync(join(dir, lockFileName), JSON.stringify(left));
      const at = Date.now() + 100;
      for (const s of starters) s.child.stdin.write(`${JSON.stringify([dir, at])}\n`);
      const said = await Promise.all(starters.map(async (s) => JSON.parse((await s.said.next()).value)));
      expect(said.map(([d]) => d)).toEqual(starters.map(() => dir));
      const holders = starters.filter((_, i) => said[i][1] === 'held');
      // One holds the folder, the lock file names it, and every other was refused.
      expect(holders.length, `round ${round}: ${JSON.stringify(said)}`).toBe(1);
      expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid).toBe(holders[0]!.child.pid);
      // Every other was refused, naming the one that won.
      const winner = holders[0]!.child.pid;
      expect(said.filter(([, s]) => s !== 'held').map(([, s]) => s)).toEqual(
        Array(starters.length - 1).fill(
          expect.stringMatching(`^DatabaseInUseError: .* in use by process ${winner} `),
        ),
      );
      // Nothing of the takeover is left in the folder.
      expect(readdirSync(dir)).toEqual([lockFileName]);
    }
  }, 120_000);

  it('left, while another running process is taking it over, is refused; a takeover left by a killed process is not in the way', async () => {
    const dir = folder();
    const path = join(dir, lockFileName);
    const dead = deadPid();
    writeFileSync(path, JSON.stringify({ host: hostname(), pid: dead, started: '1', id: 'left' }));
    const other = await holderProcess(folder());
    writeFileSync(
      `${path}.takeover`,
      JSON.stringify({ host: hostname(), pid: other.pid, started: null, id: 'taker' }),
    );
    expect(() => lockFolder(dir)).toThrow(
      `being opened by another process (process ${other.pid} on ${hostname()})`,
    );
    expect(JSON.parse(readFileSync(path, 'utf8')).id).toBe('left');

    await killed(other);
    const taken = lockFolder(dir);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual([lockFileName]);
    taken.release();
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  // Where /proc tells no start time, a running pid counts as the holder.
  it.skipIf(!existsSync('/proc/self/stat'))(
    'named by a pid that another process now has (it started later) is taken over',
    async () => {
      const dir = folder();
      const other = await holderProcess(dir);
      const lock = JSON.parse(readFileSync(join(dir, lockFileName), 'utf8'));
      await killed(other);
      // The same file, as if the dead holder's pid had been given to a running process since.
      const running = await holderProcess(folder());
      writeFileSync(join(dir, lockFileName), JSON.stringify({ ...lock, pid: running.pid }));
      const taken = lockFolder(dir);
      expect(JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')).pid).toBe(process.pid);
      taken.release();
      expect(existsSync(join(dir, lockFileName))).toBe(false);
    },
    60_000,
  );
});
