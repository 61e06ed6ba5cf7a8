import { closeSync, openSync, readSync, unlinkSync, write } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queryable } from '@bahi/market-data/db';

/** One prepared answer as stored: the JSON body brotli-compressed, or null for "no data" (402). */
export interface PreparedRow {
  etag: string;
  /** The body's length before compression. */
  length: number;
  asOf: string;
  source: string;
  br: Buffer | null;
}

/**
 * The columns of a prepared answer as read: the body as base64 text, decoded here natively
 * (PGlite's own bytea parser takes about 0.2 µs a byte, 0.6 ms for a 3 KB answer, more than the
 * rest of the read).
 */
export const preparedColumns = "key, etag, length, as_of, source, encode(br, 'base64') AS br";

/** A row of `preparedColumns`. */
export interface StoredRow {
  key: string;
  etag: string;
  length: number;
  as_of: string;
  source: string;
  br: string | null;
}

export function preparedRow(row: StoredRow): PreparedRow {
  return {
    etag: row.etag,
    length: row.length,
    asOf: row.as_of,
    source: row.source,
    br: row.br === null ? null : Buffer.from(row.br, 'base64'),
  };
}

/** Bytes past which a file takes no more sets (offsets stay small integers). */
const maxFileBytes = 2 ** 31;

/**
 * A data version's complete sets of prepared answers copied to a local file (decision 0329),
 * read by offset: a never-asked request then costs a read from the operating system's page
 * cache instead of a statement. The file is unlinked as soon as it is opened, so it goes with
 * the process however that ends; in memory there is only, per answer, its key (less the
 * version and operation) and where its record lies.
 */
class VersionFile {
  /** Per operation: the answer's key without `{version}|{operation}|`, and its slot. */
  private readonly sets = new Map<string, Map<string, number>>();
  private readonly offsets: number[] = [];
  private readonly sizes: number[] = [];
  private size = 0;
  private fd: number | null;

  constructor(
    readonly version: number,
    dir: string,
  ) {
    const path = join(dir, `bahi-answers-${process.pid}-${version}-${Date.now()}.bin`);
    this.fd = openSync(path, 'wx+', 0o600);
    unlinkSync(path);
  }

  has(operationId: string): boolean {
    return this.sets.has(operationId);
  }

  get full(): boolean {
    return this.size >= maxFileBytes;
  }

