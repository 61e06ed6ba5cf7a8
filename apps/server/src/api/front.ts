import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import { publicSampleKey } from '@bahi/contracts';
import proxyAddr from '@fastify/proxy-addr';
import { effectivePlan } from '../accounts/users.ts';
import { bearerOf } from '../auth/require-user.ts';
import type { Config } from '../config.ts';
import { AppError, problem } from '../errors.ts';
import type { LogStream, RequestRecorder } from '../plugins/access-log.ts';
import { isLoopback } from '../plugins/https-policy.ts';
import { requestIdOf } from '../plugins/request-id.ts';
import { hsts } from '../plugins/security-headers.ts';
import { markWarmUp, warmUpMark } from '../plugins/warm-up-requests.ts';
import type { Loan } from './body-loans.ts';
import { digits } from './digits.ts';
import {
  authorize,
  bodyFields,
  cutForFront,
  type Endpoint,
  missingDetail,
  preparedKey,
  preparedParamsFor,
  requestAnswerKey,
  requestKey,
  validatorFields,
} from './endpoint.ts';
import { markCounted, takeCarried } from './front-handover.ts';
import { internalCallHeader } from './internal-call.ts';
import type { KeyOwner } from './key-cache.ts';
import type { Company } from './market.ts';
import { queryOf } from './prepared-shapes.ts';
import { entryFromPrepared } from './prepared-store.ts';
import { type RateLimitOutcome, rateLimitFields } from './rate-limit.ts';
import {
  type CachedResponse,
  codingFor,
  etagMatches,
  goesPlain,
  readyRepresentation,
  type Sent,
} from './response-cache.ts';
import type { DataApiServices } from './services.ts';

/**
 * What the front reads of a request: Node's IncomingMessage, or the answer wire's own reading of
 * a request head (front-wire.ts).
 */
export interface FrontRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: IncomingHttpHeaders;
  socket: Socket;
}

/** What the front writes an answer with: Node's ServerResponse, or the answer wire's. */
export interface FrontResponse {
  writeHead(status: number, fields: string[]): unknown;
  /**
   * `written`, when given, is called once nothing holds the body any more (the operating system
   * took it, or the write was refused at once), or never: the connection went first, or the
   * writer does not wait for a write it could not finish at once. A writer that reports an error
   * to it keeps the body's memory from reuse (`Loan.written`).
   */
  end(body?: Buffer, written?: (err?: Error | null) => void): unknown;
  /**
   * The answer wire's: the framework answers the request in process and the wire writes it,
   * keeping the connection (decision 0361); settles once answered, or null where it cannot.
   */
  relay?(req: FrontRequest, fields?: Readonly<Record<string, string>>): Promise<void> | null;
}

/** Where a request the front does not answer goes (the framework, or Node's http for the wire). */
export type FrontNext<Q extends FrontRequest, S extends FrontResponse> = (req: Q, res: S) => void;

export interface FrontOptions {
  svc: DataApiServices;
  config: Pick<Config, 'env' | 'trustProxy' | 'allowLoopbackHttp' | 'logLevel'>;
  clock: () => Date;
  endpoints: readonly Endpoint[];
  /** Where the data API is mounted (`/api/v1`). */
  prefix: string;
  /** Where access lines go; null when the log level leaves them out. */
  log: LogStream | null;
  recorder?: RequestRecorder;
  /** True once the server drains or closes: every request then goes to the framework. */
  closing: () => boolean;
}

/** The error handler's content type (`plugins/error-handler.ts`). */
const problemType = 'application/problem+json; charset=utf-8';

/** A request the front will answer once its rate-limit count allows it. */
interface Ready {
  operation: Operation;
  sent: Sent;
  entry: CachedResponse;
  owner: KeyOwner;
  https: boolean;
  nowMs: number;
  /** A warm-up's request (decision 0337): answered, but not counted, measured or logged. */
  warm: boolean;
  started: number;
  /**
   * Where the answer was found: the answers by URL, the canonical entries (the same answer asked
   * with another URL), the prepared answers in the database, or cut out of one (decision 0350).
   */
  from: 'answers' | 'canonical' | 'prepared' | 'cut';
  /** The body's memory, lent (decision 0373): given back once the answer is written. */
  loan: Loan | null;
}

/** Who calls, as `callerOf` finds them. */
interface Caller {
  owner: KeyOwner;
  https: boolean;
  nowMs: number;
  warm: boolean;
}

