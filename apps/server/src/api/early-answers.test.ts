import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { openDb } from '@bahi/market-data/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from './testing/harness.ts';

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.on('data', (d) => {
      out += d.toString();
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('answers given before a route runs', () => {
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof openDb>>;
  let port: number;
  let key: string;

  beforeAll(async () => {
    db = await openDb({ kind: 'pglite' });
    app = await dataApiApp(db);
    key = (await keyFor(db, 'P')).key;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers OPTIONS and TRACE on a data path with 405 and Allow, CORS preflight included', async () => {
    const cases = [
      { method: 'OPTIONS' as const, headers: {} },
      {
        method: 'OPTIONS' as const,
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      },
      { method: 'TRACE' as const, headers: {} },
    ];
    for (const c of cases) {
      const res = await app.inject({
        // light-my-request 6.6's method type lacks TRACE; it sends any method as given.
        method: c.method as 'OPTIONS',
        url: `/api/v1/peers/ITC?token=${key}`,
        headers: c.headers,
      });
      expect(res.statusCode, c.method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.json()).toMatchObject({ code: 'method_not_allowed', request_id: expect.any(String) });
    }
  });

  it('names the request and forbids sniffing on a 431 from the HTTP parser', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/stock-symbols?x=${'A'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await res.json()) as { request_id: string }).request_id).toBe(id);
  });

  it('names the request and forbids sniffing on a 400 for a request that is not HTTP', async () => {
    const answer = await raw(port, 'HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    const id = /\r\nX-Request-Id: ([^\r]+)\r\n/i.exec(answer)?.[1];
    expect(id).toBeTruthy();
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).request_id).toBe(id);
  });

  it('names the request and forbids sniffing on a 400 for a malformed URL', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/peers/%zz?token=${key}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await res.json()) as { request_id: string }).request_id).toBe(res.headers.get('x-request-id'));
  });
});