  /**
   * The answer, from the file: undefined when the complete set has none under this key. Read
   * synchronously: the file was written moments ago and sits in the page cache, where a read of
   * a few kilobytes takes about 5 µs; handing it to libuv's thread pool cost about 50 µs of the
   * event loop's core a read (decision 0329).
   */
  get(operationId: string, key: string): Promise<PreparedRow | undefined> | undefined {
    const set = this.sets.get(operationId);
    if (set === undefined || this.fd === null) return undefined;
    const slot = set.get(key.slice(prefixOf(this.version, operationId).length));
    if (slot === undefined) return Promise.resolve(undefined);
    const size = this.sizes[slot] as number;
    const buffer = Buffer.allocUnsafe(size);
    try {
      const bytes = readSync(this.fd, buffer, 0, size, this.offsets[slot] as number);
      if (bytes !== size) throw new Error(`answer file: read ${bytes} of ${size} bytes`);
      return Promise.resolve(decodeRecord(buffer));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * Copies the operation's complete set from the database, a page at a time, and serves it from
   * then on; false when the rows read are not the `expected` count (the set went meanwhile).
   */
  async copy(
    db: Queryable,
    code: string,
    operationId: string,
    expected: number,
    pageRows: number,
    stopped: () => boolean,
  ): Promise<boolean> {
    const prefix = prefixOf(this.version, operationId);
    const set = new Map<string, number>();
    const offsets: number[] = [];
    const sizes: number[] = [];
    let after = prefix;
    for (;;) {
      if (this.fd === null || stopped()) return false;
      const { rows } = await db.query<StoredRow>(
        // Paged by key within the version's and code's rows; starts_with keeps the operation's
        // whatever the key column's collation orders between them.
        `SELECT ${preparedColumns} FROM prepared_answer WHERE version = $1 AND code = $2 AND key > $3 AND starts_with(key, $4) ORDER BY key LIMIT $5`,
        [this.version, code, after, prefix, pageRows],
      );
      if (rows.length === 0) break;
      const records: Buffer[] = [];
      let bytes = 0;
      for (const row of rows) {
        const record = encodeRecord(preparedRow(row));
        set.set(row.key.slice(prefix.length), offsets.length);
        offsets.push(this.size + bytes);
        sizes.push(record.length);
        records.push(record);
        bytes += record.length;
      }
      if (this.size + bytes > maxFileBytes) return false;
      await this.append(Buffer.concat(records, bytes));
      after = (rows[rows.length - 1] as { key: string }).key;
      if (rows.length < pageRows) break;
    }
    if (set.size !== expected || this.fd === null) return false;
    const base = this.offsets.length;
    for (const [key, slot] of set) set.set(key, base + slot);
    for (let i = 0; i < offsets.length; i++) {
      this.offsets.push(offsets[i] as number);
      this.sizes.push(sizes[i] as number);
    }
    this.sets.set(operationId, set);
    return true;
  }

  private append(bytes: Buffer): Promise<void> {
    const fd = this.fd as number;
    const at = this.size;
    this.size += bytes.length;
    return new Promise((resolve, reject) => {
      const from = (done: number) =>
        write(fd, bytes, done, bytes.length - done, at + done, (err, written) => {
          if (err) reject(err);
          else if (done + written < bytes.length) from(done + written);
          else resolve();
        });
      from(0);
    });
  }

  /** Closes the file: only between copies (a write on its way must not meet a reused descriptor). */
  close(): void {
    this.sets.clear();
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

const prefixOf = (version: number, operationId: string) => `${version}|${operationId}|`;

/**
 * A record: the header's length (2 bytes), the header (JSON: ETag, length, as-of, source, and
 * whether there is a body), then the brotli body.
 */
function encodeRecord(row: PreparedRow): Buffer {
  const header = Buffer.from(
    JSON.stringify([row.etag, row.length, row.asOf, row.source, row.br === null ? 0 : 1]),
  );
  const record = Buffer.allocUnsafe(2 + header.length + (row.br?.length ?? 0));
  record.writeUInt16BE(header.length, 0);
  header.copy(record, 2);
  row.br?.copy(record, 2 + header.length);
  return record;
}

function decodeRecord(record: Buffer): PreparedRow {
  const headerEnd = 2 + record.readUInt16BE(0);
  const [etag, length, asOf, source, hasBody] = JSON.parse(record.toString('utf8', 2, headerEnd)) as [
    string,
    number,
    string,
    string,
    number,
  ];
  return { etag, length, asOf, source, br: hasBody === 1 ? record.subarray(headerEnd) : null };
}

/**
 * The local copies of complete sets (decision 0329): for the newest data version only, copied
 * one set at a time in the order they complete; a newer version closes the older one's file.
 */
export class AnswerFiles {
  private current: VersionFile | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Answers read from the files, and sets copied (for the bench and /metrics). */
  reads = 0;
  copied: { operationId: string; answers: number; ms: number }[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly code: string,
    private readonly dir: string = tmpdir(),
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Rows read per statement while copying a set. */
    private readonly pageRows = 500,
  ) {}

  /** Whether the operation's answers for `version` are read from the file. */
  has(version: number, operationId: string): boolean {
    return this.current?.version === version && this.current.has(operationId);
  }

  /**
   * The answer from the file, undefined (not a promise) when the set is not in a file; a promise
   * of undefined when the set has no such answer.
   */
  get(version: number, operationId: string, key: string): Promise<PreparedRow | undefined> | undefined {
    const file = this.current;
    if (file?.version !== version) return undefined;
    const found = file.get(operationId, key);
    if (found !== undefined) this.reads += 1;
    return found;
  }

  /** Copies a set that has just completed (`answers` rows), after the copies queued before it. */
  add(version: number, operationId: string, answers: number): Promise<void> {
    const run = this.queue.then(async () => {
      if (this.closed || (this.current !== null && this.current.version > version)) return;
      if (this.current?.version !== version) {
        this.current?.close();
        this.current = new VersionFile(version, this.dir);
      }
      const file = this.current;
      if (file.has(operationId) || file.full) return;
      const started = Date.now();
      if (await file.copy(this.db, this.code, operationId, answers, this.pageRows, () => this.closed))
        this.copied.push({ operationId, answers, ms: Date.now() - started });
    });
    this.queue = run.catch((err: unknown) => this.onError(err));
    return this.queue;
  }

  /** Resolves when the copies queued so far are done. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Stops copying (a copy on its way ends after its page) and closes the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.current?.close();
    this.current = null;
  }
}
