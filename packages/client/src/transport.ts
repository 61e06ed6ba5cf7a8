import { retryAfterSeconds } from './errors.ts';

export interface TransportOptions {
  apiKey: string;
  /** The fetch to call (the global one by default). */
  fetch?: typeof fetch;
  /** How many times a 429 answer is retried after its Retry-After; 0 turns retries off. Default 2. */
  maxRetries?: number;
  /** The longest wait for one retry, in milliseconds; a longer Retry-After is not waited for. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Keep answers with their ETag and revalidate them (If-None-Match); the number of URLs kept. 0 = off. */
  etagCacheSize?: number;
  /** Waits; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
}

interface Kept {
  etag: string;
  body: ArrayBuffer;
  headers: Headers;
}

/**
 * A fetch for the Bahi API: sends the key as a bearer token, waits out a 429 as its Retry-After
 * says (bounded in count and delay), and, when asked, revalidates kept answers by ETag so an
 * unchanged answer costs a 304 and no body.
 */
export function bahiFetch(opts: TransportOptions): (input: Request) => Promise<Response> {
  const baseFetch = opts.fetch ?? globalThis.fetch;
  const maxRetries = opts.maxRetries ?? 2;
  const maxDelay = opts.maxRetryDelayMs ?? 30_000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const cacheSize = opts.etagCacheSize ?? 0;
  const kept = new Map<string, Kept>();

  return async (input: Request): Promise<Response> => {
    const request = new Request(input);
    request.headers.set('authorization', `Bearer ${opts.apiKey}`);
    const cached = cacheSize > 0 && request.method === 'GET' ? kept.get(request.url) : undefined;
    if (cached) request.headers.set('if-none-match', cached.etag);
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      response = await baseFetch(request.clone());
      if (response.status !== 429 || attempt >= maxRetries) break;
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      const ms = Math.ceil((wait ?? 2 ** attempt) * 1000);
      if (ms > maxDelay) break;
      await response.body?.cancel();
      await sleep(ms);
    }
    if (cached && response.status === 304) {
      kept.delete(request.url);
      kept.set(request.url, cached);
      return new Response(cached.body.slice(0), { status: 200, headers: cached.headers });
    }
    const etag = response.headers.get('etag');
    if (cacheSize > 0 && request.method === 'GET' && response.status === 200 && etag) {
      const body = await response.arrayBuffer();
      kept.delete(request.url);
      kept.set(request.url, { etag, body, headers: response.headers });
      while (kept.size > cacheSize) kept.delete(kept.keys().next().value as string);
      return new Response(body.slice(0), { status: 200, headers: response.headers });
    }
    return response;
  };
}
