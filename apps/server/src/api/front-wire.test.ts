import { type AddressInfo, connect, type Socket } from 'node:net';
import { openDb } from '@bahi/market-data/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { keyFor } from './testing/harness.ts';

/** One answer as it came over the wire: status line, field lines in order, body. */
interface Raw {
  statusLine: string;
  lines: string[];
  fields: Map<string, string>;
  body: Buffer;
}

/**
 * Reads the answers to `methods` (the requests sent, in order: a HEAD's answer has no body) off
 * `socket`; `ended` settles when the server ends the connection.
 */
function readAnswers(socket: Socket, methods: string[]): { answers: Promise<Raw[]>; ended: Promise<void> } {
  let buf = Buffer.alloc(0);
  const answers: Raw[] = [];
  const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
  const all = new Promise<Raw[]>((resolve, reject) => {
    const parse = () => {
      while (answers.length < methods.length) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine = '', ...lines] = buf.toString('latin1', 0, end).split('\r\n');
        const fields = new Map(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 2)]),
        );
        const status = Number(statusLine.split(' ')[1]);
        const length =
          methods[answers.length] === 'HEAD' || status === 304
            ? 0
            : Number(fields.get('content-length') ?? 0);
        if (buf.length < end + 4 + length) return;
        answers.push({ statusLine, lines, fields, body: buf.subarray(end + 4, end + 4 + length) });
        buf = buf.subarray(end + 4 + length);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      parse();
      if (answers.length === methods.length) resolve(answers);
    });
    socket.once('end', () => {
      if (answers.length < methods.length)
        reject(new Error(`connection ended after ${answers.length} of ${methods.length} answers`));
    });
    socket.on('error', reject);
  });
  return { answers: all, ended };
}

const open = (port: number): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });

/** A GET head as most clients write it. */
const head = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

/** The field lines less those that differ per request (Date, the rate-limit counters). */
const steady = (a: Raw) =>
  a.lines.filter((l) => !/^(date|ratelimit|x-ratelimit-remaining|x-ratelimit-reset):/i.test(l));

