import type { IncomingHttpHeaders, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { AnswerFront, FrontRequest, FrontResponse } from './front.ts';
import { carryCounted, countedAhead } from './front-handover.ts';
import { internalCallHeader } from './internal-call.ts';
import type { RateLimitOutcome } from './rate-limit.ts';
import { copyOf, readAsStream, readInto } from './socket-reads.ts';

/**
 * A request as the wire read it, for the framework to answer in process (decision 0361): every
 * field the client sent (names in lower case; the wire takes no field named twice).
 */
export interface RelayedRequest {
  url: string;
  headers: Record<string, string>;
  remoteAddress: string | undefined;
}

/** The framework's answer to a relayed request: status, fields as its reply set them, body. */
export interface RelayedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

export type FrameworkCall = (req: RelayedRequest) => Promise<RelayedAnswer>;

/**
 * Fields of the framework's answer the wire writes itself (Date, the connection's) or replaces
 * (a stream's chunked framing, by the length of the whole body it relays).
 */
const fieldsWritten = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const endOfHead = Buffer.from('\r\n\r\n', 'latin1');
/** Node's default `maxHeaderSize`: a longer head is Node's to refuse (431). */
const maxHead = 16 * 1024;
/** The request target as the wire takes it: visible ASCII, no space. */
const visibleTarget = /^\/[\x21-\x7e]*$/;
const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A field value of visible ASCII, spaces and tabs (no obsolete text, no bare CR or LF). */
const fieldValue = /^[\t\x20-\x7e]*$/;

/**
 * The answer wire (decision 0339): the server's connections are read by the wire first, which
 * answers, through the answer front, the requests the front answers from its caches, writing
 * status line, fields and body itself instead of through Node's http. At the first request it
 * does not answer itself, the connection is Node's: its parser is given the bytes read so far
 * (that request's and any after it) and reads the connection from then on.
 *
 * The wire takes only what it reads without doubt: a whole head, within Node's size limit,
 * `GET <origin-form> HTTP/1.1`, a Host field, field names that are tokens and values of
 * visible ASCII, no field named twice, no body framing (Content-Length, Transfer-Encoding),
 * no Expect, Upgrade or `Connection` other than keep-alive. Anything else (a head split
 * across reads, HTTP/1.0, a HEAD, a POST, a malformed line) goes to Node's http, which
 * answers or refuses it as it always has.
 *
 * Plain HTTP servers only; a TLS server's requests go through Node's http to the front.
 */
export class AnswerWire {
  /** Connections the wire still reads (not yet handed to Node's http). */
  readonly connections = new Set<WireConnection>();
  /** Requests the wire answered itself (the front counts them among its own). */
  answered = 0;
  /** ...of which the framework answered in process, relayed by the wire (decision 0361). */
  relayed = 0;
  /**
   * New connections are read into the wire's one buffer where Node allows it (decision 0343);
   * false: by their `data` events, as Node reads any socket.
   */
  ownReads = true;
  /** Connections read into the wire's one buffer so far. */
  ownReadConnections = 0;
  private keepAliveSeconds = -1;
  private keepAliveTail = '';

  private constructor(
    readonly front: AnswerFront,
    readonly server: Server,
    private readonly http: (this: Server, socket: Socket) => void,
    /** The framework's answer to a request, made in process (`app.inject`), when one is given. */
    readonly framework: FrameworkCall | null,
  ) {}

  /**
   * Puts the wire in place of Node's http connection listener on `server` (a plain HTTP server),
   * and makes `closeIdleConnections`/`closeAllConnections` close the wire's connections too.
   */
  static install(front: AnswerFront, server: Server, framework: FrameworkCall | null = null): AnswerWire {
    const http = server
      .listeners('connection')
      .find((l) => (l as { name?: string }).name === 'connectionListener') as
      | ((this: Server, socket: Socket) => void)
      | undefined;
    if (http === undefined)
      throw new Error('the server has no Node http connection listener to put the wire before');
    const wire = new AnswerWire(front, server, http, framework);
    server.removeListener('connection', http);
    server.on('connection', (socket: Socket) => wire.accept(socket));
    const closeIdle = server.closeIdleConnections;
    const closeAll = server.closeAllConnections;
    server.closeIdleConnections = function (this: Server) {
      closeIdle.call(this);
      wire.close(false);
    };
    server.closeAllConnections = function (this: Server) {
      closeAll.call(this);
      wire.close(true);
    };
    return wire;
  }

  private accept(socket: Socket): void {
    // A per-connection request limit is Node's to keep (and announce).
    if (this.server.maxRequestsPerSocket) this.handTo(socket);
    else this.connections.add(new WireConnection(this, socket));
  }

  /** Gives `socket` to Node's http, which reads it from now on. */
  handTo(socket: Socket): void {
    this.http.call(this.server, socket);
  }

  /** Closes the wire's idle connections (`all`: every one, as `closeAllConnections` does). */
  private close(all: boolean): void {
    for (const c of this.connections) if (all || c.idle()) c.socket.destroy();
  }

  /** `Connection` and `Keep-Alive` as Node's http writes them for the server's keep-alive timeout. */
  keepAlive(): string {
    const seconds = Math.floor(this.server.keepAliveTimeout / 1000);
    if (seconds !== this.keepAliveSeconds) {
      this.keepAliveSeconds = seconds;
      this.keepAliveTail =
        this.server.keepAliveTimeout > 0
          ? `Connection: keep-alive\r\nKeep-Alive: timeout=${seconds}\r\n\r\n`
          : 'Connection: keep-alive\r\n\r\n';
    }
    return this.keepAliveTail;
  }
}

/** A request head the wire read: what the front reads of it. */
class WireRequest implements FrontRequest {
  readonly method = 'GET';
  constructor(
    readonly url: string,
    readonly headers: IncomingHttpHeaders,
    readonly socket: Socket,
    /** The head as read, less its blank line: every field, for a relay (decision 0361). */
    readonly head: string,
  ) {}
}

/** The front's answer, written by the wire: the fields as given, then Node's Date and Connection. */
class WireResponse implements FrontResponse {
  private head = '';
  constructor(private readonly connection: WireConnection) {}

  writeHead(status: number, fields: string[]): this {
    let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
    for (let i = 0; i < fields.length; i += 2) {
      const value = fields[i + 1]!;
      // Node's http refuses a field that would split the head; so does the wire.
      if (value.includes('\n') || value.includes('\r')) throw new TypeError(`invalid value for ${fields[i]}`);
      head += `${fields[i]}: ${value}\r\n`;
    }
    this.head = head;
    return this;
  }

  end(body?: Buffer, written?: (err?: Error | null) => void): this {
    this.connection.write(this.head, body, written);
    return this;
  }

  /**
   * The framework answers the request in process and the wire writes its answer, keeping the
   * connection (decision 0361); null where no framework call was given (the front hands over).
   */
  relay(req: FrontRequest, fields?: Readonly<Record<string, string>>): Promise<void> | null {
    return this.connection.relay(req as WireRequest, fields);
  }
}

/** Every field of a head the wire read (`readHead` took it: well formed, no name twice). */
function allFields(head: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = head.indexOf('\r\n') + 2;
  while (at > 1 && at < head.length) {
    let end = head.indexOf('\r\n', at);
    if (end < 0) end = head.length;
    const colon = head.indexOf(':', at);
    fields[head.slice(at, colon).toLowerCase()] = head.slice(colon + 1, end).trim();
    at = end + 2;
  }
  return fields;
}

/** The framework's answer as the front's fields (name, value, ...), less those the wire writes. */
function relayedFields(answer: RelayedAnswer): string[] {
  const fields: string[] = [];
  let chunked = false;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    if (fieldsWritten.has(name)) {
      if (name === 'transfer-encoding') chunked = true;
      continue;
    }
    for (const v of Array.isArray(value) ? value : [value]) fields.push(name, String(v));
  }
  // A streamed answer, whole now: framed by its length instead of in chunks.
  if (chunked && answer.headers['content-length'] === undefined)
    fields.push('content-length', String(answer.rawPayload.length));
  return fields;
}

