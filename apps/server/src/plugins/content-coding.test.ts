import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codingTag, compress, compressInlineUpTo, fastCompressionAbove, levelFor } from './content-coding.ts';

/** A JSON answer of about `bytes` bytes, with the repetition real answers have and some noise. */
function answer(bytes: number): Buffer {
  const rows: string[] = [];
  let size = 10;
  for (let i = 0; size < bytes; i++) {
    const row = `{"date":"2024-01-${String(i % 28).padStart(2, '0')}","close":${(1000 + i * 0.37).toFixed(2)},"id":"${randomBytes(6).toString('hex')}"}`;
    rows.push(row);
    size += row.length + 1;
  }
  return Buffer.from(`{"data":[${rows.join(',')}]}`);
}

describe('compress', () => {
  const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
  for (const coding of ['br', 'gzip'] as const) {
    for (const [name, bytes] of [
      ['small, made in line', 6_000],
      ['at the in-line limit', compressInlineUpTo],
      ['large, made in the pool', 400_000],
    ] as const) {
      it(`${coding}: a ${name} body decodes to the same bytes, smaller`, async () => {
        const body = answer(bytes).subarray(0, bytes);
        const packed = await compress(body, coding);
        expect(decode[coding](packed).equals(body)).toBe(true);
        expect(packed.length).toBeLessThan(body.length / 2);
      });
    }
  }

  it('a body one byte past a power of two round-trips (the window is sized from the length)', async () => {
    const body = answer(70_000).subarray(0, 65_537);
    expect(brotliDecompressSync(await compress(body, 'br')).equals(body)).toBe(true);
  });

  it('a body past fastCompressionAbove is made at the fastest level, and its ETag tag says so', async () => {
    expect([levelFor('br', fastCompressionAbove), levelFor('gzip', fastCompressionAbove)]).toEqual([4, 6]);
    expect([levelFor('br', fastCompressionAbove + 1), levelFor('gzip', fastCompressionAbove + 1)]).toEqual([
      1, 1,
    ]);
    expect([codingTag('br', fastCompressionAbove), codingTag('gzip', fastCompressionAbove + 1)]).toEqual([
      'br',
      'gzip1',
    ]);
    const body = answer(200_000);
    const quality = (q: number) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: q,
          [constants.BROTLI_PARAM_LGWIN]: 18,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    const br = await compress(body, 'br');
    expect(br.equals(quality(1))).toBe(true);
    expect(br.length).toBeGreaterThan(quality(4).length);
    const gz = await compress(body, 'gzip');
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(gz.length).toBe(gzipSync(body, { level: 1 }).length);
    // A body at the limit keeps the usual levels.
    const small = body.subarray(0, fastCompressionAbove);
    expect((await compress(small, 'gzip')).length).toBe(gzipSync(small, { level: 6 }).length);
  });
});
