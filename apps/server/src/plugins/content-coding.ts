import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

const picked = new Map<string, Coding | null>();

/**
 * The best coding of ours the client accepts, or null. Clients send the same few header values
 * over and over, so each distinct value is parsed once.
 */
export function preferredCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  let coding = picked.get(header);
  if (coding === undefined) {
    const accepted = acceptedEncodings(header);
    coding = codings.find((c) => accepted.has(c)) ?? null;
    if (picked.size >= 256) picked.clear();
    picked.set(header, coding);
  }
  return coding;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses a response body; moderate levels, since it runs while a request waits. */
export function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gz(body, { level: 6 });
}