let dateSecond = -1;
let dateText = '';
/** The Date field's value, made once a second (as Node's http does). */
function utcDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/**
 * The fields of a request head the answer front reads, in one shape (decision 0359): every field
 * there from the start, in this order, so an object of these has one hidden class in V8 whatever
 * fields a client sends and in what order. A plain object made field by field has another for
 * each order and set of names: code V8 compiled for the warm-up's requests (host, then
 * accept-encoding) was thrown away at a client's first request (wrk writes accept-encoding
 * first; Python, Go and browsers write others), and every hot function that reads a field
 * recompiled during the first clients' requests. The fields a client sends that the front does
 * not read are checked as any, and not kept.
 */
class WireFields {
  host: string | undefined = undefined;
  'accept-encoding': string | undefined = undefined;
  authorization: string | undefined = undefined;
  'if-none-match': string | undefined = undefined;
  'x-request-id': string | undefined = undefined;
  'x-forwarded-proto': string | undefined = undefined;
  'x-forwarded-for': string | undefined = undefined;
  // The wire takes no request with these (below): the front finds them absent.
  'content-length': undefined = undefined;
  'transfer-encoding': undefined = undefined;
  [internalCallHeader]: undefined = undefined;
}

/** The fields WireFields keeps (the front reads no other). */
const keptFields: ReadonlySet<string> = new Set(Object.keys(new WireFields()));

