import { closeSync, openSync, readSync, readvSync, unlinkSync, write } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queryable } from '@bahi/market-data/db';
import { BodyLoans, type Loan } from './body-loans.ts';

/**
 * One prepared answer as stored: the JSON body gzip-compressed (decision 0364), or null for "no
 * data" (402); on a read of the pieces the body is not read and `gzip` is null whatever it holds
 * (`length` 0 then says "no data").
 */
export interface PreparedRow {
  etag: string;
  /** The body's length before compression. */
  length: number;
  asOf: string;
  source: string;
  gzip: Buffer | null;
  /**
   * The answer's rows in pieces (`row-pieces.ts`, decision 0348), for an endpoint whose ranges
   * are cut out of it; null when it has none. Read only when a range is cut (`pieces` reads): a
   * read of the answer itself leaves them unread (undefined from the answer file, null from the
   * database).
   */
  pieces?: Buffer | null;
  /**
   * Read from this process's answer file and asked before since it was copied there (decision
   * 0334); undefined for a row read from the database.
   */
  again?: boolean;
  /**
   * The body's memory is lent (decision 0373): `gzip` is `loan.body`, to be sent once and given
   * back when written (`Loan.written`), never kept. Only a first read from the answer file, for a
   * caller that asked for a loan.
   */
  loan?: Loan;
}

/**
 * The columns of a prepared answer as read: the body as base64 text, decoded here natively
 * (PGlite's own bytea parser takes about 0.2 µs a byte, 0.6 ms for a 3 KB answer, more than the
 * rest of the read).
 */
const headColumns = 'key, etag, length, as_of, source';
const gzipColumn = "encode(gzip, 'base64') AS gzip";
const piecesColumn = "encode(pieces, 'base64') AS pieces";

export const preparedColumns = `${headColumns}, ${gzipColumn}, ${piecesColumn}`;

/**
 * The same columns for a read of one part: the answer (its body, no pieces) or its pieces (no
 * body), as the answer file reads them; a read decodes only the part it uses.
 */
export const partColumns = {
  answer: `${headColumns}, ${gzipColumn}, NULL::text AS pieces`,
  pieces: `${headColumns}, NULL::text AS gzip, ${piecesColumn}`,
} as const;

/** A row of `preparedColumns` (or of `partColumns`, one of its parts left null). */
export interface StoredRow {
  key: string;
  etag: string;
  length: number;
  as_of: string;
  source: string;
  gzip: string | null;
  pieces: string | null;
}

export function preparedRow(row: StoredRow): PreparedRow {
  return {
    etag: row.etag,
    length: row.length,
    asOf: row.as_of,
    source: row.source,
    gzip: row.gzip === null ? null : Buffer.from(row.gzip, 'base64'),
    pieces: row.pieces === null ? null : Buffer.from(row.pieces, 'base64'),
  };
}

/** Bytes past which a file takes no more sets (offsets stay small integers). */
const maxFileBytes = 2 ** 31;

/** How much a statement copying a set reads at most: answers, and about how many bytes of them. */
export interface PageBound {
  rows: number;
  bytes: number;
}

/** Answers the first page of a set reads, before their size is known. */
const firstPageRows = 4;

/**
 * A data version's complete sets of prepared answers copied to a local file (decision 0329),
 * read by offset: a never-asked request then costs a read from the operating system's page
 * cache instead of a statement. The file is unlinked as soon as it is opened, so it goes with
 * the process however that ends.
 *
 * The index is an open-addressing hash table in typed arrays: per answer, a 32-bit hash of its
 * key, its slot, and its record's offset and size, about 28 bytes and no object for the garbage
 * collector to mark (a map of 140,000 key strings cost 21 MB of heap and slowed every full
 * collection, cached answers' included). A hash says where to look; the key stored in the
 * record says whether it is the answer asked for.
 */
