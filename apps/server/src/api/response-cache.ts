import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { type Coding, codingTag, compress, preferredCoding, takesGzip } from '../plugins/content-coding.ts';
import type { Company } from './market.ts';

export interface CachedResponse {
  /** The body as it is (made when first read, for an answer prepared compressed). */
  body: Buffer;
  /**
   * Whether `body` is in memory: false for an answer prepared compressed until something reads
   * it. Until then the entry holds only its gzip copy, and is counted so (`entryBytes`).
   */
  readonly bodyHeld: boolean;
  /** The body's length in bytes, known without reading `body`. */
  length: number;
  etag: string;
  contentType: string;
  csv: boolean;
  asOf: string;
  source: string;
  /** Compressed copies, made on the first request that accepts each coding... */
  encoded: Partial<Record<Coding, Promise<Buffer>>>;
  /** ...and the finished representations, for the synchronous path. */
  ready: Partial<Record<Coding, Sent>>;
  /** The body as it is, as a representation. */
  plain: Sent;
  /**
   * Its gzip copy was made with it, from prepared pieces (a range cut out of a prepared answer,
   * decision 0350): a client that takes gzip gets that copy rather than a br one made on request.
   */
  gzipFirst?: boolean;
}

/**
 * A produced response, the companies it names (for the per-request plan check) and the
 * operation that made it. Answers are keyed by data version and URL (without the API key): the
 * URL's path names the operation.
 */
export interface Answer {
  companies: Company[];
  entry: CachedResponse;
  operationId: string;
}

/** What goes out: the body in one coding (or none) and that representation's ETag. */
export interface Sent {
  body: Buffer;
  etag: string;
  coding: Coding | null;
}

/**
 * What an entry costs besides its bodies and key: the entry, answer and representation objects,
 * the buffers' own objects and their allocations. Measured: about 880 bytes of heap an answer
 * kept from a prepared one, an 85-character key included (decision 0342).
 */
export const entryOverhead = 1024;

/**
 * The buffer with memory of its own. A small buffer is often a view of a larger allocation:
 * Node's 8 KiB pool (under 4 KiB), or zlib's 16 KiB output chunk. Kept in a cache, the view
 * holds all of it, many times what the cache counts (decision 0342): such a buffer is copied.
 */
export function ownBytes(buf: Buffer): Buffer {
  if (buf.buffer.byteLength - buf.length <= buf.length >>> 3) return buf;
  const own = Buffer.allocUnsafeSlow(buf.length);
  buf.copy(own);
  return own;
}

/**
 * Bytes a cached response holds: its body (once in memory) and every compressed copy made so far.
 * An answer prepared compressed is counted at its gzip bytes until its body is read, which happens
 * only on the way to `representation`, after which the caller measures the entry again.
 */
export function entryBytes(entry: CachedResponse): number {
  let n = (entry.bodyHeld ? entry.length : 0) + entryOverhead;
  for (const sent of Object.values(entry.ready)) n += sent?.body.length ?? 0;
  return n;
}

/**
 * Serialized responses keyed by (route, params, data version), bounded by bytes: when a new
 * entry would pass `maxBytes`, the least recently used entries go first. A new data version
 * makes old keys unreachable, and they age out. Call `remeasure` after an entry grew (a
 * compressed copy was made) to count its new size.
 */
export class ResponseCache<V = CachedResponse> {
  private readonly entries: LRUCache<string, V & object>;
  /** Lookups that found an entry, and those that did not (for /metrics). */
  hits = 0;
  misses = 0;
  constructor(
    readonly maxBytes: number,
    sizeOf: (value: V) => number,
  ) {
    this.entries = new LRUCache<string, V & object>({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => Math.max(1, sizeOf(value) + key.length),
    });
  }

