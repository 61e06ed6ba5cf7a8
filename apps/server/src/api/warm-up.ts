import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type AddressInfo,
  connect,
  createServer as createListener,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import { performance } from 'node:perf_hooks';
import { Server as TlsServer } from 'node:tls';
import { toUser, type User } from '../accounts/users.ts';
import { HttpStats } from '../metrics/http-stats.ts';
import { LogDestination } from '../plugins/log-destination.ts';
import { compileRouteValidators } from '../plugins/server-options.ts';
import {
  type Endpoint,
  paramsFor,
  preparedKey,
  preparedParamsFor,
  preparedQueries,
  requestAnswerKey,
  requestKey,
  variantQuery,
} from './endpoint.ts';
import type { AnswerFront } from './front.ts';
import { AnswerWire } from './front-wire.ts';
import type { KeyOwner } from './key-cache.ts';
import type { Company } from './market.ts';
import type { DataApiServices } from './services.ts';

/**
 * The ranges the warm-up cuts, in days back from the data's last day (decision 0356): three
 * lengths, so that V8 has run the cut's code on three times as many cuts as companies asked for
 * by the time a client asks a range. With one range (512 cuts in four rounds) V8 compiled the
 * cut's functions during the first clients' ranges: about 85 ms of compiling on the server's core.
 */
export const warmUpCutDays = [182, 91, 30] as const;

/**
 * Paths the warm-up asks of the framework itself each round (decision 0362), and how many times.
 * The front hands a client's other requests (health checks, account and documentation routes)
 * to the framework, whose objects (Fastify's, and Node's http requests and responses as Fastify
 * fills them) are not the front's: met first at a client's request after the warm-up, they threw
 * away about 40 functions V8 had compiled for Node's http, the front's answer among them, and the
 * first clients' passes paid for compiling them again. `/healthz` needs no key and reads nothing.
 */
export const frameworkPaths = ['/healthz'] as const;
export const frameworkAsksPerRound = 64;

/**
 * Paths the framework answers in process each round, relayed by the answer wire as a client's
 * first unlearned query string is (decisions 0361, 0363), and how many times. The relay builds
 * `app.inject`'s request and response, streams of other shapes than a socket: met first at a
 * client's first relayed request after the warm-up, they threw away about 20 functions V8 had
 * compiled for the wire's writes and Node's http (`Writable.uncork`, `clearBuffer`,
 * `ServerResponse`, ...), and the rest of that client's first pass ran them uncompiled.
 */
export const relayPaths = ['/healthz?relayed'] as const;
export const relayAsksPerRound = 64;

/**
 * A query string the front has not learned, asked of the data paths each round, and how many
 * times (decision 0371): a client's first request with a query string of its own (a `from` date
 * of its choosing) takes the front's branch for unlearned queries, which the warm-up's learned
 * ones never took. Met first at a client's request, that branch threw away the front's compiled
 * answer (`answerPrepared`, with the reads it had inlined) for the rest of that client's first
 * pass: about twice the core a request of the later passes. On the warm-up's connections the
 * front relays no such request; it hands it on, to the warm-up's own end (204). No route accepts
 * the parameter, so no answer could teach it to the front.
 */
export const unlearnedQuery = 'warm-up-unlearned=1';
export const unlearnedAsksPerRound = 64;

/**
 * The `from` of the whole history as a client writes it (decision 0363): the day before the data
 * begins (`first`, the earliest company's first day), not the canonical form the answers are
 * prepared under. The front puts such a query in its canonical form for each company, on a path
 * of that code the canonical form does not take: compiled during a client's first whole
 * histories, it took about 40 ms of TurboFan on the server's core.
 */
export function warmUpWholeFrom(first: string): string {
  return daysBefore(first, 1);
}

/** The first day of the range the warm-up cuts `days` back from `last` (the data's last day). */
export function warmUpCutFrom(last: string, days: number): string {
  return daysBefore(last, days);
}

