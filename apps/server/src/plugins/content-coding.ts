import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** The content codings the server sends, best first. */
export const codings = ['br', 'gzip'] as const;
export type Coding = (typeof codings)[number];

/** Content codings the client accepts (q > 0), from an Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** What a header value asks for: our best coding it takes, and whether it takes gzip. */
interface Picked {
  best: Coding | null;
  gzip: boolean;
}

const picked = new Map<string, Picked>();

/** Clients send the same few header values over and over, so each distinct one is parsed once. */
function pick(header: string): Picked {
  let p = picked.get(header);
  if (p === undefined) {
    const accepted = acceptedEncodings(header);
    p = { best: codings.find((c) => accepted.has(c)) ?? null, gzip: accepted.has('gzip') };
    if (picked.size >= 256) picked.clear();
    picked.set(header, p);
  }
  return p;
}

/** The best coding of ours the client accepts, or null. */
export function preferredCoding(header: string | undefined): Coding | null {
  return header ? pick(header).best : null;
}

/** Whether the client accepts gzip (q > 0). */
export function takesGzip(header: string | undefined): boolean {
  return header ? pick(header).gzip : false;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Bodies up to this size are compressed on the calling thread: a few tenths of a millisecond,
 * less than handing the work to libuv's pool costs (on one core, measured: 0.1–0.2 ms CPU per
 * 4–7 KB body in line, 0.35–1.0 ms through the pool with eight at once). Larger bodies go to
 * the pool so the event loop is not held for milliseconds.
 */
export const compressInlineUpTo = 32 * 1024;

/**
 * Bodies larger than this are compressed at the fastest levels (brotli 1, gzip 1) when made on
 * request: above it compression costs milliseconds per answer (a year of daily quotes, 145 KB:
 * brotli 4 1.75 ms, brotli 1 0.49 ms; ten years, 1.5 MB: 15.3 against 6.1 ms; gzip 6 against 1
 * about 3.3x) while the stronger level saves 8-10% of the bytes with brotli and 17-20% with
 * gzip (decision 0321, amended).
 */
export const fastCompressionAbove = 64 * 1024;

/** The level each coding is compressed at on request, up to `fastCompressionAbove`. */
const usualLevel: Record<Coding, number> = { br: 4, gzip: 6 };

/** The level a body of `size` bytes is compressed at on request, for `coding`. */
export function levelFor(coding: Coding, size: number): number {
  return size > fastCompressionAbove ? 1 : usualLevel[coding];
}

/**
 * What a compressed copy's ETag adds to the body's: the coding, and the level when it is not
 * the coding's usual one. A strong ETag names one byte sequence (RFC 9110 §8.8.1), and bytes
 * made at another level (by an earlier build, say, during a rolling restart) differ.
 */
export function codingTag(coding: Coding, size: number): string {
  const level = levelFor(coding, size);
  return level === usualLevel[coding] ? coding : `${coding}${level}`;
}

/**
 * Brotli settings for a body of `size` bytes: quality 4 (our JSON answers come out 5–6% larger
 * than at quality 5, for 0.7× the CPU; decision 0321), or as `levelFor` says for a large body,
 * and a window no larger than the body, so the encoder does not allocate and clear a 4 MB ring
 * buffer for a 10 KB answer.
 */
function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: levelFor('br', size),
      [constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(24, Math.ceil(Math.log2(size + 1)))),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/**
 * Compresses a body made once and served many times (documents, the docs page): the strongest
 * settings, always in libuv's pool (hundreds of milliseconds for a few hundred kilobytes).
 */
export function compressOnce(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gz(body, { level: 9 });
}

/**
 * Compresses a response body; moderate levels, and the fastest for a large body (`levelFor`),
 * since it runs while a request waits.
 */
export function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  const gzipLevel = { level: levelFor('gzip', body.length) };
  if (body.length <= compressInlineUpTo) {
    try {
      return Promise.resolve(
        coding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, gzipLevel),
      );
    } catch (err) {
      return Promise.reject(err);
    }
  }
  return coding === 'br' ? brotli(body, brotliOptions(body.length)) : gz(body, gzipLevel);
}

/**
 * gzip for answers prepared in bulk when the data changes (tens of thousands per data version):
 * level 9, in libuv's pool, off the event loop. gzip rather than br because nearly every client
 * takes gzip, and many take nothing better (Python's requests and Go's net/http by default), so
 * the stored bytes go out as they are to all of them (decision 0364); measured on the default
 * universe, level 9 is 11% larger than br at quality 6 and decodes as fast.
 */
export function compressPrepared(body: Buffer): Promise<Buffer> {
  return gz(body, { level: 9 });
}