/**
 * Reads a request head (without its closing blank line) the wire may answer, or null: Node's
 * http is to read it.
 */
function readHead(head: string, socket: Socket): WireRequest | null {
  if (!head.startsWith('GET /')) return null;
  const lineEnd = head.indexOf('\r\n');
  if (lineEnd < 0) return null;
  const space = head.indexOf(' ', 4);
  if (space !== lineEnd - 9 || head.slice(space, lineEnd) !== ' HTTP/1.1') return null;
  const url = head.slice(4, space);
  if (!visibleTarget.test(url)) return null;
  const fields = new WireFields();
  const kept = fields as unknown as Record<string, string | undefined>;
  /** Names of the fields not kept, to refuse one named twice as well. */
  let others: string[] | null = null;
  let connection: string | undefined;
  let at = lineEnd + 2;
  while (at < head.length) {
    let end = head.indexOf('\r\n', at);
    if (end < 0) end = head.length;
    const colon = head.indexOf(':', at);
    if (colon < 0 || colon > end) return null;
    const raw = head.slice(at, colon);
    if (!fieldName.test(raw)) return null;
    const name = raw.toLowerCase();
    const value = head.slice(colon + 1, end);
    if (!fieldValue.test(value)) return null;
    // A second field of a name is Node's.
    if (keptFields.has(name)) {
      if (kept[name] !== undefined) return null;
      kept[name] = value.trim();
    } else {
      others ??= [];
      if (others.includes(name)) return null;
      others.push(name);
      if (name === 'connection') connection = value.trim();
    }
    at = end + 2;
  }
  if (fields.host === undefined) return null;
  if (kept['content-length'] !== undefined || kept['transfer-encoding'] !== undefined) return null;
  if (kept[internalCallHeader] !== undefined) return null;
  if (others !== null && (others.includes('expect') || others.includes('upgrade'))) return null;
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return null;
  return new WireRequest(url, fields as unknown as IncomingHttpHeaders, socket, head);
}

/** One connection while the wire reads it. */
class WireConnection {
  /** Bytes read and not yet taken as a request. */
  private pending: Buffer | null = null;
  /** The bytes of the request the front has taken and not yet answered. */
  private current: Buffer | null = null;
  private reading = false;
  /** The client closed its side: the connection ends once the request in hand is answered. */
  private ended = false;
  /** Handed to Node's http, or closed: the wire no longer touches it. */
  private gone = false;
  /** An answer was written: from then on, between requests, the connection is idle. */
  private served = false;
  /** Read into the wire's one buffer (`onRead`), not by `data` events. */
  private readonly ownReads: boolean;