/** What `codingFor` reads of an entry made from a prepared answer (`entryFromPrepared`: gzip, sent first). */
const preparedEntry = { gzipFirst: true } as const;

/** A Ready, made in one place so every one has the same shape (no spread: decision 0373). */
const ready = (
  operation: Operation,
  sent: Sent,
  entry: CachedResponse,
  caller: Caller,
  started: number,
  from: Ready['from'],
  loan: Loan | null,
): Ready => ({
  operation,
  sent,
  entry,
  owner: caller.owner,
  https: caller.https,
  nowMs: caller.nowMs,
  warm: caller.warm,
  started,
  from,
  loan,
});

/**
 * A "no data" answer (402, decision 0370): a prepared answer that holds nothing, or a range with
 * nothing in it; `detail` as the framework words it.
 */
interface Missing extends Omit<Ready, 'sent' | 'entry' | 'from' | 'loan'> {
  from: 'missing';
  detail: string;
  /** A cut's lookup of the canonical entries was counted as it was made (`cutForFront`). */
  cut: boolean;
}

/**
 * A warm-up under way (decision 0337): `owner` (a key the key cache holds for it) is accepted on
 * the warm-up's own connections (`sockets`) only, and only it there. Its requests take the path a
 * client's take, their access lines and measurements going to `log` and `recorder` instead of the
 * real ones, and are not counted. What the front would hand to the framework from those
 * connections goes to `handOn` instead (decision 0359), but for the paths in `framework`.
 */
export interface WarmUpCaller {
  sockets: ReadonlySet<object>;
  handOn: RequestListener;
  /**
   * Paths the framework answers from those connections (decision 0362): its own code and Node's
   * http under it, run on a client's objects before the answer path's rounds are compiled.
   */
  framework?: ReadonlySet<string>;
  /**
   * Paths the framework answers in process from those connections, relayed by the answer wire
   * (decision 0363): the relay's code (`app.inject`'s objects, the wire writing the framework's
   * answer), run before a client's first unlearned query string meets it, outside the data API's
   * prefix. Marked with `warmUpMark`, so they write no access line either.
   */
  relay?: ReadonlySet<string>;
  owner: KeyOwner;
  log: LogStream;
  recorder: RequestRecorder;
}

interface Operation {
  endpoint: Endpoint;
  /** The route pattern, as the access log and /metrics name it. */
  route: string;
}

/** Where the front writes a request's access line and measurement (either may be absent). */
interface Out {
  log: LogStream | null;
  recorder: RequestRecorder | undefined;
}

/** An Out, made in one place so every one has the same shape. */
const out = (log: LogStream | null, recorder: RequestRecorder | undefined): Out => ({ log, recorder });

/** Relays of one unlearned query string before it goes to Node's http (decision 0361). */
const relaysPerQuery = 32;
/** Unlearned query strings whose relays are counted at once (the counts start again past it). */
const relayedQueries = 1024;
/** How long a request waits for a relay of its query string under way before it is decided again. */
const relayWaitMs = 250;

const infoLevels = new Set(['info', 'debug', 'trace']);

/** Whether the configured log level writes the `info` access line. */
export const logsAccessLines = (level: Config['logLevel']) => infoLevels.has(level);

/**
 * The answer front: a request listener in front of Fastify that answers a repeated data request
 * (a GET whose answer is cached under the current data version, in a coding already made, for a
 * key already known, within its plan and rate limit) straight from the cache, with the same
 * status, headers, body, access line and metrics as the framework's path (decision 0325).
 * Everything else — a first request, an error, a key to look up, a request the framework must
 * refuse — goes to Fastify unchanged. A call the front counted against the rate limit and then
 * hands over (refused past the limit) carries its outcome, so it is counted once.
 */