class VersionFile {
  /** Operations whose complete set is in the file. */
  private readonly operations = new Set<string>();
  /** The table: a key's hash, and its slot + 1 (0: empty); a power of two long. */
  private hashes = new Uint32Array(1024);
  private slots = new Uint32Array(1024);
  private entries = 0;
  /**
   * Per slot: where its record starts, its size, the size of its length and header, and of the
   * pieces at its end (decision 0348).
   */
  private offsets = new Float64Array(1024);
  private sizes = new Uint32Array(1024);
  private heads = new Uint32Array(1024);
  private pieceSizes = new Uint32Array(1024);
  /** Per slot: 1 once its answer has been read (decision 0334). */
  private asked = new Uint8Array(1024);
  private records = 0;
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
    return this.operations.has(operationId);
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
  get(
    operationId: string,
    key: string,
    loans: BodyLoans | null,
  ): Promise<PreparedRow | undefined> | undefined {
    return this.find(operationId, key, (slot) => {
      const again = this.asked[slot] === 1;
      // Never asked: not kept (decision 0334), so its body may be read into lent memory.
      const found = this.read(slot, false, again ? null : loans);
      if (found.key !== key) {
        found.row.loan?.back();
        return undefined;
      }
      found.row.again = again;
      this.asked[slot] = 1;
      return found.row;
    });
  }

  /**
   * The answer with its pieces instead of its body (`gzip` left null: whether it has one is
   * `length` > 0 or not), for a range cut out of it (decision 0348): leaves it counted as never
   * asked (decision 0334).
   */
  pieces(operationId: string, key: string): Promise<PreparedRow | undefined> | undefined {
    return this.find(operationId, key, (slot) => {
      const found = this.read(slot, true, null);
      return found.key === key ? found.row : undefined;
    });
  }