/** The day `days` before `day` (YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** What a warm-up did: requests answered, over how many companies, how long it took. */
export interface WarmUpReport {
  /** Answers to the data paths (the front's, or the warm-up's own 204 where it hands one on)... */
  requests: number;
  /**
   * ...of which the front handed on to the framework (the warm-up's own 204), by round and pass:
   * the same in each pass of a round when the front reads the key in both forms the warm-up sends
   * it (the query string, and `Authorization: Bearer` in one pass a round).
   */
  handedOn: number[][];
  /** ...and the framework's 200s to `frameworkPaths` (decision 0362)... */
  framework: number;
  /** ...and to `relayPaths`, relayed by the answer wire (decision 0363)... */
  relayed: number;
  /** ...and the warm-up's own 204s to data paths with `unlearnedQuery` (decision 0371). */
  unlearned: number;
  /**
   * Request validators of the data routes it compiled once its rounds were done (decision 0371):
   * the framework compiles a route's on its first request otherwise (decision 0368).
   */
  validators: number;
  rounds: number;
  ms: number;
  /**
   * Writes of its access lines (to /dev/null) started while it ran: because a batch filled, or
   * because a line had waited the linger time (decision 0369: its batches fill, as a busy
   * server's do, so a client's first full batch meets compiled code).
   */
  logWrites: { full: number; lingered: number };
  /** The companies it asked for (their answers are left as never asked). */
  symbols: string[];
}

export interface WarmUpOptions {
  /** Companies asked for in each round (64). */
  companies?: number;
  /** Rounds (4): each asks every path three times, then forgets the answers. */
  rounds?: number;
  /** Connections the paths are asked over (8, as a scanning client's). */
  connections?: number;
  /**
   * Starts no further round after this long (15 s; 5 s before decision 0362, which a slower
   * machine's two rounds reached); a round once started is finished.
   */
  maxMs?: number;
  /** Stops at once when this turns true (the server drains). */
  stop?: () => boolean;
  /** How long to wait for the answers to be prepared before giving up (30 min). */
  waitMs?: number;
  /**
   * The listening server (decision 0359). A plain HTTP server is given the warm-up's connections
   * as its own: a loopback listener of the warm-up's accepts each and hands it to the server's
   * connection listeners, as the server's own listener hands a client's, so they take a client's
   * path (the answer wire, Node's http, the drain's tracking) and V8 compiles that path on the
   * objects a client's requests meet. With a TLS server (or none) the warm-up runs an HTTP server
   * of its own with the listening server's timeouts (decision 0351).
   */
  server?: Server;
}

/** One path of the warm-up and what its answer is kept under, to forget it after each round. */
interface Asked {
  path: string;
  endpoint: Endpoint;
  company: Company;
  params: string;
}

/**
 * Warms the answer path (decision 0337): the code that reads a never-asked answer from the
 * prepared answers, keeps it and answers it again from memory is compiled by V8's JIT only after
 * it has run some thousands of times, and until then a fresh process answers at about half its
 * later rate (decision 0336). So, once the data version's answers are prepared, the process asks
 * itself for them: `companies` companies' prepared variants of every operation the front reads
 * itself, and ranges inside most companies' histories of each that has ranges (`warmUpCutDays`,
 * cut out of the prepared answers by the front, decisions 0350, 0356), each path three times (a
 * never-asked answer, the second read that keeps it, a cached one), over `connections`
 * keep-alive connections that the listening server reads as its own (`WarmUpOptions.server`,
 * decision 0359), in `rounds` rounds alternating compressed (br) and plain answers and the forms
 * clients write their fields in (`clientFields`). After each round the answers are
 * forgotten (the caches' entries deleted, the answer file's first reads undone), so a client's
 * first request for one of these companies is as never asked as any other's.
 *
 * The warm-up's caller is a made-up Enterprise owner with a random key, held in the key cache for
 * the front alone (refused to every other caller) and accepted on the warm-up's connections
 * only. Its requests take a client's path through the front, key lookup, loopback check,
 * rate-limit count (its own subject), access line and measurement included, but the line goes to
 * /dev/null and the measurement to a recorder of its own, and the front counts them as nothing.
 * Requests the front hands on from those connections (an answer with no data, a coding to make)
 * are answered 204 by the warm-up, never by the framework.
 */
