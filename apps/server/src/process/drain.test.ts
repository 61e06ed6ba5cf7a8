import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { killServer, type ServerProcess, startServer } from './testing/server-process.ts';

/**
 * SIGTERM against the real server process (embedded database in memory). The slow requests are
 * uploads whose body arrives in two parts: the server has the request (it answered 100 Continue)
 * and cannot finish it before the rest of the body comes, a natural in-flight request.
 */

const inquiry = JSON.stringify({
  email: 'drain@example.in',
  first_name: 'Kavya',
  last_name: 'Menon',
  contact_number: '022 4000 1234',
  description: 'We want the full shareholding history.',
  company_name: 'Ledger Labs',
  company_website: '',
  additional_details: '',
  category: 'shareholding',
});

/** One raw HTTP/1.1 connection: what arrived, and whether it ended cleanly (FIN) or in error (reset). */
class Connection {
  readonly socket: net.Socket;
  received = '';
  ended = false;
  error: string | null = null;
  private waiters: (() => void)[] = [];

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (d: Buffer) => {
      this.received += d.toString();
      this.wake();
    });
    this.socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('error', (err: NodeJS.ErrnoException) => {
      this.error = err.code ?? err.message;
      this.wake();
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `done()` holds (checked whenever something arrives). */
  async until(done: () => boolean): Promise<void> {
    while (!done()) {
      if (this.error) throw new Error(`connection failed: ${this.error}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The complete responses received so far (each with a Content-Length body). */
  responses(): { status: number; headers: Record<string, string>; body: string }[] {
    const out: { status: number; headers: Record<string, string>; body: string }[] = [];
    let rest = this.received;
    for (;;) {
      const headEnd = rest.indexOf('\r\n\r\n');
      if (headEnd < 0) return out;
      const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const status = Number(statusLine.split(' ')[1]);
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < headEnd + 4 + length) return out;
      out.push({ status, headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
      rest = rest.slice(headEnd + 4 + length);
    }
  }

  /** Responses other than 100 Continue. */
  finals() {
    return this.responses().filter((r) => r.status !== 100);
  }
}

async function connected(port: number): Promise<Connection> {
  const c = new Connection(port);
  await new Promise<void>((resolve, reject) => {
    c.socket.once('connect', resolve);
    c.socket.once('error', reject);
  });
  return c;
}

/** A keep-alive connection that has had one answer and now sits idle. */
async function idleKeepAlive(port: number): Promise<Connection> {
  const c = await connected(port);
  c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await c.until(() => c.finals().length === 1);
  expect(c.finals()[0]?.status).toBe(200);
  return c;
}

/** An upload the server has begun (100 Continue received) with half of its body sent. */
async function halfUpload(port: number): Promise<{ connection: Connection; finish: () => void }> {
  const c = await connected(port);
  const half = Math.floor(inquiry.length / 2);
  c.socket.write(
    'POST /support?source=bahi HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(inquiry)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await c.until(() => c.responses().some((r) => r.status === 100));
  c.socket.write(inquiry.slice(0, half));
  return { connection: c, finish: () => c.socket.write(inquiry.slice(half)) };
}

function refused(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(null);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('SIGTERM drains the server', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await killServer(server);
    server = undefined;
  });

  it('finishes every request in flight, closes keep-alive connections cleanly, refuses new ones, exits 0', {
    timeout: 120_000,
  }, async () => {
    server = await startServer({ SAMPLE_DATA: 'none', SHUTDOWN_TIMEOUT_SECONDS: '60' });
    const { port } = server;
    const idle = await Promise.all([1, 2, 3].map(() => idleKeepAlive(port)));
    const uploads = await Promise.all([1, 2, 3].map(() => halfUpload(port)));

    server.child.kill('SIGTERM');
    // Idle keep-alive connections are closed by the server: an orderly end, no reset.
    for (const c of idle) await c.until(() => c.ended);
    expect(idle.map((c) => c.error)).toEqual([null, null, null]);
    // It no longer accepts connections, while the uploads are still open.
    expect(await refused(port)).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    for (const u of uploads) u.finish();
    for (const { connection } of uploads) await connection.until(() => connection.ended);
    for (const { connection } of uploads) {
      expect(connection.error).toBeNull();
      const [answer, ...more] = connection.finals();
      expect(more).toEqual([]);
      expect(answer?.status).toBe(201);
      expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ reference: expect.any(String) });
      // The client is told not to send anything more on this connection.
      expect(answer?.headers.connection).toBe('close');
    }
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('exits anyway, with 1, when a request is still open after SHUTDOWN_TIMEOUT_SECONDS', {
    timeout: 120_000,
  }, async () => {
    server = await startServer({ SAMPLE_DATA: 'none', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const stuck = await halfUpload(server.port);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('drain timed out');
    // The unfinished upload got no answer.
    await stuck.connection.until(() => stuck.connection.ended || stuck.connection.error !== null);
    expect(stuck.connection.finals()).toEqual([]);
  });
});
