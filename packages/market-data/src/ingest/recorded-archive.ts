import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SOURCES, type SyncSource } from './sync-sources.ts';

/**
 * For tests: a local stand-in for the exchanges' archives, answering on 127.0.0.1 at the same
 * paths (and queries) as the real sources, so a whole sync runs offline. Each path plays a
 * scenario: a file, a file after a number of 503s, a file after a stalled first request (a
 * timeout), a web page instead of the file, or 404 (not published) when nothing is set.
 * Scenarios can change while a test runs (a filing appears in the index). A POST (a service
 * asked with a JSON body, as MCX's) is answered by the reply set at "path body".
 */
export interface Reply {
  body: string | Buffer;
  contentType?: string;
  /** Answer 503 to this many requests first. */
  failFirst?: number;
  /** Hold the first request this long before answering (longer than the client's time limit). */
  stallFirstMs?: number;
}

export interface RecordedArchive {
  base: string;
  /** Serves `reply` at a path (with its query, as requested; "path body" for a POST); null makes it 404 again. */
  set(pathAndQuery: string, reply: Reply | null): void;
  /** Requests per path (with query; "path body" for a POST). */
  hits: Map<string, number>;
  /** The User-Agent of every request. */
  userAgents: Set<string>;
  /** The most requests in flight at once. */
  maxInFlight: number;
  /** The default sources with the exchanges' hosts replaced by this archive. */
  sources(kinds?: readonly SyncSource['kind'][]): SyncSource[];
  close(): Promise<void>;
}

export async function startRecordedArchive(): Promise<RecordedArchive> {
  const replies = new Map<string, Reply>();
  const hits = new Map<string, number>();
  const userAgents = new Set<string>();
  const stalls = new Set<ReturnType<typeof setTimeout>>();
  let inFlight = 0;
  const state = { maxInFlight: 0 };
  const server: Server = createServer(async (req, res) => {
    let path = req.url ?? '/';
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      path = `${path} ${Buffer.concat(chunks).toString('utf8')}`;
    }
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    userAgents.add(req.headers['user-agent'] ?? '');
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const reply = replies.get(path);
    if (!reply) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (n <= (reply.failFirst ?? 0)) return res.writeHead(503).end('busy');
    const send = () => {
      const body = Buffer.from(reply.body);
      res
        .writeHead(200, {
          'content-type': reply.contentType ?? 'text/csv',
          'content-length': String(body.length),
        })
        .end(body);
    };
    if (n === 1 && reply.stallFirstMs) {
      const t = setTimeout(() => {
        stalls.delete(t);
        if (!res.destroyed) send();
      }, reply.stallFirstMs);
      stalls.add(t);
      return;
    }
    // A little time in flight, so overlapping syncs would show in maxInFlight.
    setTimeout(send, 5);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    set(pathAndQuery, reply) {
      if (reply) replies.set(pathAndQuery, reply);
      else replies.delete(pathAndQuery);
    },
    hits,
    userAgents,
    get maxInFlight() {
      return state.maxInFlight;
    },
    set maxInFlight(n: number) {
      state.maxInFlight = n;
    },
    sources(kinds) {
      return DEFAULT_SOURCES.filter((s) => !kinds || kinds.includes(s.kind)).map((s) => ({
        ...s,
        url: s.url.replace(/^https:\/\/[^/]+/, base),
      }));
    },
    async close() {
      for (const t of stalls) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