export class AnswerFront {
  /** Requests the front answered (the rest went to the framework)... */
  answered = 0;
  /** ...of which never-asked requests answered from the prepared answers (decision 0328). */
  preparedAnswered = 0;
  /** ...and never-asked ranges the front cut out of prepared answers itself (decision 0350)... */
  cutAnswered = 0;
  /** ...and "no data" answers (402) to prepared variants or ranges (decision 0370). */
  missingAnswered = 0;
  private readonly operations = new Map<string, Operation>();
  /** Operations the front reads prepared answers for, by their path's first segment. */
  private readonly preparedOperations = new Map<string, { operation: Operation; symbol: RegExp }>();
  private readonly trust: ((address: string, hop: number) => boolean) | null;
  private readonly linePrefix: string;
  private warming: WarmUpCaller | null = null;
  /** Relays made per operation and query string not yet learned (`relayUnlearned`)... */
  private readonly relays = new Map<string, number>();
  /** ...and the one under way for each, settled once it is answered. */
  private readonly relaying = new Map<string, Promise<void>>();
  /**
   * Where access lines and measurements go: a client's (0) and a warm-up's (1), where the front
   * has each at all. Picked by index, not by a branch, so the code the warm-up runs is a client's
   * (decision 0359): a load the warm-up never made would be compiled without feedback.
   */
  private readonly outs: [Out, Out];

  constructor(private readonly opts: FrontOptions) {
    for (const e of opts.endpoints) {
      this.operations.set(e.operationId, { endpoint: e, route: `${opts.prefix}${e.path}` });
    }
    for (const e of opts.endpoints) {
      const eligible = preparedPath(e, opts.endpoints);
      if (eligible) {
        this.preparedOperations.set(eligible.segment, {
          operation: this.operations.get(e.operationId)!,
          symbol: eligible.symbol,
        });
      }
    }
    const tp = opts.config.trustProxy;
    // Fastify's own reading of trustProxy (a hop count is already a function in the config).
    this.trust =
      tp === false ? null : tp === true ? () => true : typeof tp === 'function' ? tp : proxyAddr.compile(tp);
    this.linePrefix = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
    this.outs = [out(opts.log, opts.recorder), out(null, undefined)];
  }

  /** The operations whose never-asked answers the front reads itself, and their symbol patterns. */
  preparedTargets(): { endpoint: Endpoint; segment: string; symbol: RegExp }[] {
    return [...this.preparedOperations].map(([segment, t]) => ({
      endpoint: t.operation.endpoint,
      segment,
      symbol: t.symbol,
    }));
  }

  /** Until `endWarmUp`, `caller`'s requests are a warm-up's (see WarmUpCaller). */
  beginWarmUp(caller: WarmUpCaller): void {
    this.warming = caller;
    this.outs[1] = out(this.opts.log ? caller.log : null, this.opts.recorder ? caller.recorder : undefined);
  }

  endWarmUp(): void {
    this.warming = null;
    this.outs[1] = out(null, undefined);
  }

  /** The server's request listener: the front first, the framework for what it does not answer. */
  listener(next: RequestListener): RequestListener {
    return (req, res) => {
      // The warm-up's connections reach the framework only with the paths it sends there
      // (decision 0362), marked so that they write no access line; the rest go to its `handOn`
      // (decision 0359).
      const w = this.warming;
      let to = next;
      if (w?.sockets.has(req.socket)) {
        if (w.framework?.has(req.url ?? '') === true) markWarmUp(req);
        else to = w.handOn;
      }
      // A request the answer wire counted and then handed to Node's http (decision 0339).
      const carried = takeCarried(req.socket);
      if (carried !== undefined) markCounted(req, carried);
      else if (this.answer(req, res, to)) return;
      to(req, res);
    };
  }

  /**
   * Answers the request, or returns false (untouched: the caller passes it on). True means the
   * front took it: answered at once, or after something asynchronous (a data version or key owner
   * due to be read again, a rate-limit count in Redis, a prepared answer's read), when it answers
   * or passes it on to `next` itself.
   */
  answer<Q extends FrontRequest, S extends FrontResponse>(req: Q, res: S, next: FrontNext<Q, S>): boolean {
    const started = performance.now();
    const { svc, prefix } = this.opts;
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(prefix) || url[prefix.length] !== '/')
      return this.warming !== null && this.relayWarmUp(req, res);
    const headers = req.headers;
    if (
      (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
      headers['transfer-encoding'] !== undefined ||
      headers[internalCallHeader] !== undefined ||
      this.opts.closing()
    )
      return false;
    const apiKey = keyOf(url, headers.authorization);
    if (apiKey === null) return false;
    const version = svc.version.peek();
    if (version !== undefined && svc.keys.peek(apiKey) !== undefined)
      return this.answerAt(req, res, next, url, apiKey, version, started);
    // The version is read again every 2 s, a key's owner every 30 s: the request waits for that
    // read rather than go to the framework, which would take the connection from the answer wire
    // for good (decision 0339). The framework would read them the same way.
    Promise.all([svc.version.current(), svc.keys.owner(apiKey)]).then(
      ([v]) => {
        if (!this.answerAt(req, res, next, url, apiKey, v, started)) next(req, res);
      },
      () => next(req, res),
    );
    return true;
  }

