import type { Queryable } from '@bahi/market-data/db';
import {
  type AnswerFiles,
  type PreparedRow,
  partColumns,
  preparedRow,
  type StoredRow,
} from './answer-file.ts';
import { type CachedResponse, CompressedEntry, ownBytes } from './response-cache.ts';

export type { PreparedRow } from './answer-file.ts';

/**
 * Answers prepared when the data changed (decision 0326), read by key. An operation's answers
 * are looked up only once its whole set for the data version is complete, so a request never
 * pays for a lookup that cannot find anything; sets completed by another process are seen
 * within `refreshMs`. A complete set is also copied to a local file (`files`, decision 0329) and
 * read from there once copied.
 */
export class PreparedAnswers {
  private readonly complete = new Map<number, Set<string>>();
  private readonly readAt = new Map<number, number>();
  /** Lookups that found a prepared answer, and those that did not... */
  hits = 0;
  misses = 0;
  /** ...and the statements that read them. */
  reads = 0;
  /** Answers to a date range cut out of a prepared answer holding it (decision 0347). */
  cuts = 0;
  /** Lookups waiting to be read, by version and part (`${version}|${part}`), then key. */
  private readonly queued = new Map<string, { version: number; part: Part; keys: Map<string, Waiter[]> }>();
  /** Told when a set is complete here, once it is copied to the local file (when it is). */
  private readonly completeListeners: ((version: number, operationId: string) => void)[] = [];
  /** A read is on its way (lookups made meanwhile wait for the next), or set for this turn. */
  private reading = false;
  private scheduled = false;

  constructor(
    private readonly db: Queryable,
    /** The code that made the answers this process serves (`codeFingerprint`). */
    readonly code: string,
    private readonly refreshMs = 5_000,
    /** Local copies of the complete sets; null: every lookup is a statement. */
    readonly files: AnswerFiles | null = null,
  ) {}

  /** Whether the operation's answers for this version are complete (known in this process). */
  isComplete(version: number, operationId: string): boolean {
    const done = this.complete.get(version);
    if (done?.has(operationId)) return true;
    // Another process may have completed it: look again now and then, without waiting.
    const now = Date.now();
    if (now - (this.readAt.get(version) ?? 0) >= this.refreshMs) {
      this.readAt.set(version, now);
      void this.refresh(version).catch(() => undefined);
    }
    return false;
  }

  /** The set is complete, with `answers` rows (copied to the local file when known). */
  markComplete(version: number, operationId: string, answers?: number): void {
    let done = this.complete.get(version);
    if (!done) {
      // Only the newest versions matter; older ones are dropped.
      for (const v of this.complete.keys()) if (v < version - 1) this.complete.delete(v);
      for (const v of this.readAt.keys()) if (v < version - 1) this.readAt.delete(v);
      done = new Set();
      this.complete.set(version, done);
    }
    if (done.has(operationId)) return;
    done.add(operationId);
    const copied = answers !== undefined ? this.files?.add(version, operationId, answers) : undefined;
    const tell = () => {
      for (const listener of this.completeListeners) listener(version, operationId);
    };
    if (copied) copied.then(tell, tell);
    else tell();
  }

  /** Calls `listener` when a set is complete in this process (and copied, when copied). */
  onComplete(listener: (version: number, operationId: string) => void): void {
    this.completeListeners.push(listener);
  }

  /** Reads which operations are complete for `version` (sets another process prepared too). */
  async refresh(version: number): Promise<void> {
    const { rows } = await this.db.query<{ operation: string; answers: number }>(
      'SELECT operation, answers FROM prepared_set WHERE version = $1 AND code = $2 AND done_at IS NOT NULL',
      [version, this.code],
    );
    for (const r of rows) this.markComplete(version, r.operation, r.answers);
  }

  /**
   * The prepared answer under `key`, or undefined when there is none. Lookups made while a read
   * is on its way (or in the same turn of the event loop) are read together, by one statement
   * for up to `batchSize` keys of one version and part (the answer here, the pieces for
   * `pieces`; the parts and versions take turns): a statement costs far more than a row (about
   * 0.25 ms against 0.1 ms an answer on PGlite, 44 µs against 12 µs of this process's time on
   * PostgreSQL, with batches of eight), and a server meeting many never-asked requests at once
   * has them all waiting (decision 0326). A set copied to the local file is read from there instead (0329),
   * and from the database should that read fail. With `lend`, a never-asked answer read from the
   * file may come with its body in lent memory (`PreparedRow.loan`, decision 0373): for a caller
   * that sends it once and keeps nothing of it.
   */
  get(version: number, operationId: string, key: string, lend = false): Promise<PreparedRow | undefined> {
    return this.counted(this.files?.get(version, operationId, key, lend), version, key, 'answer');
  }