export async function warmAnswerPath(
  front: AnswerFront,
  svc: DataApiServices,
  opts: WarmUpOptions = {},
): Promise<WarmUpReport> {
  const started = performance.now();
  const companiesWanted = opts.companies ?? 64;
  const rounds = opts.rounds ?? 4;
  const connections = opts.connections ?? 8;
  const deadline = started + (opts.maxMs ?? 15_000);
  const stop = opts.stop ?? (() => false);
  const version = await svc.version.current();
  const targets = front
    .preparedTargets()
    .filter((t) => svc.prepared.isComplete(version, t.endpoint.operationId));
  const report: WarmUpReport = {
    requests: 0,
    handedOn: [],
    framework: 0,
    relayed: 0,
    unlearned: 0,
    validators: 0,
    rounds: 0,
    ms: 0,
    logWrites: { full: 0, lingered: 0 },
    symbols: [],
  };
  if (targets.length === 0) return report;
  const log = discarded();
  const writesBefore = { ...log.writes };
  const variants = targets.map((t) => ({ t, queries: preparedQueries(t.endpoint) }));
  // Companies the path patterns accept, spread over the directory (ISIN order) so banks,
  // insurers and others all come up; none of whose answers is held already (the warm-up forgets
  // what it asked: it must not forget what a client asked). Only those picked are checked.
  const candidates = (await svc.symbols.all(version)).filter(
    (c) => c.symbol !== c.isin && targets.every((t) => t.symbol.test(c.symbol)),
  );
  // A variant of an endpoint with a canonical form is one company's whole history and another's
  // year (decisions 0341, 0347): its answer is kept under the company's own canonical parameters.
  const paramsOf = (e: Endpoint, q: { validated: Record<string, unknown>; params: string }, c: Company) =>
    e.canonical ? (preparedParamsFor(e, svc, q.validated, c, version) ?? q.params) : q.params;
  const held = (c: Company) =>
    variants.some(({ t, queries }) =>
      queries.some(
        (q) =>
          svc.cache.get(preparedKey(t.endpoint, c, paramsOf(t.endpoint, q, c), version), false) !== undefined,
      ),
    );
  const step = Math.max(1, Math.floor(candidates.length / companiesWanted));
  const companies: Company[] = [];
  for (let offset = 0; offset < step && companies.length < companiesWanted; offset++) {
    for (let i = offset; i < candidates.length && companies.length < companiesWanted; i += step) {
      const c = candidates[i] as Company;
      if (!held(c)) companies.push(c);
    }
  }
  report.symbols = companies.map((c) => c.symbol);
  // Shaped like a client's key, so it takes the same path; in no database.
  const key = `bahi_${randomBytes(20).toString('hex')}`;
  const asked: Asked[] = [];
  for (const { t, queries } of variants) {
    for (const q of queries) {
      // The framework would learn these from the first such request (decision 0328).
      svc.shapes.learnVariant(t.endpoint, q.query, q.validated, q.params);
      for (const company of companies) {
        const path = `/api/v1/${t.segment}/${encodeURIComponent(company.symbol)}?${q.query}&token=${key}`;
        asked.push({ path, endpoint: t.endpoint, company, params: paramsOf(t.endpoint, q, company) });
      }
    }
  }
  // Ranges inside most companies' histories, cut out of their prepared answers (decision 0350):
  // the last `warmUpCutDays` days of the data, as the framework would validate the query string.
  // Any other range a client asks is taught to the front by the framework's first answer to it.
  const spans = await svc.spans.of(version);
  let last = '';
  let first = '';
  for (const span of spans.values()) {
    if (span.last > last) last = span.last;
    if (first === '' || span.first < first) first = span.first;
  }
  // Each company's whole history as clients ask it, from a day before the data begins (decision
  // 0363), put in its canonical form for each company as the framework would.
  const wholeFrom = first ? warmUpWholeFrom(first) : undefined;
  for (const { t } of wholeFrom ? variants : []) {
    const e = t.endpoint;
    if (!e.canonical || !e.slice) continue;
    const query = `from=${wholeFrom}`;
    const validated = variantQuery(e, { from: wholeFrom as string });
    // Learned as its validated query (an endpoint with a canonical form): no parameters of its own.
    svc.shapes.learnVariant(e, query, validated, '');
    for (const company of companies) {
      const path = `/api/v1/${t.segment}/${encodeURIComponent(company.symbol)}?${query}&token=${key}`;
      asked.push({ path, endpoint: e, company, params: paramsFor(e, svc, validated, company, version) });
    }
  }
  for (const days of last ? warmUpCutDays : []) {
    const cutFrom = warmUpCutFrom(last, days);
    for (const { t } of variants) {
      const e = t.endpoint;
      if (!e.slice) continue;
      const query = `from=${cutFrom}`;
      const validated = variantQuery(e, { from: cutFrom });
      svc.shapes.learnCut(e.operationId, query, validated);
      for (const company of companies) {
        const path = `/api/v1/${t.segment}/${encodeURIComponent(company.symbol)}?${query}&token=${key}`;
        asked.push({ path, endpoint: e, company, params: paramsFor(e, svc, validated, company, version) });
      }
    }
  }
  const sockets = new Set<Socket>();
  const listener = await acceptConnections(front, opts.server, sockets);
  const owner = warmUpOwner();
  svc.keys.hold(key, owner);
  front.beginWarmUp({
    sockets,
    handOn: noContent,
    framework: new Set(frameworkPaths),
    relay: new Set(relayPaths),
    owner,
    log,
    recorder: new HttpStats(),
  });
  const port = (listener.address() as AddressInfo).port;
  const paths = asked.map((a) => a.path);
  // The same without the key, for the pass that sends it in a header.
  const keyless = paths.map(requestKey);
  const frameworkAsks = frameworkPaths.flatMap((p) => Array.from({ length: frameworkAsksPerRound }, () => p));
  const relayAsks = relayPaths.flatMap((p) => Array.from({ length: relayAsksPerRound }, () => p));
  // Spread over the operations and companies the rounds ask (none when it asks no company).
  const unlearnedAsks = Array.from({ length: companies.length > 0 ? unlearnedAsksPerRound : 0 }, (_, i) => {
    const { t } = variants[i % variants.length]!;
    const company = companies[Math.floor(i / variants.length) % companies.length]!;
    return `/api/v1/${t.segment}/${encodeURIComponent(company.symbol)}?${unlearnedQuery}&token=${key}`;
  });
  try {
    for (let round = 0; round < rounds && !stop() && performance.now() < deadline; round++) {
      // Compressed (br from the answer file as it is) and plain in turn, in clients' forms.
      const fields = clientFields(round, port);
      const handedOn: number[] = [];
      report.handedOn.push(handedOn);
      for (let time = 0; time < 3 && !stop(); time++) {
        const bearer = bearerField(round, time, key);
        const statuses = await askEach(port, bearer ? keyless : paths, fields + bearer, connections, stop);
        report.requests += count(statuses);
        handedOn.push(statuses.get(204) ?? 0);
      }
      // Then the framework's own paths, on connections of their own (Node's http keeps a
      // connection once the framework answers on it), every round, so that what the rounds
      // compile has met the objects of both; counted only as the framework's 200s (the
      // warm-up's own end answers 204). And the same relayed by the wire (decision 0363).
      report.framework += (await askEach(port, frameworkAsks, fields, connections, stop)).get(200) ?? 0;
      report.relayed += (await askEach(port, relayAsks, fields, connections, stop)).get(200) ?? 0;
      report.unlearned += (await askEach(port, unlearnedAsks, fields, connections, stop)).get(204) ?? 0;
      forget(svc, version, asked);
      report.rounds += 1;
    }
    // A client's first query string of its own is relayed to the framework (decision 0361), which
    // validates it: compiled here, one route at a time, the others waiting for that first answer
    // do not wait for Ajv too.
    for (const { t } of variants) {
      if (stop()) break;
      report.validators += compileRouteValidators('GET', `/api/v1${t.endpoint.path}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    svc.keys.invalidateKey(key);
    front.endWarmUp();
    for (const socket of sockets) socket.destroy();
    listener.close();
  }
  report.ms = Math.round(performance.now() - started);
  report.logWrites = {
    full: log.writes.full - writesBefore.full,
    lingered: log.writes.lingered - writesBefore.lingered,
  };
  return report;
}

/**
 * The header fields of a round's requests (decision 0359): compressed answers (br, as most HTTP
 * libraries ask) and plain ones in turn, the fields written as clients write them, capitalized
 * or not, the host with its port or without, and in either order. V8 compiles the request reader
 * for the kinds of string it has met (a value of 13 characters or more is a slice of the head, a
 * shorter one a copy; a name already in lower case is kept as it came): a warm-up that sent one
 * form left code to be thrown away at a client's other form.
 */
export function clientFields(round: number, port: number): string {
  const host = round % 4 < 2 ? `Host: 127.0.0.1:${port}\r\n` : 'host: 127.0.0.1\r\n';
  // Two rounds in four also send fields the front reads past without keeping, as most clients
  // do (decision 0371): met first at a client's request, that branch of the request reader threw
  // away its compiled code. Python's requests writes these three; curl the first two.
  if (round % 4 === 1)
    return `${host}User-Agent: python-requests/2.31.0\r\nAccept: */*\r\nConnection: keep-alive\r\n`;
  if (round % 4 === 3) return host;
  return round % 4 === 0
    ? `${host}Accept-Encoding: gzip, deflate, br\r\n`
    : `accept-encoding: gzip, deflate, br\r\n${host}user-agent: curl/8.5.0\r\naccept: */*\r\n`;
}

/**
 * The key as a header field for one pass of a round, or '' for a key in the query string: one of
 * each round's three passes (a different one each round, so the first ask of an answer and its
 * repeats both meet it) sends `Authorization: Bearer`, capitalized or not as the round's other
 * fields. A client that sends its key so meets the front's reading of that field compiled with
 * feedback: with the key always in the query string, the first such request threw away the code
 * that reads keys (decision 0369).
 */
export function bearerField(round: number, time: number, key: string): string {
  if (time !== round % 3) return '';
  return `${round % 4 < 2 ? 'Authorization' : 'authorization'}: Bearer ${key}\r\n`;
}

/** Where the warm-up's requests end that the front hands on: never at the framework. */
function noContent(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

/** What a net server of Node's keeps of its options (public fields, not in Node's types). */
interface ListenerOptions {
  allowHalfOpen: boolean;
  pauseOnConnect: boolean;
  noDelay: boolean;
  keepAlive: boolean;
  /** In seconds, as the server keeps it. */
  keepAliveInitialDelay: number;
  highWaterMark: number;
}

/**
 * A loopback listener for the warm-up's connections (see WarmUpOptions.server): each accepted
 * connection is added to `sockets` and handed to `server`'s connection listeners. With no plain
 * HTTP server to hand them to, the listener is an HTTP server of the warm-up's own, read by an
 * answer wire and the front of its own as the listening server is (decision 0339).
 */
async function acceptConnections(
  front: AnswerFront,
  server: Server | undefined,
  sockets: Set<Socket>,
): Promise<NetServer> {
  let listener: NetServer;
  if (server !== undefined && !(server instanceof TlsServer)) {
    // The sockets made as the listening server's own listener makes them.
    const o = server as unknown as ListenerOptions;
    listener = createListener(
      {
        allowHalfOpen: o.allowHalfOpen,
        pauseOnConnect: o.pauseOnConnect,
        noDelay: o.noDelay,
        keepAlive: o.keepAlive,
        keepAliveInitialDelay: o.keepAliveInitialDelay * 1000,
        highWaterMark: o.highWaterMark,
      },
      (socket) => {
        sockets.add(socket);
        // As a client's socket has it (Node's http sets it too, once the socket reaches it).
        (socket as Socket & { server: Server }).server = server;
        server.emit('connection', socket);
      },
    );
  } else {
    const own = createServer(front.listener(noContent));
    if (server !== undefined) {
      const { keepAliveTimeout, requestTimeout, headersTimeout, timeout, maxRequestsPerSocket } = server;
      Object.assign(own, { keepAliveTimeout, requestTimeout, headersTimeout, timeout, maxRequestsPerSocket });
    }
    own.on('connection', (socket: Socket) => sockets.add(socket));
    AnswerWire.install(front, own);
    listener = own;
  }
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', resolve);
  });
  return listener;
}

let nullLog: LogDestination | undefined;

/**
 * Where the warm-up's access lines go: a log destination like the real one, writing to
 * /dev/null (kept open: a write may still be on its way when the warm-up ends). Its lines wait up
 * to a second for others instead of 20 ms, so its batches fill as a busy server's do (about 300
 * lines to a batch): at the warm-up's rate none filled, and a client's load threw away the
 * destination's compiled code at its first full batch (decision 0369).
 */
function discarded(): LogDestination {
  nullLog ??= new LogDestination(openSync('/dev/null', 'w'), 1_000);
  return nullLog;
}

/**
 * Text as the database driver gives it: a string read from bytes. V8 keeps a literal of the
 * source as another kind of string (internalized), and code compiled comparing only those is
 * thrown away at the first string read from a row (decision 0359: the plan check, at the first
 * client's `subscriptionStatus`).
 */
const asRead = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

function warmUpOwner(): KeyOwner {
  const user = toUser({
    id: 0,
    email: asRead('warm-up@localhost'),
    first_name: asRead('Warm'),
    last_name: asRead('Up'),
    plan: asRead('E') as User['plan'],
    billing_cycle: asRead('custom') as User['billingCycle'],
    subscription_status: asRead('active') as User['subscriptionStatus'],
    // As a paid subscription's, so the plan check has run on a date (a client's may have none).
    subscription_expires_at: new Date(Date.now() + 365 * 86_400_000),
    rate_limit_per_minute: 1_000_000_000,
  });
  return { user, keyId: 0, subject: `warm-up:${randomBytes(8).toString('hex')}` };
}

/** Undoes what the warm-up's requests left: the answers held in memory and the first reads. */
function forget(svc: DataApiServices, version: number, asked: readonly Asked[]): void {
  for (const a of asked) {
    svc.answers.delete(requestAnswerKey(version, requestKey(a.path)));
    const canonical = preparedKey(a.endpoint, a.company, a.params, version);
    svc.cache.delete(canonical);
    svc.prepared.files?.forget(version, a.endpoint.operationId, canonical);
  }
}

/**
 * Asks each path once over `connections` keep-alive connections, one request in flight on each;
 * resolves with how many answers of each status were read. A connection that fails ends its
 * share.
 */
async function askEach(
  port: number,
  paths: readonly string[],
  fields: string,
  connections: number,
  stop: () => boolean,
): Promise<Map<number, number>> {
  let next = 0;
  const statuses = new Map<number, number>();
  const worker = async () => {
    const conn = new Connection(port);
    try {
      while (next < paths.length && !stop()) {
        const path = paths[next++] as string;
        const status = await conn.ask(`GET ${path} HTTP/1.1\r\n${fields}\r\n`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    } catch {
      // The warm-up is best effort: a connection that fails stops asking.
    } finally {
      conn.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, paths.length) }, worker));
  return statuses;
}

/** Answers of every status. */
function count(statuses: Map<number, number>): number {
  let n = 0;
  for (const c of statuses.values()) n += c;
  return n;
}

/** A minimal HTTP/1.1 client connection: one request at a time, answers read by their length. */
class Connection {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (err: Error) => void } | null = null;
  private failed: Error | null = null;

  constructor(port: number) {
    this.socket = connect({ port, host: '127.0.0.1', noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.settle();
    });
    const fail = (err: Error) => {
      this.failed ??= err;
      this.waiting?.reject(err);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the warm-up connection closed')));
  }

  /** Resolves with the answer's status once it is in whole. */
  ask(request: string): Promise<number> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Resolves the waiting request once its whole answer is in. */
  private settle(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || this.waiting === null) return;
    const head = this.buffered.subarray(0, end).toString('latin1').toLowerCase();
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length: *(\d+)/.exec(head);
    let length = 0;
    if (m) length = Number(m[1]);
    else if (status !== 204 && status !== 304) {
      this.waiting.reject(new Error(`a warm-up answer (${status}) had no Content-Length`));
      this.waiting = null;
      return;
    }
    const total = end + 4 + length;
    if (this.buffered.length < total) return;
    this.buffered = this.buffered.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(status);
  }
}

/**
 * Waits (while `listening`) until every operation the front reads prepared answers for is
 * complete for the current data version and copied to the answer file, then warms the answer
 * path once; null when the server stopped listening first or the front reads no prepared
 * answers. Gives up (rejects) when they are not prepared within `waitMs`: with PREPARE_ANSWERS
 * off and no other process preparing, they never will be.
 */
export async function warmOnceReady(
  front: AnswerFront,
  svc: DataApiServices,
  listening: () => boolean,
  opts: WarmUpOptions = {},
): Promise<WarmUpReport | null> {
  const targets = front.preparedTargets();
  if (targets.length === 0) return null;
  const waitMs = opts.waitMs ?? 30 * 60_000;
  const giveUpAt = performance.now() + waitMs;
  for (;;) {
    if (!listening()) return null;
    if (performance.now() > giveUpAt)
      throw new Error(`the answers were not prepared within ${Math.round(waitMs / 1000)} s`);
    const version = await svc.version.current().catch(() => undefined);
    if (
      version !== undefined &&
      targets.every((t) => svc.prepared.isComplete(version, t.endpoint.operationId))
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250).unref());
  }
  await svc.prepared.files?.settled();
  if (!listening()) return null;
  return warmAnswerPath(front, svc, { ...opts, stop: () => !listening() || (opts.stop?.() ?? false) });
}