describe.each([
  ['read into its own buffer (decision 0343)', true],
  ['read by data events', false],
])('answer wire (decision 0339), connections %s', (_, ownReads) => {
  let app: FastifyInstance;
  let port: number;
  let key: string;
  let path: string;

  beforeAll(async () => {
    const db = await openDb({ kind: 'pglite' });
    app = await buildApp(testConfig({ sampleData: 'small', logLevel: 'info' }), {
      db,
      logStream: { write: () => {} },
    });
    app.addHook('onClose', () => db.close());
    ({ key } = await keyFor(db, 'E'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.answerWire!.ownReads = ownReads;
    port = (app.server.address() as AddressInfo).port;
    path = `/api/v1/financials/ITC?period=annual&token=${key}`;
  }, 120_000);
  afterAll(() => app.close());

  const wire = () => app.answerWire!;
  const front = () => app.answerFront;
  /** The answer cached by the framework, and the data version read just now (the front peeks it). */
  const primed = async (url = path, headers: Record<string, string> = {}) => {
    expect((await app.inject({ url, headers })).statusCode).toBe(200);
    app.dataApi.version.invalidate();
    await app.dataApi.version.current();
  };
  /** Sends `bytes` on a new connection; the answers, and (`ended`) whether the server then ends it. */
  const exchange = async (
    bytes: string,
    methods: string[],
    opts: { end?: boolean; ended?: boolean } = {},
  ): Promise<{ answers: Raw[] }> => {
    const socket = await open(port);
    const read = readAnswers(socket, methods);
    socket.write(bytes);
    if (opts.end) socket.end();
    const answers = await read.answers;
    if (opts.ended) await read.ended;
    socket.destroy();
    return { answers };
  };

  it('is in place on a plain HTTP server', () => {
    expect(app.answerWire).not.toBeNull();
  });

  it(
    ownReads
      ? "reads a connection into its own buffer, on this machine's Node"
      : 'reads a connection by its data events when told to',
    async () => {
      await primed();
      const before = wire().ownReadConnections;
      const { answers } = await exchange(head(path) + head(path), ['GET', 'GET']);
      expect(answers.map((a) => a.statusLine)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
      expect(wire().ownReadConnections).toBe(before + (ownReads ? 1 : 0));
    },
  );

  it('hands an upgraded connection over whole: what the client sends after the upgrade reaches the upgrade listener', async () => {
    await primed();
    // An echo after a 101, as a WebSocket server would read frames.
    const onUpgrade = (_req: unknown, socket: Socket, early: Buffer) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
      if (early.length > 0) socket.write(early);
      socket.on('data', (chunk: Buffer) => socket.write(chunk));
      // Half-open allowed (as Node's http servers allow it): the server's side ends when asked.
      socket.on('end', () => socket.end());
    };
    app.server.on('upgrade', onUpgrade);
    try {
      const socket = await open(port);
      let got = '';
      socket.on('data', (chunk: Buffer) => {
        got += chunk.toString('latin1');
      });
      const until = async (text: string) => {
        for (let i = 0; i < 200 && !got.includes(text); i++) await new Promise((r) => setTimeout(r, 10));
        expect(got).toContain(text);
      };
      // A request the wire answers, then the upgrade: the wire hands the connection over.
      socket.write(head(path));
      await until('HTTP/1.1 200 OK');
      socket.write('GET /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
      await until('101 Switching Protocols');
      socket.write('ping-1');
      await until('ping-1');
      socket.write('ping-2');
      await until('ping-2');
      socket.destroy();
    } finally {
      app.server.removeListener('upgrade', onUpgrade);
    }
  });

  for (const [name, extra] of [
    ['JSON', ''],
    ['br', 'Accept-Encoding: gzip, deflate, br\r\n'],
  ] as const) {
    it(`writes a cached ${name} answer exactly as Node's http writes the front's answer`, async () => {
      await primed(path, extra ? { 'accept-encoding': 'gzip, deflate, br' } : {});
      const id = 'X-Request-Id: 0f6c1a4e-2b7d-4c8e-9a1f-3d5e7b9c1a2f\r\n';
      const before = { wire: wire().answered, front: front().answered };
      const byWire = (await exchange(head(path, extra + id), ['GET'])).answers[0]!;
      expect(wire().answered).toBe(before.wire + 1);
      // A field named twice is Node's to read: the same request, answered by the front through
      // Node's http.
      const byNode = (await exchange(head(path, `${extra + id}X-Trace: 1\r\nX-Trace: 2\r\n`), ['GET']))
        .answers[0]!;
      expect(wire().answered).toBe(before.wire + 1);
      expect(front().answered).toBe(before.front + 2);
      expect(byWire.statusLine).toBe('HTTP/1.1 200 OK');
      expect(steady(byWire)).toEqual(steady(byNode));
      expect(byWire.lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual(
        byNode.lines.map((l) => l.slice(0, l.indexOf(':'))),
      );
      expect(byWire.fields.get('keep-alive')).toBe('timeout=72');
      expect(byWire.body.equals(byNode.body)).toBe(true);
      expect(byWire.body.length).toBeGreaterThan(1000);
    });
  }

  it('reads the fields the front reads in any order and case, among any others (decision 0359)', async () => {
    await primed(path, { 'accept-encoding': 'gzip, deflate, br' });
    const id = '7d1e2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
    const forms = [
      `Host: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br\r\nX-Request-Id: ${id}\r\n`,
      `accept-encoding: gzip, deflate, br\r\nx-request-id: ${id}\r\nhost: 127.0.0.1:${port}\r\n`,
      `User-Agent: python-requests/2.32\r\nX-REQUEST-ID: ${id}\r\nAccept: */*\r\nHOST: localhost\r\nConnection: keep-alive\r\nACCEPT-ENCODING: gzip, deflate, br\r\n`,
      // Names an object answers to are fields like any other.
      `constructor: x\r\n__proto__: y\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br\r\nx-request-id: ${id}\r\n`,
    ];
    const before = wire().answered;
    const answers: Raw[] = [];
    for (const fields of forms)
      answers.push((await exchange(`GET ${path} HTTP/1.1\r\n${fields}\r\n`, ['GET'])).answers[0]!);
    expect(wire().answered).toBe(before + forms.length);
    for (const a of answers) {
      expect(a.statusLine).toBe('HTTP/1.1 200 OK');
      expect(a.fields.get('content-encoding')).toBe('br');
      expect(a.fields.get('x-request-id')).toBe(id);
      expect(steady(a)).toEqual(steady(answers[0]!));
      expect(a.body.equals(answers[0]!.body)).toBe(true);
    }
    // A field the front reads, named twice in any case, is Node's to read (and the front answers
    // through it); so is one it does not read.
    for (const twice of [
      'Accept-Encoding: br\r\naccept-encoding: br\r\n',
      'Accept: */*\r\nACCEPT: */*\r\n',
    ]) {
      const got = (await exchange(head(path, twice), ['GET'])).answers[0]!;
      expect(got.statusLine).toBe('HTTP/1.1 200 OK');
    }
    expect(wire().answered).toBe(before + forms.length);
  });

  it("answers If-None-Match with Node's 304, no body", async () => {
    await primed();
    const etag = (await exchange(head(path), ['GET'])).answers[0]!.fields.get('etag')!;
    const before = wire().answered;
    const [byWire] = (await exchange(head(path, `If-None-Match: ${etag}\r\n`), ['GET'])).answers;
    const [byNode] = (await exchange(head(path, `If-None-Match: ${etag}\r\nX-A: 1\r\nX-A: 1\r\n`), ['GET']))
      .answers;
    expect(wire().answered).toBe(before + 1);
    expect(byWire!.statusLine).toBe('HTTP/1.1 304 Not Modified');
    expect(byWire!.body.length).toBe(0);
    expect(steady(byWire!).filter((l) => !l.startsWith('x-request-id'))).toEqual(
      steady(byNode!).filter((l) => !l.startsWith('x-request-id')),
    );
  });

  it("keeps answering a connection across re-reads of the data version and the key's owner", async () => {
    await primed();
    const socket = await open(port);
    const before = wire().answered;
    for (let i = 0; i < 3; i++) {
      // As every 2 s: the version is to be read again before the next answer; as after 30 s
      // unused, the key's owner too.
      if (i !== 1) app.dataApi.version.invalidate();
      if (i !== 0) app.dataApi.keys.invalidateKey(key);
      const read = readAnswers(socket, ['GET']);
      socket.write(head(path));
      expect((await read.answers)[0]!.statusLine).toBe('HTTP/1.1 200 OK');
      socket.removeAllListeners('data');
      socket.removeAllListeners('end');
    }
    socket.destroy();
    expect(wire().answered).toBe(before + 3);
  });

  it('answers pipelined requests in order, handing the connection over at the first it does not answer', async () => {
    await primed();
    const before = { wire: wire().answered, front: front().answered };
    const { answers } = await exchange(
      head(path) + head(path) + head(path).replace('GET', 'HEAD') + head(path),
      ['GET', 'GET', 'HEAD', 'GET'],
    );
    expect(answers.map((a) => a.statusLine)).toEqual(Array(4).fill('HTTP/1.1 200 OK'));
    expect(answers[0]!.body.equals(answers[3]!.body)).toBe(true);
    expect(answers[2]!.fields.get('content-length')).toBe(String(answers[0]!.body.length));
    // Two by the wire; the HEAD by the framework; the last GET by the front, through Node's http.
    expect(wire().answered).toBe(before.wire + 2);
    expect(front().answered).toBe(before.front + 3);
  });

  it('hands a keep-alive connection to Node at a request with a body, which reads it on from there', async () => {
    await primed();
    const before = wire().answered;
    const post = `POST /api/v1/financials/ITC HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const { answers } = await exchange(head(path) + post + head(path), ['GET', 'POST', 'GET']);
    expect(answers[0]!.statusLine).toBe('HTTP/1.1 200 OK');
    expect(answers[1]!.statusLine).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answers[1]!.fields.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answers[2]!.statusLine).toBe('HTTP/1.1 200 OK');
    expect(answers[2]!.body.equals(answers[0]!.body)).toBe(true);
    expect(wire().answered).toBe(before + 1);
  });

  it('answers a head that arrives in pieces all the same', async () => {
    await primed();
    const whole = head(path);
    const socket = await open(port);
    const read = readAnswers(socket, ['GET']);
    socket.write(whole.slice(0, 20));
    await new Promise((r) => setTimeout(r, 50));
    socket.write(whole.slice(20));
    const answers = await read.answers;
    socket.destroy();
    expect(answers[0]!.statusLine).toBe('HTTP/1.1 200 OK');
    expect(answers[0]!.body.length).toBeGreaterThan(1000);
  });

  it("leaves what it does not read without doubt to Node's http", async () => {
    await primed();
    const before = wire().answered;
    // HTTP/1.0: Node answers it (the front, through Node) and closes the connection.
    const old = await exchange(`GET ${path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n`, ['GET'], { ended: true });
    expect(old.answers[0]!.statusLine).toMatch(/^HTTP\/1\.[01] 200 OK$/);
    // No Host field: Node's 400.
    const noHost = await exchange(`GET ${path} HTTP/1.1\r\n\r\n`, ['GET']);
    expect(noHost.answers[0]!.statusLine).toBe('HTTP/1.1 400 Bad Request');
    // A folded field line: Node's 400.
    const folded = await exchange(head(path, 'X-A: 1\r\n  continued\r\n'), ['GET']);
    expect(folded.answers[0]!.statusLine).toBe('HTTP/1.1 400 Bad Request');
    // Connection: close: answered, then closed.
    const closing = await exchange(head(path, 'Connection: close\r\n'), ['GET'], { ended: true });
    expect(closing.answers[0]!.statusLine).toBe('HTTP/1.1 200 OK');
    expect(wire().answered).toBe(before);
  });

  it('answers a request whose client closed its side, then ends the connection', async () => {
    await primed();
    const before = wire().answered;
    const { answers } = await exchange(head(path), ['GET'], { end: true, ended: true });
    expect(answers[0]!.statusLine).toBe('HTTP/1.1 200 OK');
    expect(wire().answered).toBe(before + 1);
  });

  it("closes its idle connections when the server closes its idle ones (the drain's step)", async () => {
    await primed();
    const socket = await open(port);
    const read = readAnswers(socket, ['GET']);
    socket.write(head(path));
    await read.answers;
    expect(wire().connections.size).toBeGreaterThan(0);
    // A connection whose first request is still on its way is not idle (nor to Node's http).
    const fresh = await open(port);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    app.server.closeIdleConnections();
    await closed;
    const late = readAnswers(fresh, ['GET']);
    fresh.write(head(path));
    expect((await late.answers)[0]!.statusLine).toBe('HTTP/1.1 200 OK');
    fresh.destroy();
    expect([...wire().connections].some((c) => c.socket.remotePort === socket.localPort)).toBe(false);
  });

  it("refuses a connection that sends no request within headersTimeout with the product's 408, as Node's http does", async () => {
    const server = app.server;
    const [headersTimeout, keepAliveTimeout] = [server.headersTimeout, server.keepAliveTimeout];
    server.headersTimeout = 300;
    server.keepAliveTimeout = 10_000;
    try {
      await primed();
      const silent = await open(port);
      const refused = readAnswers(silent, ['GET']);
      const started = Date.now();
      const [answer] = await refused.answers;
      await refused.ended;
      // Well before the keep-alive timeout the connection would otherwise be held for.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(answer!.statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(answer!.fields.get('content-type')).toBe('application/problem+json');
      expect(JSON.parse(answer!.body.toString()).code).toBe('request_timeout');
      silent.destroy();

      // Answered once, a connection then idles under the keep-alive timeout, not headersTimeout.
      const served = await open(port);
      const read = readAnswers(served, ['GET']);
      served.write(head(path));
      expect((await read.answers)[0]!.statusLine).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(served.readyState).toBe('open');
      const again = readAnswers(served, ['GET']);
      served.write(head(path));
      expect((await again.answers)[0]!.statusLine).toBe('HTTP/1.1 200 OK');
      served.destroy();
    } finally {
      server.headersTimeout = headersTimeout;
      server.keepAliveTimeout = keepAliveTimeout;
    }
  });

  it('refuses a call past the rate limit with the framework 429, counted once', async () => {
    const { key: limited } = await keyFor(app.deps.db, 'E', { rateLimitPerMinute: 3 });
    const url = `/api/v1/financials/ITC?period=annual&token=${limited}`;
    await primed(url);
    const before = wire().answered;
    // Counted: the framework's answer above (1), two by the wire (2, 3), the fourth refused by
    // the wire's count and answered by the framework without counting it again.
    const { answers } = await exchange(head(url) + head(url) + head(url), ['GET', 'GET', 'GET']);
    expect(answers.map((a) => a.statusLine.split(' ')[1])).toEqual(['200', '200', '429']);
    expect(wire().answered).toBe(before + 2);
    expect(answers[1]!.fields.get('x-ratelimit-remaining')).toBe('0');
    expect(answers[2]!.fields.get('retry-after')).toMatch(/^\d+$/);
  });
});
