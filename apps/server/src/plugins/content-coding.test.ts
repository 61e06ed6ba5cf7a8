import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, compressInlineUpTo } from './content-coding.ts';

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
});