  constructor(
    private readonly wire: AnswerWire,
    readonly socket: Socket,
  ) {
    this.ownReads = wire.ownReads && readInto(socket, this.onRead);
    if (this.ownReads) wire.ownReadConnections += 1;
    else socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
    // Until its first answer the connection awaits a request head, under the server's
    // headersTimeout as with Node's http; from then on it idles under keepAliveTimeout.
    const server = wire.server;
    const first = server.headersTimeout > 0 ? server.headersTimeout : server.keepAliveTimeout;
    if (first > 0) socket.setTimeout(first);
    socket.on('timeout', this.onTimeout);
  }

  /**
   * Answered before, no request in hand and nothing unread: closed as Node closes an idle
   * keep-alive connection. A connection yet to send its first request is not idle, to Node's
   * http either (its first request's head is awaited, under headersTimeout): closing it would
   * reset a client whose request is on its way.
   */
  idle(): boolean {
    return this.served && this.current === null && this.pending === null;
  }

  /** A read into the wire's one buffer: its bytes, copied (into Node's pool, when small), are data. */
  private readonly onRead = (bytes: number, buffer: Buffer): undefined => {
    this.onData(copyOf(bytes, buffer));
  };

  private readonly onData = (chunk: Buffer): void => {
    // Past a last answer (Connection: close) the connection is ending: what else comes is not read.
    if (this.gone) return;
    this.pending = this.pending === null ? chunk : Buffer.concat([this.pending, chunk]);
    // Pipelined requests wait while one is in hand; past a head's size, reading waits too.
    if (this.current !== null) {
      if (this.pending.length > maxHead) this.socket.pause();
      return;
    }
    this.read();
  };

  private readonly onEnd = (): void => {
    if (this.current !== null) this.ended = true;
    else this.socket.end();
  };

  private readonly onError = (): void => {
    this.socket.destroy();
  };

  private readonly onClose = (): void => {
    this.leave();
  };

  /** The wire no longer touches the connection (closed, ending, refused or handed over). */
  private leave(): void {
    this.gone = true;
    this.pending = null;
    this.wire.connections.delete(this);
  }

  private readonly onTimeout = (): void => {
    if (this.current !== null) return;
    if (this.served) {
      // Idle past the keep-alive timeout: closed without a word, as Node's http closes it.
      this.socket.destroy();
      return;
    }
    // No request head within headersTimeout: refused as Node's http refuses it, through the
    // server's clientError listeners (the product's writes a 408 problem), else Node's bare 408.
    this.leave();
    const socket = this.socket;
    const err: NodeJS.ErrnoException = new Error('Request timeout');
    err.code = 'ERR_HTTP_REQUEST_TIMEOUT';
    if (!this.wire.server.emit('clientError', err, socket)) {
      if (socket.writable && socket.bytesWritten === 0)
        socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      socket.destroy();
    }
  };

  /** Where the front sends a request it took and then left to the framework. */
  private readonly next = (req: WireRequest): void => {
    const current = this.current ?? Buffer.alloc(0);
    this.handOver(
      this.pending === null ? current : Buffer.concat([current, this.pending]),
      countedAhead(req),
    );
  };

  /** Takes the requests read so far, one at a time, while the front answers them at once. */
  private read(): void {
    if (this.reading) return;
    this.reading = true;
    try {
      while (!this.gone && this.current === null && this.pending !== null) {
        const socket = this.socket;
        // The client is not reading its answers: wait for it (as Node's http pauses its parser).
        if (socket.writableNeedDrain) {
          socket.pause();
          socket.once('drain', this.onDrain);
          return;
        }
        const bytes = this.pending;
        const end = bytes.indexOf(endOfHead);
        const req = end < 0 || end + 4 > maxHead ? null : readHead(bytes.toString('latin1', 0, end), socket);
        if (req === null) {
          this.handOver(bytes, undefined);
          return;
        }
        this.current = end + 4 === bytes.length ? bytes : bytes.subarray(0, end + 4);
        this.pending = end + 4 === bytes.length ? null : bytes.subarray(end + 4);
        if (!this.wire.front.answer(req, new WireResponse(this), this.next)) this.handOver(bytes, undefined);
      }
    } finally {
      this.reading = false;
    }
  }