  /** The first of the slots `key`'s hash leads to that `read` finds the answer in. */
  private find(
    operationId: string,
    key: string,
    read: (slot: number) => PreparedRow | undefined,
  ): Promise<PreparedRow | undefined> | undefined {
    if (!this.operations.has(operationId) || this.fd === null) return undefined;
    try {
      const hash = hashOf(key);
      const mask = this.hashes.length - 1;
      for (let i = hash & mask; this.slots[i] !== 0; i = (i + 1) & mask) {
        if (this.hashes[i] !== hash) continue;
        const row = read((this.slots[i] as number) - 1);
        if (row) return Promise.resolve(row);
      }
      return Promise.resolve(undefined);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Marks the answer under `key` as never read (a warm-up's read, undone: decision 0337). */
  forget(operationId: string, key: string): void {
    if (!this.operations.has(operationId) || this.fd === null) return;
    const hash = hashOf(key);
    const mask = this.hashes.length - 1;
    for (let i = hash & mask; this.slots[i] !== 0; i = (i + 1) & mask) {
      if (this.hashes[i] !== hash) continue;
      const slot = (this.slots[i] as number) - 1;
      if (this.read(slot, false, null).key === key) this.asked[slot] = 0;
    }
  }

  /**
   * One read: the header into a passing buffer, the body into memory of its own, which the
   * answer cache keeps as it is (a body in a view of the record, or of Node's pool, would be
   * copied again before it is kept: decision 0342). With `pieces`, the pieces instead of the
   * body (a second read, past the body). With `loans`, the body is read into lent memory instead
   * (decision 0373).
   */
  private read(slot: number, pieces: boolean, loans: BodyLoans | null): { key: string; row: PreparedRow } {
    const size = this.sizes[slot] as number;
    const piecesSize = this.pieceSizes[slot] as number;
    const head = Buffer.allocUnsafe(this.heads[slot] as number);
    const position = this.offsets[slot] as number;
    const fd = this.fd as number;
    if (pieces) {
      const bytes = readSync(fd, head, 0, head.length, position);
      const piece = piecesSize === 0 ? null : Buffer.allocUnsafe(piecesSize);
      const more = piece === null ? 0 : readSync(fd, piece, 0, piecesSize, position + size - piecesSize);
      if (bytes !== head.length || more !== piecesSize)
        throw new Error(`answer file: read ${bytes + more} of ${head.length + piecesSize} bytes`);
      const found = decodeRecord(head, null);
      found.row.pieces = piece;
      return found;
    }
    const bodySize = size - head.length - piecesSize;
    const loan = loans?.take(bodySize) ?? null;
    const body = loan === null ? Buffer.allocUnsafeSlow(bodySize) : loan.body;
    const bytes =
      body.length === 0
        ? readSync(fd, head, 0, head.length, position)
        : readvSync(fd, [head, body], position);
    if (bytes !== size - piecesSize) {
      loan?.back();
      throw new Error(`answer file: read ${bytes} of ${size - piecesSize} bytes`);
    }
    const found = decodeRecord(head, body);
    if (loan !== null) {
      // A record with no body ("no data") holds nothing of the loan.
      if (found.row.gzip === null) loan.back();
      else found.row.loan = loan;
    }
    return found;
  }

  /**
   * Copies the operation's complete set from the database, a page at a time, and serves it from
   * then on; false when the rows read are not the `expected` count (the set went meanwhile).
   * A page holds at most `page.rows` answers and about `page.bytes` of them: each page's count
   * is set from the size of the answers the one before it read, starting at `firstPageRows`.
   * On PGlite the database is one thread, and a request's statement waits for the page on its
   * way: pages of 500 whole years of daily quotes (24 MB as base64) took 375 ms each.
   */
  async copy(
    db: Queryable,
    code: string,
    operationId: string,
    expected: number,
    page: PageBound,
    stopped: () => boolean,
  ): Promise<boolean> {
    const prefix = prefixOf(this.version, operationId);
    // The set's hashes and slots, entered in the table only once the whole set is written.
    const copied: number[] = [];
    let after = prefix;
    let limit = Math.min(page.rows, firstPageRows);
    for (;;) {
      if (this.fd === null || stopped()) return false;
      const { rows } = await db.query<StoredRow>(
        // Paged by key within the version's and code's rows; starts_with keeps the operation's
        // whatever the key column's collation orders between them.
        `SELECT ${preparedColumns} FROM prepared_answer WHERE version = $1 AND code = $2 AND key > $3 AND starts_with(key, $4) ORDER BY key LIMIT $5`,
        [this.version, code, after, prefix, limit],
      );
      if (rows.length === 0) break;
      const records: Buffer[] = [];
      let bytes = 0;
      for (const row of rows) {
        const { record, head, pieces } = encodeRecord(row.key, preparedRow(row));
        copied.push(hashOf(row.key), this.addSlot(this.size + bytes, record.length, head, pieces));
        records.push(record);
        bytes += record.length;
      }
      if (this.size + bytes > maxFileBytes) return false;
      await this.append(Buffer.concat(records, bytes));
      after = (rows[rows.length - 1] as { key: string }).key;
      if (rows.length < limit) break;
      limit = Math.max(1, Math.min(page.rows, Math.floor((page.bytes * rows.length) / Math.max(1, bytes))));
    }
    if (copied.length / 2 !== expected || this.fd === null) return false;
    for (let i = 0; i < copied.length; i += 2) this.enter(copied[i] as number, copied[i + 1] as number);
    this.operations.add(operationId);
    return true;
  }

  private addSlot(offset: number, size: number, head: number, pieces: number): number {
    if (this.records === this.offsets.length) {
      this.offsets = grown(this.offsets, new Float64Array(this.offsets.length * 2));
      this.sizes = grown(this.sizes, new Uint32Array(this.sizes.length * 2));
      this.heads = grown(this.heads, new Uint32Array(this.heads.length * 2));
      this.pieceSizes = grown(this.pieceSizes, new Uint32Array(this.pieceSizes.length * 2));
      this.asked = grown(this.asked, new Uint8Array(this.asked.length * 2));
    }
    this.offsets[this.records] = offset;
    this.sizes[this.records] = size;
    this.heads[this.records] = head;
    this.pieceSizes[this.records] = pieces;
    return this.records++;
  }

  /** Enters a slot in the table, doubling it past half full. */
  private enter(hash: number, slot: number): void {
    if ((this.entries + 1) * 2 > this.hashes.length) {
      const { hashes, slots } = this;
      this.hashes = new Uint32Array(hashes.length * 2);
      this.slots = new Uint32Array(slots.length * 2);
      this.entries = 0;
      for (let i = 0; i < hashes.length; i++) {
        if (slots[i] !== 0) this.enter(hashes[i] as number, (slots[i] as number) - 1);
      }
    }
    const mask = this.hashes.length - 1;
    let i = hash & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.hashes[i] = hash;
    this.slots[i] = slot + 1;
    this.entries += 1;
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
    this.operations.clear();
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

function grown<T extends Float64Array | Uint32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** FNV-1a over the key's UTF-16 code units, 32 bits. */
export function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const prefixOf = (version: number, operationId: string) => `${version}|${operationId}|`;

/**
 * A record: the header's length (2 bytes), the header (JSON: the key, ETag, length, as-of,
 * source, and whether there is a body), the gzip body, then the pieces (decision 0348), if
 * any. `head` is the size of the first two, `pieces` of the last.
 */
function encodeRecord(key: string, row: PreparedRow): { record: Buffer; head: number; pieces: number } {
  const header = Buffer.from(
    JSON.stringify([key, row.etag, row.length, row.asOf, row.source, row.gzip === null ? 0 : 1]),
  );
  const head = 2 + header.length;
  const bodyBytes = row.gzip?.length ?? 0;
  const pieces = row.pieces?.length ?? 0;
  const record = Buffer.allocUnsafe(head + bodyBytes + pieces);
  record.writeUInt16BE(header.length, 0);
  header.copy(record, 2);
  row.gzip?.copy(record, head);
  row.pieces?.copy(record, head + bodyBytes);
  return { record, head, pieces };
}

/** A record read back as its head (length and header) and its body (null: not read). */
function decodeRecord(head: Buffer, body: Buffer | null): { key: string; row: PreparedRow } {
  const headerEnd = 2 + head.readUInt16BE(0);
  if (headerEnd !== head.length)
    throw new Error(`answer file: a header of ${headerEnd - 2} bytes, ${head.length - 2} expected`);
  const [key, etag, length, asOf, source, hasBody] = JSON.parse(head.toString('utf8', 2, headerEnd)) as [
    string,
    string,
    number,
    string,
    string,
    number,
  ];
  return { key, row: { etag, length, asOf, source, gzip: hasBody === 1 ? body : null, again: false } };
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
  /** Memory lent for never-asked bodies sent once (decision 0373). */
  readonly loans = new BodyLoans();
  copied: { operationId: string; answers: number; ms: number }[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly code: string,
    private readonly dir: string = tmpdir(),
    private readonly onError: (err: unknown) => void = () => undefined,
    /** How much a statement reads while copying a set (`VersionFile.copy`). */
    private readonly page: PageBound = { rows: 500, bytes: 4 << 20 },
  ) {}

  /** Whether the operation's answers for `version` are read from the file. */
  has(version: number, operationId: string): boolean {
    return this.current?.version === version && this.current.has(operationId);
  }

  /**
   * The answer from the file, undefined (not a promise) when the set is not in a file; a promise
   * of undefined when the set has no such answer. With `lend`, a never-asked answer's body is
   * read into lent memory (`PreparedRow.loan`, decision 0373).
   */
  get(
    version: number,
    operationId: string,
    key: string,
    lend = false,
  ): Promise<PreparedRow | undefined> | undefined {
    return this.counted(version, (file) => file.get(operationId, key, lend ? this.loans : null));
  }

  /** The answer with its pieces instead of its body (decision 0348), as `get`, never asked. */
  pieces(version: number, operationId: string, key: string): Promise<PreparedRow | undefined> | undefined {
    return this.counted(version, (file) => file.pieces(operationId, key));
  }

  private counted(
    version: number,
    read: (file: VersionFile) => Promise<PreparedRow | undefined> | undefined,
  ): Promise<PreparedRow | undefined> | undefined {
    const file = this.current;
    if (file?.version !== version) return undefined;
    const found = read(file);
    if (found !== undefined) this.reads += 1;
    return found;
  }

  /** The answer under `key` counts as never read again (decision 0337). */
  forget(version: number, operationId: string, key: string): void {
    if (this.current?.version === version) this.current.forget(operationId, key);
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
      if (await file.copy(this.db, this.code, operationId, answers, this.page, () => this.closed))
        this.copied.push({ operationId, answers, ms: Date.now() - started });
      else if (!this.closed)
        throw new Error(
          `the ${operationId} answers of data version ${version} did not read back as the ${answers} rows the set completed with, or passed the file's size bound`,
        );
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
