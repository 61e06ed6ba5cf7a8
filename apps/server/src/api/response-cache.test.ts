import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPrepared, fastCompressionAbove } from '../plugins/content-coding.ts';
import { entryFromPrepared } from './prepared-store.ts';
import {
  type CachedResponse,
  entryBytes,
  makeEntry,
  ResponseCache,
  readyRepresentation,
  representation,
} from './response-cache.ts';

const entry = (bytes: number, fill = 'x') =>
  makeEntry(`"${fill.repeat(bytes - 2)}"`, 'application/json; charset=utf-8', 1, {
    asOf: '2024-01-01',
    source: 't',
  });

describe('response cache bounded by bytes', () => {
  it('never holds more than its budget and drops the least recently used entry first', () => {
    // Room for three entries, whatever the length of their keys (k0...k49).
    const cache = new ResponseCache<CachedResponse>((entryBytes(entry(10_000)) + 3) * 3, entryBytes);
    cache.set('k0', entry(10_000));
    cache.set('k1', entry(10_000));
    cache.set('k2', entry(10_000));
    expect(cache.size).toBe(3);
    expect(cache.get('k0')).toBeDefined(); // k0 is now the most recently used; k1 the least
    cache.set('k3', entry(10_000));
    expect(cache.get('k1')).toBeUndefined();
    expect(['k0', 'k2', 'k3'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
    for (let i = 4; i < 50; i++) {
      cache.set(`k${i}`, entry(10_000));
      expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    }
    expect(cache.size).toBe(3);
  });

  it('makes room for a large entry by dropping as many small ones as it takes, and keeps none larger than the budget', () => {
    const cache = new ResponseCache<CachedResponse>(60_000, entryBytes);
    for (let i = 0; i < 10; i++) cache.set(`small${i}`, entry(4_000));
    expect(cache.size).toBe(10);
    cache.set('large', entry(40_000));
    expect(cache.get('large')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(60_000);
    expect(cache.get('small0')).toBeUndefined();
    expect(cache.get('small9')).toBeDefined();
    cache.set('huge', entry(70_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('large')).toBeDefined();
  });

  it('counts compressed copies once they are made, when the entry is measured again', async () => {
    const e = entry(50_000, 'ab');
    const cache = new ResponseCache<CachedResponse>(1_000_000, entryBytes);
    cache.set('k', e);
    const before = cache.bytes;
    await representation(e, 'gzip');
    cache.remeasure('k', e);
    expect(cache.bytes).toBeGreaterThan(before);
    expect(cache.bytes - before).toBe(e.ready.gzip!.body.length);
  });

  it('counts an answer prepared compressed at its gzip bytes until its body is read for a client', async () => {
    const made = entry(50_000, 'ab');
    const gzip = await compressPrepared(made.body);
    const row = { etag: made.etag, length: made.length, asOf: made.asOf, source: made.source, gzip };
    const prepared = entryFromPrepared(row, gzip);
    const cache = new ResponseCache<CachedResponse>(1_000_000, entryBytes);
    cache.set('k', prepared);
    const kept = cache.bytes;
    expect(kept).toBeLessThan(made.length);
    expect(readyRepresentation(prepared, 'gzip')?.body.equals(gzip)).toBe(true);
    // No br copy until a client that takes br but not gzip asks for one.
    expect(readyRepresentation(prepared, 'br')).toBeUndefined();
    // The body is not sent until it is read, which the caller then counts.
    expect(readyRepresentation(prepared, null)).toBeUndefined();
    expect(cache.bytes).toBe(kept);
    const plain = await representation(prepared, null);
    expect(plain.body.equals(made.body)).toBe(true);
    expect(plain.etag).toBe(made.etag);
    cache.remeasure('k', prepared);
    expect(cache.bytes - kept).toBe(made.length);
    expect(readyRepresentation(prepared, null)).toBe(plain);
  });

  it('keeps no body or copy as a view of a larger allocation, which it would hold uncounted', async () => {
    // Memory a buffer holds: its whole backing store.
    const held = (b: Buffer) => b.buffer.byteLength;
    const small = entry(1_500);
    expect(held(small.body)).toBe(small.length);
    const gzip = await representation(small, 'gzip');
    expect(held(gzip.body)).toBe(gzip.body.length);
    const made = entry(3_000, 'ab');
    // As read from the database: decoded from base64, in Node's pool.
    const stored = Buffer.from((await compressPrepared(made.body)).toString('base64'), 'base64');
    expect(held(stored)).toBeGreaterThan(stored.length);
    const row = { etag: made.etag, length: made.length, asOf: made.asOf, source: made.source, gzip: stored };
    const prepared = entryFromPrepared(row, stored);
    const kept = readyRepresentation(prepared, 'gzip')!.body;
    expect(kept.equals(stored)).toBe(true);
    expect(held(kept)).toBe(stored.length);
    const plain = await representation(prepared, null);
    expect(held(plain.body)).toBe(made.length);
    // Counted at what it holds (besides the fixed estimate for its objects).
    const overhead = entryBytes(entry(2)) - 2;
    expect(entryBytes(prepared) - overhead).toBe(held(kept) + held(plain.body));
  });

  it("names the level in a large body's compressed ETag (its bytes are made at the fastest level)", async () => {
    const small = entry(60_000);
    const large = entry(fastCompressionAbove + 10);
    const [smallBr, largeBr, largeGzip] = await Promise.all([
      representation(small, 'br'),
      representation(large, 'br'),
      representation(large, 'gzip'),
    ]);
    expect(smallBr.etag).toBe(`${small.etag.slice(0, -1)}-br"`);
    expect(largeBr.etag).toBe(`${large.etag.slice(0, -1)}-br1"`);
    expect(largeGzip.etag).toBe(`${large.etag.slice(0, -1)}-gzip1"`);
    expect(brotliDecompressSync(largeBr.body).equals(large.body)).toBe(true);
  });
});
