import { brotliDecompressSync } from 'node:zlib';
import type { Queryable } from '@bahi/market-data/db';
import type { CachedResponse, Sent } from './response-cache.ts';

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
 * Answers prepared when the data changed (decision 0326), read by key. An operation's answers
 * are looked up only once its whole set for the data version is complete, so a request never
 * pays for a lookup that cannot find anything; sets completed by another process are seen
 * within `refreshMs`.
 */
export class PreparedAnswers {
  private readonly complete = new Map<number, Set<string>>();
  private readonly readAt = new Map<number, number>();
  /** Lookups that found a prepared answer, and those that did not. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Queryable,
    /** The code that made the answers this process serves (`codeFingerprint`). */
    readonly code: string,
    private readonly refreshMs = 5_000,
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

  markComplete(version: number, operationId: string): void {
    let done = this.complete.get(version);
    if (!done) {
      // Only the newest versions matter; older ones are dropped.
      for (const v of this.complete.keys()) if (v < version - 1) this.complete.delete(v);
      for (const v of this.readAt.keys()) if (v < version - 1) this.readAt.delete(v);
      done = new Set();
      this.complete.set(version, done);
    }
    done.add(operationId);
  }

  /** Reads which operations are complete for `version` (sets another process prepared too). */
  async refresh(version: number): Promise<void> {
    const { rows } = await this.db.query<{ operation: string }>(
      'SELECT operation FROM prepared_set WHERE version = $1 AND code = $2 AND done_at IS NOT NULL',
      [version, this.code],
    );
    for (const r of rows) this.markComplete(version, r.operation);
  }

  /** The prepared answer under `key`, or undefined when there is none. */
  async get(version: number, key: string): Promise<PreparedRow | undefined> {
    const { rows } = await this.db.query<{
      etag: string;
      length: number;
      as_of: string;
      source: string;
      br: Uint8Array | null;
    }>(
      'SELECT etag, length, as_of, source, br FROM prepared_answer WHERE version = $1 AND code = $2 AND key = $3',
      [version, this.code, key],
    );
    const row = rows[0];
    if (!row) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return {
      etag: row.etag,
      length: row.length,
      asOf: row.as_of,
      source: row.source,
      br: row.br && asBuffer(row.br),
    };
  }
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A cached response from a prepared JSON answer: the same ETags as one made on request (the
 * version and the body's digest), its brotli copy ready. The body itself is decompressed only
 * when something reads it (a client that does not take br, another coding made from it): a
 * client taking br is answered with the stored bytes.
 */
export function entryFromPrepared(row: PreparedRow & { br: Buffer }): CachedResponse {
  let body: Buffer | undefined;
  let plain: Sent | undefined;
  // Its own strong ETag: these bytes (quality 6) differ from a br copy made on request (quality
  // 4), which another process may be sending for the same answer (RFC 9110 §8.8.1).
  const br = { body: row.br, etag: `${row.etag.slice(0, -1)}-br6"`, coding: 'br' as const };
  return {
    get body() {
      body ??= brotliDecompressSync(row.br);
      return body;
    },
    get plain() {
      plain ??= { body: this.body, etag: row.etag, coding: null };
      return plain;
    },
    length: row.length,
    etag: row.etag,
    contentType: 'application/json; charset=utf-8',
    csv: false,
    asOf: row.asOf,
    source: row.source,
    encoded: { br: Promise.resolve(row.br) },
    ready: { br },
  };
}
