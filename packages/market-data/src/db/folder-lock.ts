import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * An embedded database's folder, held by one process (decision 0376). PGlite opens a folder two
 * processes share without a word, and each then writes its own copy of the pages over the
 * other's: a second `npm start`, or the intake CLI run beside the server, would lose what the
 * first one was told it kept. So the folder holds a lock file, as PostgreSQL's data directory
 * holds `postmaster.pid`: created exclusively, naming the process (host, pid and, on Linux, when
 * it started), and removed when the database closes. A lock whose process has ended (a crash, a
 * power loss, a container restarted with the same pid) is taken over; one held by a running
 * process is refused with a message that names it.
 */
export interface FolderLock {
  /** An id of this holding: work recorded under another id was left by a process now gone. */
  readonly id: string;
  release(): void;
}

export const lockFileName = 'bahi.lock';
/** How long an unreadable lock file is taken to be still being written. */
const unreadableFreshMs = 10_000;

/** The folder's database is open in another running process (or already in this one). */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

interface Holder {
  host: string;
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/PID/stat), where there is one. */
  started: string | null;
  id: string;
}

/** Lock files this process holds (and its id in each), so a second opening here is refused too. */
const held = new Map<string, string>();
let releaseAtExit = false;

/** Removes `path` if it still names holding `id`. */
function removeOwn(path: string, id: string): void {
  try {
    if (readHolder(path)?.id === id) unlinkSync(path);
  } catch {
    // Gone already, or the folder with it.
  }
}

/** A process's start time in clock ticks since boot, or null where /proc does not tell. */
function startedOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Field 22; the command name (field 2) is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the process a lock names is still running: the same pid, started at the same time. */
function running(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  if (h.pid === process.pid) return false;
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // EPERM: a process of another user has the pid, running.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startedOf(h.pid);
  return h.started === null || started === null || started === h.started;
}

function readHolder(path: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    if (typeof h.host !== 'string' || typeof h.pid !== 'number' || typeof h.id !== 'string') return null;
    return { host: h.host, pid: h.pid, started: typeof h.started === 'string' ? h.started : null, id: h.id };
  } catch {
    return null;
  }
}

/** The lock's holder written whole: a file of its own, renamed over (or onto) `path`. */
function writeOver(path: string, h: Holder): void {
  const next = `${path}.${h.id}`;
  writeFileSync(next, JSON.stringify(h), { mode: 0o644 });
  renameSync(next, path);
}

/** Whether the lock file still holds what was judged left behind (null: unreadable). */
function stillLeft(path: string, left: Holder | null): boolean {
  if (!existsSync(path)) return false;
  const now = readHolder(path);
  return left === null ? now === null : now?.id === left.id;
}

/**
 * Replaces a lock left by a process that ended (`left`; null when unreadable) with `me`'s.
 * Several processes may find the same left lock at once (a supervisor starting them together):
 * each removing it and creating its own, one would remove the lock another had just taken, and
 * both would hold the folder. So the takeover is one process's at a time, under a second lock
 * (`bahi.lock.takeover`, created exclusively and held for a few system calls), and the left lock
 * is replaced by a rename, never removed: a process arriving meanwhile finds a lock file all
 * along. Under it, the lock is read again; if it is no longer the one judged left (another
 * process took it over first), nothing is taken and false is returned, for the caller to judge
 * the lock anew. A takeover lock whose process has ended (killed within those calls) is removed.
 */
function takeOver(path: string, dir: string, left: Holder | null, me: Holder): boolean {
  const guard = `${path}.takeover`;
  const busy = () =>
    new DatabaseInUseError(
      `the database in ${dir} is being opened by another process: stop it first, or try again (if no such process runs, delete ${guard})`,
    );
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = openSync(guard, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw busy();
      const taker = readHolder(guard);
      if (taker ? running(taker) : ageMs(guard) < unreadableFreshMs) throw busy();
      rmSync(guard, { force: true });
    }
  }
  try {
    writeSync(fd, JSON.stringify(me));
  } finally {
    closeSync(fd);
  }
  try {
    if (!stillLeft(path, left)) return false;
    writeOver(path, me);
    return true;
  } finally {
    removeOwn(guard, me.id);
  }
}

/** How long ago a file was last written (0 when it is gone: it counts as fresh). */
function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Takes `dir`'s lock (the folder is created if missing). Throws when another running process, or
 * this one, holds it; a lock left by a process that ended is taken over.
 */
export function lockFolder(dir: string): FolderLock {
  mkdirSync(dir, { recursive: true });
  const path = join(resolve(dir), lockFileName);
  if (held.has(path))
    throw new DatabaseInUseError(
      `the database in ${dir} is already open in this process: close it before opening it again`,
    );
  const me: Holder = {
    host: hostname(),
    pid: process.pid,
    started: startedOf(process.pid),
    id: randomUUID(),
  };
  // A few rounds: each ends in the lock taken, or refused, unless another process changed the
  // lock between this one's reading and acting on it (then it is judged anew).
  for (let round = 0; ; round++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || round > 3) throw err;
      const other = readHolder(path);
      if (other && running(other))
        throw new DatabaseInUseError(
          `the database in ${dir} is in use by process ${other.pid} on ${other.host}: stop it first, or set DATA_DIR to another folder (if no such process runs, delete ${path})`,
        );
      // An unreadable lock is a process's that was killed while writing it (a few bytes, once),
      // or one being written this instant: a fresh one is left to its writer.
      if (!other && ageMs(path) < unreadableFreshMs)
        throw new DatabaseInUseError(
          `the database in ${dir} is being opened by another process: stop it first, or try again (if no such process runs, delete ${path})`,
        );
      if (takeOver(path, dir, other, me)) break;
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    break;
  }
  held.set(path, me.id);
  if (!releaseAtExit) {
    releaseAtExit = true;
    // A process that exits without closing its database (a fatal error) leaves no lock behind.
    process.on('exit', () => {
      for (const [p, id] of held) removeOwn(p, id);
    });
  }
  return {
    id: me.id,
    release() {
      if (held.get(path) !== me.id) return;
      held.delete(path);
      // Only our own: a hand may have deleted it, and another process taken the folder since.
      removeOwn(path, me.id);
    },
  };
}

/** The lock of an embedded database in `dataDir`; in memory (no folder), only an id. */
export function holdEmbedded(dataDir: string | undefined): FolderLock {
  return dataDir ? lockFolder(dataDir) : { id: randomUUID(), release: () => {} };
}