  /** A warm-up's request for one of its relayed paths, relayed by the wire (decision 0363). */
  private relayWarmUp(req: FrontRequest, res: FrontResponse): boolean {
    const w = this.warming;
    if (w?.relay === undefined || res.relay === undefined || !w.relay.has(req.url ?? '')) return false;
    if (!w.sockets.has(req.socket)) return false;
    return res.relay(req, warmUpMark) !== null;
  }

  /** `answer` once the data version is known. */
  private answerAt<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    url: string,
    apiKey: string,
    version: number,
    started: number,
  ): boolean {
    const { svc } = this.opts;
    const headers = req.headers;
    // The URL less the key, made once: the answer's cache key, and a first request's query.
    const request = requestKey(url);
    const key = requestAnswerKey(version, request);
    const found = svc.answers.get(key, false);
    if (found === undefined)
      return this.answerPrepared(req, res, next, { request, apiKey, version, key, started });
    const sent = readyRepresentation(found.entry, codingFor(found.entry, headers['accept-encoding']));
    if (sent === undefined) return false;
    const operation = this.operations.get(found.operationId);
    if (operation === undefined || operation.endpoint.live) return false;
    const caller = this.callerOf(req, apiKey, operation.endpoint, found.companies);
    if (caller === null) return false;
    this.count(req, res, next, ready(operation, sent, found.entry, caller, started, 'answers', null));
    return true;
  }

  /**
   * A never-asked request for a prepared answer (decision 0328): a path `/{operation}/{symbol}`
   * of an operation whose answers are prepared and complete for the version, a symbol the
   * route's pattern accepts and the directory knows, and a query string the framework has
   * already validated to one of the operation's prepared variants (for another symbol). The
   * front reads the prepared answer (lookups made together are read by one statement), keeps it
   * in the caches as the framework would (one read from the answer file only from its second
   * request on, decision 0334), and answers it; a "no data" one is answered with the framework's
   * 402 (decision 0370); a missing answer, a coding still to be made or a failed read goes to
   * the framework, uncounted.
   */
  private answerPrepared<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    asked: { request: string; apiKey: string; version: number; key: string; started: number },
  ): boolean {
    const { svc } = this.opts;
    const target = this.preparedTarget(asked.request);
    if (target === null) return false;
    const { operation } = target;
    const e = operation.endpoint;
    if (!svc.prepared.isComplete(asked.version, e.operationId)) return false;
    if ('unlearned' in target) return this.relayUnlearned(req, res, next, asked, target);
    const { symbol } = target;
    const company = svc.symbols.peek(symbol, asked.version);
    if (!company) return false;
    // A query with a canonical form stands for a prepared variant for some companies only.
    const params =
      'params' in target ? target.params : preparedParamsFor(e, svc, target.query, company, asked.version);
    const caller = this.callerOf(req, asked.apiKey, e, [company]);
    if (caller === null) return false;
    if (params === undefined) {
      if (!('query' in target)) return false;
      this.answerCut(req, res, next, asked, { operation, symbol, query: target.query, company, caller });
      return true;
    }
    const canonical = preparedKey(e, company, params, asked.version);
    const accept = req.headers['accept-encoding'];
    // An answer read from the answer file is kept from its second read on: a scan of the
    // universe asks each once, and would only push out what clients repeat (decision 0334). One
    // whose coding the framework is to make is kept at once, so the framework finds it instead
    // of reading and decompressing it again.
    // A never-asked answer's body is read into lent memory (decision 0373) when it goes out as
    // it is read (gzip) or decompressed (no coding): it is sent once and dropped. A client that
    // takes br but not gzip has its br copy made by the framework, from the answer kept.
    const lend = codingFor(preparedEntry, accept) !== 'br';
    const answer = (entry: CachedResponse, from: Ready['from'], readBefore: boolean, loan: Loan | null) => {
      const sent = readyRepresentation(entry, codingFor(entry, accept));
      // A lent body is never kept (it is lent only when neither holds).
      if (loan === null && (readBefore || sent === undefined)) {
        if (from === 'prepared') svc.cache.set(canonical, entry);
        svc.answers.set(asked.key, { companies: [company], entry, operationId: e.operationId });
      }
      // A coding to make (br, for a client that takes br but not gzip): the framework finds the
      // answer cached and makes it.
      this.answerWith(req, res, next, sent, operation, entry, caller, asked.started, from, loan);
    };
    const held = svc.cache.get(canonical, false);
    if (held) {
      answer(held, 'canonical', true, null);
      return true;
    }
    svc.prepared.get(asked.version, e.operationId, canonical, lend).then(
      (row) => {
        if (row !== undefined && !row.gzip) {
          // No data for this company: the framework's 402, naming the parameters as validated.
          const query = 'query' in target ? target.query : target.validated;
          this.count(req, res, next, {
            operation,
            ...caller,
            started: asked.started,
            from: 'missing',
            detail: missingDetail(e, [company], { params: {}, query }),
            cut: false,
          });
          return;
        }
        const loan = row?.loan ?? null;
        let entry: CachedResponse;
        try {
          if (!row?.gzip) throw new Error('not prepared');
          entry = entryFromPrepared(row, row.gzip);
          // Read now when it is to be sent or compressed again, so a body that does not
          // decompress is the framework's to answer.
          const coding = codingFor(entry, accept);
          if (goesPlain(entry, coding) || entry.ready[coding!] === undefined) void entry.body;
        } catch {
          loan?.back();
          next(req, res);
          return;
        }
        // A row from the database (no `again`) is kept at once, as before.
        answer(entry, 'prepared', row.again !== false, loan);
      },
      () => next(req, res),
    );
    return true;
  }

  /**
   * A never-asked range of a company's history (decision 0350): cut out of its prepared answer
   * as the framework cuts it (`cutForFront`), kept in the caches as the framework keeps it, and
   * answered in the coding made with it (gzip, from the pieces), or plain to a client that takes
   * no coding. Anything else — a query that is not such a range for this company, no data in the
   * range, a client that takes br but not gzip, a failed read — goes to the framework, uncounted,
   * which finds a cut answer cached.
   */
  private answerCut<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    asked: { apiKey: string; version: number; key: string; started: number },
    target: {
      operation: Operation;
      symbol: string;
      query: Readonly<Record<string, unknown>>;
      company: Company;
      caller: Caller;
    },
  ): void {
    const { svc } = this.opts;
    const { operation, company } = target;
    const e = operation.endpoint;
    cutForFront(e, svc, target.symbol, target.query, company, asked.version).then(
      (entry) => {
        if (entry === undefined) {
          next(req, res);
          return;
        }
        const coding = codingFor(entry, req.headers['accept-encoding']);
        // A client that takes no coding (curl without --compressed, a plain HTTP library): the
        // body is read now, as the framework would read it, and the answer is the front's;
        // one that does not decompress is the framework's to answer.
        try {
          if (goesPlain(entry, coding)) void entry.body;
        } catch {
          next(req, res);
          return;
        }
        svc.answers.set(asked.key, { companies: [company], entry, operationId: e.operationId });
        const sent = readyRepresentation(entry, coding);
        this.answerWith(req, res, next, sent, operation, entry, target.caller, asked.started, 'cut', null);
      },
      (err: unknown) => {
        // No data in the range: the framework's 402, with the detail the cut was refused with.
        if (err instanceof AppError && err.code === 'request_failed')
          this.count(req, res, next, {
            operation,
            ...target.caller,
            started: asked.started,
            from: 'missing',
            detail: err.message,
            cut: true,
          });
        else next(req, res);
      },
    );
  }

  /**
   * The operation, symbol and canonical parameters of a prepared request's URL (less the key),
   * or its validated query when the parameters depend on the company (decision 0341); or null.
   */
  private preparedTarget(
    url: string,
  ):
    | { operation: Operation; symbol: string; params: string; validated: Readonly<Record<string, unknown>> }
    | { operation: Operation; symbol: string; query: Readonly<Record<string, unknown>> }
    | { operation: Operation; unlearned: string }
    | null {
    const { prefix, svc } = this.opts;
    const q = url.indexOf('?');
    const pathEnd = q < 0 ? url.length : q;
    const slash = url.indexOf('/', prefix.length + 1);
    if (slash < 0 || slash >= pathEnd) return null;
    const target = this.preparedOperations.get(url.slice(prefix.length + 1, slash));
    if (target === undefined) return null;
    const symbol = url.slice(slash + 1, pathEnd);
    // As the router and the route's validation take it: one segment, not encoded, the pattern.
    if (symbol.includes('/') || symbol.includes('%') || !target.symbol.test(symbol)) return null;
    const operationId = target.operation.endpoint.operationId;
    const asked = queryOf(url);
    const variant = svc.shapes.variant(operationId, asked);
    if (variant !== undefined)
      return { operation: target.operation, symbol, params: variant.params, validated: variant.validated };
    const query = svc.shapes.getQuery(operationId, asked) ?? svc.shapes.getCut(operationId, asked);
    if (query !== undefined) return { operation: target.operation, symbol, query };
    return { operation: target.operation, unlearned: `${operationId}?${asked}` };
  }

  /**
   * A query string the framework has not yet validated for this operation (decision 0361): on
   * the answer wire, the framework answers it in process and the wire writes the answer, so the
   * connection stays the wire's; the framework's answer teaches the front the query's shape, and
   * the next such request, on any connection, is the front's. While one such relay is under way,
   * others with the same query string wait for it (up to `relayWaitMs`, then they go to the
   * framework on Node's http) and are then decided again, so a client that opens with one query string on many connections has one relayed and
   * the rest answered by the front. A query string that teaches nothing (a 400, a variant that
   * is not prepared) is relayed `relaysPerQuery` times, then goes to the framework on Node's
   * http, as every unlearned query did before. A warm-up's connection and Node's own responses
   * (TLS, handed-over connections) have no relay.
   */
  private relayUnlearned<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    asked: { apiKey: string; version: number; started: number },
    target: { unlearned: string },
  ): boolean {
    if (res.relay === undefined || this.warming?.sockets.has(req.socket)) return false;
    const underWay = this.relaying.get(target.unlearned);
    if (underWay !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, relayWaitMs);
      });
      void Promise.race([underWay, waited]).then(() => {
        clearTimeout(timer);
        // Still under way past the wait: the framework's, on Node's http, as before relays.
        if (this.relaying.get(target.unlearned) === underWay) {
          next(req, res);
          return;
        }
        const url = req.url as string;
        if (!this.answerAt(req, res, next, url, asked.apiKey, asked.version, asked.started)) next(req, res);
      });
      return true;
    }
    const relays = this.relays.get(target.unlearned) ?? 0;
    if (relays >= relaysPerQuery) return false;
    if (relays === 0 && this.relays.size >= relayedQueries) this.relays.clear();
    const relayed = res.relay(req);
    if (relayed === null) return false;
    this.relays.set(target.unlearned, relays + 1);
    const settled = relayed.then(
      () => undefined,
      () => undefined,
    );
    this.relaying.set(target.unlearned, settled);
    void settled.then(() => {
      if (this.relaying.get(target.unlearned) === settled) this.relaying.delete(target.unlearned);
    });
    return true;
  }

  /**
   * Who calls, when the front may answer them: over HTTPS (or loopback HTTP where allowed), with
   * a key read as the access hook reads it and already known, not the public sample key in
   * production, and a plan that may have these companies. Null: the framework decides.
   */
  private callerOf(
    req: FrontRequest,
    apiKey: string,
    endpoint: Endpoint,
    companies: Company[],
  ): Caller | null {
    const { svc, config } = this.opts;
    const w = this.warming;
    // The warm-up's own connections (accepted by a loopback listener of its own).
    const onWarmUp = w?.sockets.has(req.socket) === true;
    const https = this.protocolOf(req) === 'https';
    if (!https && !((config.allowLoopbackHttp || onWarmUp) && this.isLoopbackClient(req))) return null;
    if (config.env === 'production' && apiKey === publicSampleKey) return null;
    const owner = svc.keys.peek(apiKey, undefined, onWarmUp);
    if (!owner) return null;
    // The warm-up's owner on its own connections only, and only it there.
    const warm = owner === w?.owner;
    if (warm !== onWarmUp) return null;
    const now = this.opts.clock();
    try {
      authorize(endpoint, effectivePlan(owner.user, now), companies);
    } catch {
      return null;
    }
    return { owner, https, nowMs: now.getTime(), warm };
  }

  /** Answers with `sent` (counted), or hands the request on while its coding is still to make. */
  private answerWith<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    sent: Sent | undefined,
    operation: Operation,
    entry: CachedResponse,
    caller: Caller,
    started: number,
    from: Ready['from'],
    loan: Loan | null,
  ): void {
    if (sent === undefined) {
      loan?.back();
      next(req, res);
    } else this.count(req, res, next, ready(operation, sent, entry, caller, started, from, loan));
  }

  /** Counts the call against the key's rate limit, then answers (or hands over past the limit). */
  private count<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    answer: Ready | Missing,
  ): void {
    const { owner } = answer;
    const counted = this.opts.svc.limiter.consume(owner.subject, owner.user.rateLimitPerMinute ?? undefined);
    if (counted instanceof Promise) {
      counted.then(
        (outcome) => this.finish(req, res, next, answer, outcome),
        () => {
          if (answer.from !== 'missing') answer.loan?.back();
          next(req, res);
        },
      );
    } else this.finish(req, res, next, answer, counted);
  }

  private finish<Q extends FrontRequest, S extends FrontResponse>(
    req: Q,
    res: S,
    next: FrontNext<Q, S>,
    answer: Ready | Missing,
    outcome: RateLimitOutcome,
  ): void {
    if (!outcome.allowed) {
      if (answer.from !== 'missing') answer.loan?.back();
      markCounted(req, outcome);
      next(req, res);
      return;
    }
    if (answer.from === 'missing') {
      this.countMissing(answer);
      this.writeMissing(req, res, answer, outcome);
      return;
    }
    this.countLookup(answer.from, answer.warm ? 0 : 1);
    this.write(req, res, answer, outcome);
  }

  /** A 402's lookups, as the framework's: the answers by URL, and but for a cut the canonical entries. */
  private countMissing(a: Missing): void {
    const one = a.warm ? 0 : 1;
    const { answers, cache } = this.opts.svc;
    answers.misses += one;
    if (!a.cut) cache.misses += one;
    this.missingAnswered += one;
  }

  /**
   * Counted as the framework's lookups would have been: the answers by URL, then the canonical
   * entries, then the prepared answers (counted by PreparedAnswers itself). `one` is 0 for a
   * warm-up's request: counted by the same code, as nothing.
   */
  private countLookup(from: Ready['from'], one: 0 | 1): void {
    const { answers, cache } = this.opts.svc;
    if (from === 'answers') answers.hits += one;
    else {
      answers.misses += one;
      // A cut's lookup of the canonical entries was counted as it was made (`cutForFront`).
      if (from === 'cut') this.cutAnswered += one;
      else if (from === 'canonical') cache.hits += one;
      else {
        cache.misses += one;
        this.preparedAnswered += one;
      }
    }
  }

  private write(req: FrontRequest, res: FrontResponse, a: Ready, outcome: RateLimitOutcome): void {
    const { operation, sent, entry } = a;
    const reqId = requestIdOf(req.headers['x-request-id']);
    const notModified = etagMatches(req.headers['if-none-match'], sent.etag);
    const fields = rateLimitFields(outcome, a.nowMs);
    for (const f of validatorFields(false, entry, sent)) fields.push(f);
    if (!notModified) for (const f of bodyFields(operation.endpoint.operationId, entry, sent)) fields.push(f);
    fields.push('x-request-id', reqId, 'x-content-type-options', 'nosniff');
    if (a.https) fields.push('strict-transport-security', hsts);
    if (notModified) {
      res.writeHead(304, fields);
      res.end();
      a.loan?.back();
    } else {
      fields.push('content-length', digits(sent.body.length));
      res.writeHead(200, fields);
      // A lent body's memory goes back once it is written (decision 0373).
      if (a.loan === null) res.end(sent.body);
      else res.end(sent.body, a.loan.written);
    }
    this.done(a, reqId, notModified ? 304 : 200);
  }

  /** The framework's 402 (the error handler's problem+json), with the fields it goes out with. */
  private writeMissing(req: FrontRequest, res: FrontResponse, a: Missing, outcome: RateLimitOutcome): void {
    const reqId = requestIdOf(req.headers['x-request-id']);
    const body = Buffer.from(JSON.stringify(problem('request_failed', a.detail, reqId)));
    const fields = rateLimitFields(outcome, a.nowMs);
    fields.push('content-type', problemType, 'x-request-id', reqId, 'x-content-type-options', 'nosniff');
    if (a.https) fields.push('strict-transport-security', hsts);
    fields.push('content-length', digits(body.length));
    res.writeHead(402, fields);
    res.end(body);
    this.done(a, reqId, 402);
  }

  /** Counted, measured and logged: a warm-up's request is not a client's (its line and measurement elsewhere). */
  private done(a: Ready | Missing, reqId: string, status: number): void {
    const warm = a.warm ? 1 : 0;
    const out = this.outs[warm];
    this.answered += 1 - warm;
    const route = a.operation.route;
    const ms = performance.now() - a.started;
    out.recorder?.record(route, 'GET', status, ms);
    out.log?.write(
      `{"level":30,"time":${digits(Date.now())}${this.linePrefix}${reqId}","method":"GET","route":"${route}","status":${status},"ms":${Math.round(ms * 100) / 100},"keyId":${a.owner.keyId}}\n`,
    );
  }

  /** Fastify's `request.protocol` under the same trustProxy setting. */
  private protocolOf(req: FrontRequest): string {
    const socket = req.socket;
    const forwarded = req.headers['x-forwarded-proto'];
    if (
      this.trust &&
      typeof forwarded === 'string' &&
      forwarded &&
      this.trust(socket.remoteAddress ?? '', 0)
    ) {
      const last = forwarded.lastIndexOf(',');
      return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
    }
    return (socket as TLSSocket).encrypted ? 'https' : 'http';
  }

  /** Both the socket's peer and the client address (Fastify's `request.ip`) are loopback. */
  private isLoopbackClient(req: FrontRequest): boolean {
    const peer = req.socket.remoteAddress;
    if (!isLoopback(peer)) return false;
    if (!this.trust) return true;
    return isLoopback(proxyAddr.all(req as IncomingMessage, this.trust).at(-1));
  }
}

