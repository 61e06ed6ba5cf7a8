import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
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
  // This process's pid: held by this process (another thread, or another path to the folder:
  // the same start time), or left by an earlier process that had the same pid (a container
  // restarted as pid 1: started later).
  if (h.pid === process.pid)
    return (h.started !== null && h.started === startedOf(process.pid)) || [...held.values()].includes(h.id);
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // EPERM: a process of another user has the pid, running.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startedOf(h.pid);
  return h.started === null || started === null || started === h.started;
}

function holderOf(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (typeof h.host !== 'string' || typeof h.pid !== 'number' || typeof h.id !== 'string') return null;
    return { host: h.host, pid: h.pid, started: typeof h.started === 'string' ? h.started : null, id: h.id };
  } catch {
    return null;
  }
}

function readHolder(path: string): Holder | null {
  return readLock(path)?.holder ?? null;
}

/** A lock file as found: its holder (null when unreadable), which file it is, and its age. */
interface Found {
  holder: Holder | null;
  ino: number;
  mtimeMs: number;
  ageMs: number;
}

/** Reads a lock file through one descriptor, so holder and inode are the same file's; null when gone. */
function readLock(path: string): Found | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const st = fstatSync(fd);
    return {
      holder: holderOf(readFileSync(fd, 'utf8')),
      ino: st.ino,
      mtimeMs: st.mtimeMs,
      ageMs: Date.now() - st.mtimeMs,
    };
  } finally {
    closeSync(fd);
  }
}

/** The lock's holder written whole: a file of its own, renamed over `path`. */
function writeOver(path: string, h: Holder): void {
  const next = `${path}.${h.id}`;
  try {
    writeFileSync(next, JSON.stringify(h), { mode: 0o644 });
    renameSync(next, path);
  } finally {
    rmSync(next, { force: true });
  }
}

/**
 * Whether a lock file is still the one found before: the same file (a lock created since, even
 * one not written yet, is another inode, or the same inode written at another time) with the
 * same holder.
 */
function stillThere(path: string, before: Found): boolean {
  const now = readLock(path);
  return (
    now !== null &&
    now.ino === before.ino &&
    now.mtimeMs === before.mtimeMs &&
    now.holder?.id === before.holder?.id
  );
}

/**
 * Creates `path` exclusively and writes `h` in it: false when it exists already. A write that
 * fails removes the file, so no empty lock is left to wait for.
 */
function createHolding(path: string, h: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(h));
  } catch (err) {
    rmSync(path, { force: true });
    throw err;
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Replaces a lock left by a process that ended (`left`) with `me`'s. Several processes may find
 * the same left lock at once (a supervisor starting them together): each removing it and
 * creating its own, one would remove the lock another had just taken, and both would hold the
 * folder. So the takeover is one process's at a time, under a second lock (`bahi.lock.takeover`,
 * created exclusively and held for a few system calls), and the left lock is replaced by a
 * rename, never removed: a process arriving meanwhile finds a lock file all along. Under it, the
 * lock is read again; if it is no longer the one judged left (another process took it over
 * first), nothing is taken and false is returned, for the caller to judge the lock anew. A
 * takeover lock whose process has ended (killed within those calls) is removed.
 */
function takeOver(path: string, left: Found, me: Holder): 'taken' | 'changed' | Found {
  const guard = `${path}.takeover`;
  for (let attempt = 0; !createHolding(guard, me); attempt++) {
    const taker = readLock(guard);
    // Released since: tried again.
    if (!taker) {
      if (attempt > 2) return 'changed';
      continue;
    }
    if (attempt > 0 || (taker.holder ? running(taker.holder) : taker.ageMs < unreadableFreshMs)) return taker;
    // Its process ended within those calls: removed, if it is still that file.
    if (stillThere(guard, taker)) rmSync(guard, { force: true });
  }
  try {
    if (!stillThere(path, left)) return 'changed';
    writeOver(path, me);
    return 'taken';
  } finally {
    removeOwn(guard, me.id);
  }
}

/** Waits `ms` without handing back the event loop (an opening is synchronous, and brief). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes `dir`'s lock (the folder is created if missing). Throws when another running process, or
 * this one, holds it; a lock left by a process that ended is taken over.
 */
export function lockFolder(dir: string): FolderLock {
  mkdirSync(dir, { recursive: true });
  // The folder itself, however it is named (a link to it, a relative path): one key for it here.
  const path = join(realpathSync(resolve(dir)), lockFileName);
  const openHere = () =>
    new DatabaseInUseError(
      `the database in ${dir} is already open in this process: close it before opening it again`,
    );
  if (held.has(path)) throw openHere();
  const me: Holder = {
    host: hostname(),
    pid: process.pid,
    started: startedOf(process.pid),
    id: randomUUID(),
  };
  const inUse = (other: Holder) =>
    other.pid === process.pid && other.host === me.host
      ? openHere()
      : new DatabaseInUseError(
          `the database in ${dir} is in use by process ${other.pid} on ${other.host}: stop it first, or set DATA_DIR to another folder (if no such process runs, delete ${path})`,
        );
  // Rounds: each ends in the lock taken, or refused, unless another process is opening the folder
  // this instant (a lock not written yet, a takeover under way) or changed the lock between this
  // one's reading and acting on it: the lock is then judged anew after a moment, so a process
  // started beside another names the one that won.
  const rounds = 10;
  for (let round = 1; ; round++) {
    if (!createHolding(path, me)) {
      const found = readLock(path);
      // Gone since: created anew.
      if (!found) continue;
      const other = found.holder;
      if (other && running(other)) throw inUse(other);
      // An unreadable lock is a process's that was killed while writing it (a few bytes, once),
      // or one being written this instant: a fresh one is left to its writer.
      let busy: Found | null = !other && found.ageMs < unreadableFreshMs ? found : null;
      if (!busy) {
        const outcome = takeOver(path, found, me);
        if (outcome === 'taken') break;
        if (outcome !== 'changed') busy = outcome;
      }
      if (round < rounds) {
        pause(20);
        continue;
      }
      const by = busy?.holder ? ` (process ${busy.holder.pid} on ${busy.holder.host})` : '';
      throw new DatabaseInUseError(
        `the database in ${dir} is being opened by another process${by}: stop it first, or try again`,
      );
    }
    // A process stalled between creating its lock and writing it (stopped, its machine paused)
    // for longer than an unreadable lock is waited for may have had it taken over meanwhile.
    const now = readLock(path);
    if (now?.holder?.id !== me.id) {
      if (now?.holder && running(now.holder)) throw inUse(now.holder);
      throw new DatabaseInUseError(
        `the database in ${dir} was taken by another process while this one opened it: try again`,
      );
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
