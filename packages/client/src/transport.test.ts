import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BahiClient } from './client.ts';
import { BahiError, retryAfterSeconds } from './errors.ts';

type Handler = (req: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string };

let server: Server | null = null;
const seen: IncomingMessage[] = [];

async function serve(handler: Handler): Promise<string> {
  seen.length = 0;
  server = createServer((req, res) => {
    seen.push(req);
    const out = handler(req);
    res.writeHead(out.status, out.headers ?? {});
    res.end(out.body ?? '');
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

const ok = (body: unknown, headers: Record<string, string> = {}) => ({
  status: 200,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const tooMany = (retryAfter: string) => ({
  status: 429,
  headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter },
  body: JSON.stringify({ status: 429, code: 'rate_limited', detail: 'Slow down.', request_id: 'r-429' }),
});

describe('BahiClient transport', () => {
  it('sends the key as a bearer header and waits out a 429 for its Retry-After', async () => {
    let calls = 0;
    const base = await serve(() => (++calls === 1 ? tooMany('2') : ok({ data: [], meta: {} })));
    const waits: number[] = [];
    const client = new BahiClient({
      apiKey: 'bahi_k',
      baseUrl: base,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(await client.data('/superinvestors', { params: {} })).toEqual([]);
    expect(waits).toEqual([2000]);
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer bahi_k', 'Bearer bahi_k']);
    expect(seen[0]!.url).toBe('/api/v1/superinvestors');
  });

  it('gives up after its retries, or at once when Retry-After is beyond the bound, with the problem as BahiError', async () => {
    const base = await serve(() => tooMany('1'));
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const client = new BahiClient({ apiKey: 'k', baseUrl: base, maxRetries: 2, sleep });
    const err = await client.call('superinvestors').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BahiError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'r-429', retryAfter: 1 });
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);

    const patient = new BahiClient({ apiKey: 'k', baseUrl: base, maxRetryDelayMs: 500, sleep });
    seen.length = 0;
    await expect(patient.call('superinvestors')).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(1);
  });

  it('revalidates kept answers by ETag and serves the kept body on 304', async () => {
    const base = await serve((req) =>
      req.headers['if-none-match'] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"' } }
        : ok({ data: [{ id: 'x' }], meta: { asOf: '2024-01-01' } }, { etag: '"v1"' }),
    );
    const client = new BahiClient({ apiKey: 'k', baseUrl: base, etagCacheSize: 10 });
    const first = await client.call('superinvestors');
    const second = await client.call('superinvestors');
    expect(second).toEqual(first);
    expect(seen.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"']);
  });

  it('reads a non-problem error body too', async () => {
    const base = await serve(() => ({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: 'Bad gateway',
    }));
    const client = new BahiClient({ apiKey: 'k', baseUrl: base });
    await expect(client.call('superinvestors')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      detail: 'Bad gateway',
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});