/**
 * Whether the front can read an endpoint's prepared answers itself: a prepared, not live
 * endpoint at `/{segment}/:symbol` that no other data route shares the segment with, whose one
 * path parameter is a string checked by a pattern alone, and which names exactly the company
 * of its path. Its first segment and the pattern (as Ajv compiles it), or null.
 */
export function preparedPath(
  e: Endpoint,
  all: readonly Endpoint[],
): { segment: string; symbol: RegExp } | null {
  const m = /^\/([a-z0-9-]+)\/:symbol$/.exec(e.path);
  if (!m || !e.prepare || e.live || !e.params) return null;
  const segment = m[1]!;
  if (all.some((o) => o !== e && o.path.startsWith(`/${segment}/`))) return null;
  const properties = e.params.properties as Record<string, Record<string, unknown>>;
  const schema = properties.symbol;
  if (Object.keys(properties).length !== 1 || !schema || schema.type !== 'string') return null;
  if (typeof schema.pattern !== 'string') return null;
  if (Object.keys(schema).some((k) => !['type', 'pattern', 'description'].includes(k))) return null;
  if (!e.params.required?.includes('symbol')) return null;
  const probe = 'PROBE';
  const named = e.symbols?.({ symbol: probe } as never, {} as never);
  if (named?.length !== 1 || named[0] !== probe) return null;
  return { segment, symbol: new RegExp(schema.pattern, 'u') };
}

/**
 * The API key as the access hook reads it: one `token` in the query string, else
 * `Authorization: Bearer`. Null (the framework decides) when the query names `token` more than
 * once, encodes it, or spells any parameter name with an escape the front does not decode.
 */
export function keyOf(url: string, authorization: string | undefined): string | null {
  const q = url.indexOf('?');
  let token: string | null = null;
  if (q >= 0) {
    let start = q + 1;
    while (start <= url.length) {
      let end = url.indexOf('&', start);
      if (end < 0) end = url.length;
      const eq = url.indexOf('=', start);
      const nameEnd = eq >= 0 && eq < end ? eq : end;
      const name = url.slice(start, nameEnd);
      if (name.includes('%') || name.includes('+')) return null;
      if (name === 'token') {
        if (token !== null) return null;
        token = nameEnd < end ? url.slice(nameEnd + 1, end) : '';
        if (token.includes('%') || token.includes('+')) return null;
      }
      start = end + 1;
    }
  }
  if (token) return token;
  return bearerOf(authorization);
}