  /**
   * The prepared answer under `key` with its rows in pieces (decision 0348), for a range cut out
   * of it; its body may be left unread (`gzip` null: `length` 0 is "no data"). From the answer file
   * when the set is there (never counted as asked, decision 0334), else from the database.
   */
  pieces(version: number, operationId: string, key: string): Promise<PreparedRow | undefined> {
    return this.counted(this.files?.pieces(version, operationId, key), version, key, 'pieces');
  }

  /** A read from the answer file, counted; from the database when the set is not in the file or the read fails. */
  private counted(
    fromFile: Promise<PreparedRow | undefined> | undefined,
    version: number,
    key: string,
    part: Part,
  ): Promise<PreparedRow | undefined> {
    if (fromFile === undefined) return this.lookup(version, key, part);
    return fromFile.then(
      (row) => {
        if (row) this.hits += 1;
        else this.misses += 1;
        return row;
      },
      () => this.lookup(version, key, part),
    );
  }

  private lookup(version: number, key: string, part: Part): Promise<PreparedRow | undefined> {
    return new Promise((resolve, reject) => {
      const queue = `${version}|${part}`;
      let keys = this.queued.get(queue)?.keys;
      if (!keys) {
        keys = new Map();
        this.queued.set(queue, { version, part, keys });
      }
      const waiting = keys.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else keys.set(key, [{ resolve, reject }]);
      if (!this.reading && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.readQueued();
        });
      }
    });
  }

  /**
   * Reads the queued keys, a batch (one version's and part's, up to `batchSize`) at a time, until
   * none is left.
   */
  private async readQueued(): Promise<void> {
    this.reading = true;
    try {
      for (;;) {
        const first = this.queued.entries().next();
        if (first.done) break;
        const [queue, entry] = first.value;
        const { version, part, keys } = entry;
        const batch = new Map<string, Waiter[]>();
        for (const [key, waiters] of keys) {
          if (batch.size === batchSize) break;
          batch.set(key, waiters);
          keys.delete(key);
        }
        // Taken in turns: what is left goes behind the other queues, so a flood of one part's
        // lookups (never-asked answers) does not hold back the other's (ranges cut out of them).
        this.queued.delete(queue);
        if (keys.size > 0) this.queued.set(queue, entry);
        try {
          this.reads += 1;
          const found = await this.read(version, part, [...batch.keys()]);
          for (const [key, waiters] of batch) {
            const row = found.get(key);
            for (const w of waiters) {
              if (row) this.hits += 1;
              else this.misses += 1;
              w.resolve(row);
            }
          }
        } catch (err) {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        }
      }
    } finally {
      this.reading = false;
    }
  }

  private async read(version: number, part: Part, keys: string[]): Promise<Map<string, PreparedRow>> {
    const { rows } = await this.db.query<StoredRow>(
      `SELECT ${partColumns[part]} FROM prepared_answer WHERE version = $1 AND code = $2 AND key = ANY($3::text[])`,
      [version, this.code, keys],
    );
    const found = new Map<string, PreparedRow>();
    for (const row of rows) found.set(row.key, preparedRow(row));
    return found;
  }
}

/** What a read needs of an answer: the answer itself, or its pieces for a range (decision 0348). */
type Part = keyof typeof partColumns;

interface Waiter {
  resolve: (row: PreparedRow | undefined) => void;
  reject: (err: unknown) => void;
}

/** The most keys one statement reads. */
const batchSize = 64;

/**
 * A cached response from a prepared JSON answer: the same ETags as one made on request (the
 * version and the body's digest), its gzip copy ready and sent to every client that takes gzip,
 * br or not (decision 0364), the body decompressed only when something reads it
 * (`CompressedEntry`). The gzip copy has its own strong ETag: these bytes (level 9) differ from a
 * gzip copy made on request (level 6, or 1 for a large body), which another process may be
 * sending for the same answer (RFC 9110 §8.8.1).
 */
export function entryFromPrepared(row: PreparedRow, gzip: Buffer): CachedResponse {
  // Read from the database or the answer file, a small body is a view of a larger buffer, and
  // copied; a lent one (decision 0373) is sent once and never kept, so it is used as it is.
  const body = row.loan?.body === gzip ? gzip : ownBytes(gzip);
  const held = { body, etag: `${row.etag.slice(0, -1)}-gzip9"`, coding: 'gzip' as const };
  return new CompressedEntry(held, row.length, row.etag, row.asOf, row.source);
}
