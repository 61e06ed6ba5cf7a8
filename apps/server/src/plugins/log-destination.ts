import { writeSync, writev } from 'node:fs';

/**
 * Where log lines go: a file descriptor (standard output), written asynchronously in batches, so
 * a request never waits on the terminal, a pipe or a disk. A line waits up to `lingerMs` (20 ms)
 * for others to go out with it, or until a batch (64 KiB) is full; lines that arrive while a
 * write is in flight go out together in the next write; what is still queued when the process
 * exits is written synchronously then. (Each write hands a thread of libuv's pool the bytes and
 * wakes the event loop when done: written nearly line by line at the cold path's rate, that cost
 * about 7% of its throughput; decision 0320.)
 *
 * A line is encoded into a batch's buffer (a slab of memory outside the JavaScript heap) as it
 * arrives, so no queued line lives on the heap: queued as strings, a batch's lines were still
 * there at most of the young generation's collections, each of which copied them (decision 0344).
 * Written slabs are used again.
 *
 * In place of pino's SonicBoom: its write() measures the UTF-8 length of the whole pending
 * buffer again for every line (`Buffer.byteLength` of a growing string), which under load cost
 * about a sixth of the data API's cached-answer throughput (decision 0320).
 */
export class LogDestination {
  /** The slab lines are encoded into now, and how many of its bytes they fill. */
  private slab: Buffer = Buffer.allocUnsafeSlow(batchBytes);
  private used = 0;
  /** Filled slabs (their written bytes), in order, waiting to go out. */
  private full: Buffer[] = [];
  /** Slabs whose bytes went out, to be filled again. */
  private spare: Buffer[] = [];
  private writing = false;
  private lingering: NodeJS.Timeout | null = null;
  /**
   * Writes started so far: because a batch filled (`full`), or because a line had waited the
   * linger time (`lingered`). A busy server's go out full; the warm-up's must too (decision 0369).
   */
  readonly writes = { full: 0, lingered: 0 };

  constructor(
    private readonly fd = 1,
    private readonly lingerMs = 20,
  ) {
    process.on('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    // At most three UTF-8 bytes per UTF-16 unit: measured only when that bound does not fit.
    if (this.used + line.length * 3 > batchBytes) {
      const bytes = Buffer.byteLength(line);
      if (this.used + bytes > batchBytes) this.seal();
      if (bytes > batchBytes) {
        // Longer than a batch: a buffer of its own, in its place in the queue.
        this.full.push(Buffer.from(line));
        if (!this.writing) this.schedule();
        return true;
      }
    }
    this.used += this.slab.write(line, this.used);
    if (!this.writing) this.schedule();
    return true;
  }

  /** Writes everything queued now (at exit, or before a deliberate stop). */
  flushSync(): void {
    this.seal();
    const queued = this.full;
    this.full = [];
    for (let rest of queued) {
      while (rest.length > 0) {
        try {
          rest = rest.subarray(writeSync(this.fd, rest));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        }
      }
    }
  }

  /** The slab in hand joins the queue, if it holds anything; a spare (or new) one takes its place. */
  private seal(): void {
    if (this.used === 0) return;
    this.full.push(this.slab.subarray(0, this.used));
    this.slab = this.spare.pop() ?? Buffer.allocUnsafeSlow(batchBytes);
    this.used = 0;
  }

  /** Writes the queued lines now if they fill a batch, else once the linger time is up. */
  private schedule(): void {
    if (this.full.length > 0) {
      this.writes.full += 1;
      this.writeQueued();
    } else if (!this.lingering) {
      // Unreferenced: a process with nothing else to do exits, and the exit handler writes these.
      this.lingering = setTimeout(() => {
        this.writes.lingered += 1;
        this.writeQueued();
      }, this.lingerMs).unref();
    }
  }

  private writeQueued(): void {
    if (this.lingering) {
      clearTimeout(this.lingering);
      this.lingering = null;
    }
    this.seal();
    if (this.full.length === 0) return;
    const chunks = this.full;
    this.full = [];
    this.writing = true;
    this.send(chunks, chunks);
  }

  /** Writes `chunks` (what is left of `batch`'s bytes); then `batch`'s slabs are spare again. */
  private send(chunks: Buffer[], batch: Buffer[]): void {
    writev(this.fd, chunks, (err, written) => {
      if (err) {
        // A non-blocking pipe that is full: try the same bytes again shortly. Any other error
        // (the reader went away): the lines are dropped, as a closed terminal would drop them.
        if (err.code === 'EAGAIN') {
          setTimeout(() => this.send(chunks, batch), 10);
          return;
        }
      } else {
        const rest = after(chunks, written);
        if (rest.length > 0) {
          this.send(rest, batch);
          return;
        }
      }
      for (const chunk of batch)
        if (chunk.buffer.byteLength === batchBytes && this.spare.length < spareSlabs)
          this.spare.push(Buffer.from(chunk.buffer, chunk.byteOffset, batchBytes));
      this.writing = false;
      // Lines queued meanwhile: out now if a batch is full, else after the linger time.
      if (this.used > 0 || this.full.length > 0) this.schedule();
    });
  }
}

/** What is left of `chunks` once their first `written` bytes went out. */
function after(chunks: Buffer[], written: number): Buffer[] {
  let i = 0;
  while (i < chunks.length && written >= chunks[i]!.length) written -= chunks[i++]!.length;
  if (i === chunks.length) return [];
  return [chunks[i]!.subarray(written), ...chunks.slice(i + 1)];
}

/** A batch: lines go out at once when they fill it. */
const batchBytes = 64 * 1024;
/** Written slabs kept for reuse (the rest are left to the collector). */
const spareSlabs = 4;

let stdout: LogDestination | undefined;

/** Standard output's destination, one per process however many apps it builds. */
export function standardOutput(): LogDestination {
  stdout ??= new LogDestination(1);
  return stdout;
}