  /** The entry, made the most recently used; counted as a hit or a miss unless `count` is false. */
  get(key: string, count = true): V | undefined {
    const value = this.entries.get(key);
    if (!count) return value;
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  set(key: string, value: V): void {
    this.entries.set(key, value as V & object);
  }

  /** Counts the entry's size again (the same object set again would keep its old size). */
  remeasure(key: string, value: V): void {
    if (this.entries.peek(key) !== value) return;
    this.entries.delete(key);
    this.entries.set(key, value as V & object);
  }

  /** Drops the entry under `key`, if any. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, as counted against `maxBytes`. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}

export function makeEntry(
  body: string | Buffer,
  contentType: string,
  version: number,
  meta: { asOf: string; source: string },
): CachedResponse {
  const buf = ownBytes(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  const etag = etagOf(version, [buf]);
  return {
    body: buf,
    bodyHeld: true,
    length: buf.length,
    etag,
    plain: { body: buf, etag, coding: null },
    contentType,
    csv: contentType.startsWith('text/csv'),
    ...meta,
    encoded: {},
    ready: {},
  };
}

/** The strong ETag of a body (the bytes of `parts` laid end to end) under a data version. */
export function etagOf(version: number, parts: readonly Buffer[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return `"${version}-${hash.digest('base64url').slice(0, 22)}"`;
}

/**
 * A JSON answer held only compressed: a prepared answer's gzip bytes (decisions 0338, 0364), or a cut's
 * gzip made of its holder's pieces (decisions 0350, 0353). The body is decompressed when
 * something first reads it (a client that does not take the held coding, another coding made
 * from it), and kept from then on; until then the entry is counted at its compressed bytes
 * (`entryBytes`). A client taking the held coding is answered with the held bytes.
 *
 * A class, with the lazy body and plain representation as getters on its prototype: an object
 * literal with getters is given them one by one at run time, and V8 turned each such entry into
 * a dictionary-mode object (a runtime call per getter and a hash-table lookup for every property
 * read after, on every never-asked answer and every cached one made from it; decision 0338).
 */
export class CompressedEntry implements CachedResponse {
  readonly contentType = 'application/json; charset=utf-8';
  readonly csv = false;
  readonly encoded: Partial<Record<Coding, Promise<Buffer>>>;
  readonly ready: Partial<Record<Coding, Sent>>;
  /** A gzip copy is sent even to a client that would take br (`codingFor`). */
  readonly gzipFirst: boolean;
  private decoded: Buffer | undefined = undefined;
  private plainSent: Sent | undefined = undefined;

  /**
   * `held`: the compressed bytes (br or gzip, kept as they are: the caller gives them memory of
   * their own) with their own ETag; `length`, `etag`: the body's.
   */
  constructor(
    private readonly held: Sent & { coding: 'br' | 'gzip' },
    readonly length: number,
    readonly etag: string,
    readonly asOf: string,
    readonly source: string,
  ) {
    this.encoded = { [held.coding]: Promise.resolve(held.body) };
    this.ready = { [held.coding]: held };
    this.gzipFirst = held.coding === 'gzip';
  }

  get body(): Buffer {
    this.decoded ??= ownBytes(
      this.held.coding === 'br' ? brotliDecompressSync(this.held.body) : gunzipSync(this.held.body),
    );
    return this.decoded;
  }

  get bodyHeld(): boolean {
    return this.decoded !== undefined;
  }

  get plain(): Sent {
    this.plainSent ??= { body: this.body, etag: this.etag, coding: null };
    return this.plainSent;
  }
}

/** If-None-Match matching per RFC 9110 (weak comparison, lists, and *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Bodies smaller than this go out as they are: compression would save less than it costs. */
export const compressAbove = 1024;

/**
 * The coding `entry` goes out in for a request's Accept-Encoding: our best one the client takes,
 * except that an entry made with its gzip copy (`gzipFirst`) goes out in gzip to a client that
 * takes it, even one that would take br.
 */
export function codingFor(
  entry: Pick<CachedResponse, 'gzipFirst'>,
  acceptEncoding: string | undefined,
): Coding | null {
  const best = preferredCoding(acceptEncoding);
  return best === 'br' && entry.gzipFirst === true && takesGzip(acceptEncoding) ? 'gzip' : best;
}

/**
 * The representation if it can go out now: the body compressed with the client's preferred
 * coding when that is worth it, else the body itself; undefined while the compressed copy is
 * being made, or while the body of an answer prepared compressed is still to be decompressed
 * (`representation` does it, and the entry grows). Each coding has its own strong ETag (RFC 9110
 * §8.8.3).
 */
export function readyRepresentation(entry: CachedResponse, coding: Coding | null): Sent | undefined {
  if (goesPlain(entry, coding)) return entry.bodyHeld ? entry.plain : undefined;
  return entry.ready[coding!];
}

/** Whether the body goes out as it is: the client takes no coding, or it is too short to gain. */
export function goesPlain(entry: CachedResponse, coding: Coding | null): boolean {
  return !coding || entry.length < compressAbove;
}

/**
 * The representation to send, reading the body or making (once) the compressed copy it needs.
 * A caller holding the entry in a `ResponseCache` measures it again when this was not ready.
 */
export async function representation(entry: CachedResponse, coding: Coding | null): Promise<Sent> {
  const ready = readyRepresentation(entry, coding);
  if (ready) return ready;
  if (!coding || goesPlain(entry, coding)) return entry.plain;
  entry.encoded[coding] ??= compress(entry.body, coding).then((made) => {
    const body = ownBytes(made);
    entry.ready[coding] = {
      body,
      etag: `${entry.etag.slice(0, -1)}-${codingTag(coding, entry.length)}"`,
      coding,
    };
    return body;
  });
  await entry.encoded[coding];
  return entry.ready[coding]!;
}