  private readonly onDrain = (): void => {
    if (this.gone) return;
    this.socket.resume();
    this.read();
  };

  /**
   * The request in hand, answered by the framework in process (`app.inject`) and written here:
   * the connection stays the wire's (decision 0361). A failed call hands the connection to Node's
   * http with the request, as if the front had left it to the framework. Settles once answered
   * (null: no relay here). `fields` are added to the request's (the warm-up's mark, decision 0363).
   */
  relay(req: WireRequest, fields?: Readonly<Record<string, string>>): Promise<void> | null {
    const framework = this.wire.framework;
    if (framework === null || this.gone) return null;
    const socket = this.socket;
    let call: Promise<RelayedAnswer>;
    try {
      const headers = allFields(req.head);
      if (fields !== undefined) Object.assign(headers, fields);
      call = framework({ url: req.url, headers, remoteAddress: socket.remoteAddress });
    } catch {
      return null;
    }
    return call.then(
      (answer) => {
        if (this.gone) return;
        let res: WireResponse;
        try {
          res = new WireResponse(this).writeHead(answer.statusCode, relayedFields(answer));
        } catch {
          // A field Node's http would refuse to write: the framework's answer cannot be sent.
          socket.destroy();
          return;
        }
        this.wire.relayed += 1;
        res.end(answer.rawPayload);
      },
      () => {
        if (!this.gone) this.next(req);
      },
    );
  }

  /**
   * Writes the front's answer to the request in hand, then reads on. `written` is called at once
   * when the socket holds nothing unwritten after the write (every byte taken by the system, or a
   * write refused at once, which holds nothing), else never.
   */
  write(head: string, body: Buffer | undefined, written?: (err?: Error | null) => void): void {
    if (this.gone) return;
    const socket = this.socket;
    // A server that stopped listening (draining) answers with Connection: close, as the drain
    // makes Node's http do, and ends the connection.
    const last = this.ended || !this.wire.server.listening;
    const fields = `${head}Date: ${utcDate()}\r\n${last ? 'Connection: close\r\n\r\n' : this.wire.keepAlive()}`;
    this.wire.answered += 1;
    this.current = null;
    if (!this.served) {
      this.served = true;
      // Past its first answer the connection waits under the keep-alive timeout (0: none).
      socket.setTimeout(this.wire.server.keepAliveTimeout);
    }
    socket.cork();
    socket.write(fields, 'latin1');
    if (body !== undefined && body.length > 0) socket.write(body);
    socket.uncork();
    // Nothing left unwritten: the body was handed to the system as it was written, and lent
    // memory may go back (decision 0373). A write callback would cost a tick of its own per
    // answer; a body still waiting for the socket is not given back (it goes to the collector).
    if (written !== undefined && socket.writableLength === 0) written();
    if (last) {
      this.leave();
      socket.end();
      return;
    }
    if (socket.isPaused() && !socket.writableNeedDrain) socket.resume();
    this.read();
  }

  /**
   * Gives the connection to Node's http with `bytes` (the request the wire did not answer and
   * everything read after it) as the first it reads; a counted outcome waits for that request.
   */
  private handOver(bytes: Buffer, outcome: RateLimitOutcome | undefined): void {
    this.leave();
    this.current = null;
    const socket = this.socket;
    socket.removeListener('data', this.onData);
    socket.removeListener('end', this.onEnd);
    socket.removeListener('error', this.onError);
    socket.removeListener('close', this.onClose);
    socket.removeListener('timeout', this.onTimeout);
    socket.removeListener('drain', this.onDrain);
    socket.setTimeout(0);
    if (this.ownReads) readAsStream(socket);
    if (outcome !== undefined) carryCounted(socket, outcome);
    this.wire.handTo(socket);
    if (socket.isPaused()) socket.resume();
    // Node's parser reads the handle from now on; these bytes came first.
    if (bytes.length > 0) socket.emit('data', bytes);
  }
}
