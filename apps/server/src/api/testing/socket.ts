import { type Agent, request } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface Got {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The client's port: which connection the answer came on. */
  localPort: number;
}

/**
 * One request over a real socket (inject() reaches the router, not the server's listener): one
 * Node's agent keeps between requests, or (`newConnection`) a connection of its own, or one of
 * `agent`'s.
 */
export function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  opts: { newConnection?: boolean; agent?: Agent } = {},
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const agent = opts.newConnection ? false : opts.agent;
    const req = request({ host: '127.0.0.1', port, path, headers, method, agent }, (res) => {
      // Read now: once the answer is read, a kept connection goes back to its agent.
      const localPort = res.socket.localPort ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
          localPort,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The fields the app sets, less those that differ per request (id, counters) or per socket. */
const perRequest = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'ratelimit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
]);
export const stable = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => !perRequest.has(k)));

/**
 * `get` with the app's data version read just before: the answer front answers only while the
 * version it peeks was read within the last 2 s (DataVersion), so on a slow run a request the
 * test expects the front to answer could otherwise go to the framework.
 */
export async function getFresh(
  app: FastifyInstance,
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Got> {
  app.dataApi.version.invalidate();
  await app.dataApi.version.current();
  return get(port, path, headers, method);
}
