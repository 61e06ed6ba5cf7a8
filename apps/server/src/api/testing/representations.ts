import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Asserts that a served document goes out br or gzip compressed when the client accepts it, as
 * it is otherwise, each representation with its own strong ETag, and 304 for a matching
 * If-None-Match. Returns the identity answer.
 */
export async function expectNegotiatedDocument(app: FastifyInstance, url: string) {
  const get = (headers: Record<string, string> = {}) => app.inject({ url, headers });
  const plain = await get();
  expect(plain.statusCode, url).toBe(200);
  expect(plain.headers['content-encoding'], url).toBeUndefined();
  expect(plain.headers.vary, url).toMatch(/accept-encoding/i);
  const plainTag = String(plain.headers.etag);
  expect(plainTag, url).toMatch(/^"[^"]+"$/); // strong
  expect(Number(plain.headers['content-length']), url).toBe(plain.rawPayload.length);

  const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding'], url).toBe('br');
  expect(br.headers.vary, url).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), url).toBe(true);
  expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 3);

  const gzip = await get({ 'accept-encoding': 'br;q=0, gzip' });
  expect(gzip.headers['content-encoding'], url).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload), url).toBe(true);

  const tags = new Set([plainTag, br.headers.etag, gzip.headers.etag]);
  expect(tags.size, url).toBe(3);
  for (const t of tags) expect(t, url).toMatch(/^"[^"]+"$/);

  // Built once: the same representation again has the same tag.
  expect((await get({ 'accept-encoding': 'br' })).headers.etag, url).toBe(br.headers.etag);

  const fresh = await get({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
  expect(fresh.statusCode, url).toBe(304);
  expect(fresh.rawPayload.length, url).toBe(0);
  expect(fresh.headers.etag, url).toBe(br.headers.etag);
  expect(fresh.headers.vary, url).toMatch(/accept-encoding/i);
  // Another representation's tag does not match this one.
  const other = await get({ 'accept-encoding': 'br', 'if-none-match': plainTag });
  expect(other.statusCode, url).toBe(200);
  expect((await get({ 'if-none-match': `W/${plainTag}` })).statusCode, url).toBe(304);
  return plain;
}
