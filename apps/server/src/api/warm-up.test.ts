import { Agent, createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Db } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { pendingValidators } from '../plugins/server-options.ts';
import { paramsFor, preparedKey, preparedParamsFor, preparedQueries } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import type { WarmUpCaller } from './front.ts';
import { PreparedShapes } from './prepared-shapes.ts';
import { keyFor } from './testing/harness.ts';
import { get, getFresh, stable } from './testing/socket.ts';
import {
  bearerField,
  clientFields,
  frameworkAsksPerRound,
  frameworkPaths,
  relayAsksPerRound,
  relayPaths,
  unlearnedAsksPerRound,
  unlearnedQuery,
  type WarmUpReport,
  warmAnswerPath,
  warmOnceReady,
  warmUpCutDays,
  warmUpCutFrom,
  warmUpWholeFrom,
} from './warm-up.ts';

const preparedEndpoints = endpoints.filter((e) => e.prepare);

describe.each(testDatabases())('warming the answer path (decision 0337), on $name', (target) => {
  const lines: string[] = [];
  let db: Db;
  let app: FastifyInstance;
  let port: number;
  let key: string;
  let report: WarmUpReport | null;

  beforeAll(async () => {
    db = await target.open();
    app = await buildApp(
      testConfig({ sampleData: 'small', logLevel: 'info', prepareAnswers: true, warmUp: true }),
      { db, logStream: { write: (l) => lines.push(l) } },
    );
    ({ key } = await keyFor(db, 'E', { rateLimitPerMinute: 1_000_000 }));
    expect(app.answerWarmUp).toBeNull();
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    report = await app.answerWarmUp;
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await db.close();
    await target.drop();
  });

  const ask = (path: string, headers: Record<string, string> = {}) => getFresh(app, port, path, headers);
  const urlOf = (path: string, query: string, symbol: string, token = key) =>
    `/api/v1${path.replace(':symbol', encodeURIComponent(symbol))}?${query}&token=${token}`;

  /** The first day of a range the warm-up cuts: the last `days` days of the data. */
  const cutFrom = async (days: number) => {
    const spans = await app.dataApi.spans.of(await app.dataApi.version.current());
    const last = [...spans.values()]
      .map((s) => s.last)
      .sort()
      .at(-1)!;
    return warmUpCutFrom(last, days);
  };

  it('runs once the answers are prepared, through the front, and says so in one log line', async () => {
    expect(report).not.toBeNull();
    const { requests, rounds, symbols } = report!;
    expect(symbols.length).toBeGreaterThan(3);
    // Four rounds, unless the time bound (15 s) ended it after fewer on a busy machine.
    expect(rounds).toBeGreaterThanOrEqual(1);
    expect(rounds).toBeLessThanOrEqual(4);
    // Every path three times a round: every prepared variant of every company, and the ranges cut
    // out of each endpoint's prepared answers that has ranges (decisions 0350, 0356).
    const ranges = warmUpCutDays.length;
    // And each whole history as a client writes it, from a day before the data (decision 0363).
    const variants = preparedEndpoints.reduce(
      (n, e) => n + e.prepare!.length + (e.slice ? ranges : 0) + (e.slice && e.canonical ? 1 : 0),
      0,
    );
    expect(requests).toBe(rounds * 3 * variants * symbols.length);
    // Every pass answered by the front, none of it handed on to the framework (here the warm-up's
    // own end, 204): the pass with the key in an Authorization header (decision 0369) as the
    // passes with the key in the query string, a plain round's ranges as a compressed one's
    // (decision 0350), and "no data" (a company without a quarterly statement) with the 402 the
    // framework would send (decision 0370). So the code a client's requests run is compiled.
    expect(report!.handedOn).toEqual(Array.from({ length: rounds }, () => [0, 0, 0]));
    // Its access lines (to /dev/null) went out in full batches, as a busy server's do, so a
    // client's first full batch meets the log's code compiled (decision 0369): at least nine in
    // ten of its writes. Waiting 20 ms as a client's lines do, 3 of 156 went out full here.
    const { full, lingered } = report!.logWrites;
    expect(full).toBeGreaterThan(0);
    expect(full).toBeGreaterThanOrEqual(9 * lingered);
    // And each round, the framework's own paths, answered by the framework (200: the warm-up's own
    // end answers 204) on a client's objects (decision 0362), with no access line (below).
    expect(report!.framework).toBe(rounds * frameworkPaths.length * frameworkAsksPerRound);
    // And relayed by the answer wire, answered by the framework in process (decision 0363).
    expect(report!.relayed).toBe(rounds * relayPaths.length * relayAsksPerRound);
    expect(app.answerWire?.relayed).toBe(report!.relayed);
    // And data paths with a query string the front has not learned, which it handed on to the
    // warm-up's own end (204), as it hands a client's on to the framework (decision 0371): it
    // relayed none of them (above) and learned nothing from them.
    expect(report!.unlearned).toBe(rounds * unlearnedAsksPerRound);
    for (const e of preparedEndpoints) {
      expect(app.dataApi.shapes.getQuery(e.operationId, unlearnedQuery), e.operationId).toBeUndefined();
      expect(app.dataApi.shapes.variant(e.operationId, unlearnedQuery), e.operationId).toBeUndefined();
      expect(app.dataApi.shapes.getCut(e.operationId, unlearnedQuery), e.operationId).toBeUndefined();
    }
    // And once its rounds were done, the request validators of every data route it asked, which
    // the framework would otherwise compile at a client's first request it validates (0371).
    const targets = app.answerFront.preparedTargets().map((t) => `/api/v1${t.endpoint.path}`);
    expect(targets.length).toBeGreaterThan(3);
    expect(report!.validators).toBeGreaterThanOrEqual(targets.length);
    for (const url of targets) expect(pendingValidators('GET', url), url).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    const said = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const warmed = said.filter((l) => l.msg === 'answer path warmed');
    expect(warmed).toHaveLength(1);
    expect(warmed[0]!.warmUp).toMatchObject({ requests, rounds, symbols: symbols.length });
    // No access line, request count or cache count: no client asked anything yet.
    expect(said.filter((l) => 'status' in l)).toEqual([]);
    expect(app.answerFront.answered).toBe(0);
    expect(app.answerFront.preparedAnswered).toBe(0);
    expect(app.dataApi.answers.hits + app.dataApi.answers.misses).toBe(0);
  });

  it("leaves a warm-up company's answers never asked, and answers them as the framework does", async () => {
    const version = await app.dataApi.version.current();
    // The key known, as after a client's first request (the front answers known keys only).
    await app.dataApi.keys.owner(key);
    const seen = new Set<string>();
    for (const symbol of report!.symbols.slice(0, 4)) {
      for (const e of preparedEndpoints) {
        for (const { query, validated, params } of preparedQueries(e)) {
          const company = app.dataApi.symbols.peek(symbol, version)!;
          // The default year of a company quoted for less is its whole history (decision 0347).
          const own = e.canonical ? preparedParamsFor(e, app.dataApi, validated, company, version) : params;
          const canonical = preparedKey(e, company, own!, version);
          // Asked already under the other variant (and kept by the framework's answer).
          if (seen.has(canonical)) continue;
          seen.add(canonical);
          expect(app.dataApi.cache.get(canonical, false), canonical).toBeUndefined();
          const url = urlOf(e.path, query, symbol);
          const before = app.answerFront.preparedAnswered;
          const got = await ask(url);
          const framework = await app.inject({ url });
          expect(got.status, url).toBe(framework.statusCode);
          if (got.status !== 200) continue;
          // Read from the prepared answers as a never-asked answer is, and only once: an answer
          // file's answer is kept from its second read (decision 0334), this was its first.
          expect(app.answerFront.preparedAnswered, url).toBe(before + 1);
          expect(stable(got.headers), url).toEqual(stable(framework.headers));
          expect(got.body.equals(framework.rawPayload), url).toBe(true);
        }
      }
    }
  }, 120_000);

  it("leaves a warm-up company's cut ranges never asked, and the front cuts them as the framework does (decision 0350)", async () => {
    const version = await app.dataApi.version.current();
    await app.dataApi.keys.owner(key);
    const both = { 'accept-encoding': 'gzip, deflate, br' };
    let cut = 0;
    for (const [d, days] of warmUpCutDays.entries()) {
      const from = await cutFrom(days);
      for (const e of preparedEndpoints.filter((p) => p.slice)) {
        // The warm-up taught the front this query string, as the framework would have.
        expect(app.dataApi.shapes.getCut(e.operationId, `from=${from}`)).toBeDefined();
        for (const symbol of report!.symbols.slice(4 + 2 * d, 6 + 2 * d)) {
          const company = app.dataApi.symbols.peek(symbol, version)!;
          const params = paramsFor(e, app.dataApi, { from }, company, version);
          expect(app.dataApi.cache.get(preparedKey(e, company, params, version), false)).toBeUndefined();
          const url = urlOf(e.path, `from=${from}`, symbol);
          const before = app.answerFront.cutAnswered;
          const got = await ask(url, both);
          const framework = await app.inject({ url, headers: both });
          expect(got.status, url).toBe(framework.statusCode);
          if (got.status !== 200 || app.answerFront.cutAnswered === before) continue;
          expect(stable(got.headers), url).toEqual(stable(framework.headers));
          expect(got.body.equals(framework.rawPayload), url).toBe(true);
          cut += 1;
        }
      }
    }
    expect(cut).toBeGreaterThan(2 * warmUpCutDays.length);
  });

  it('means by each query string it asks what the framework means by it', async () => {
    // The warm-up tells the front what its query strings validate to (the framework would have
    // learned it from a first request): the framework, asked the same, learns the same.
    const symbol = report!.symbols[0]!;
    for (const e of preparedEndpoints) {
      for (const { query, validated, params } of preparedQueries(e)) {
        // An endpoint with a canonical form: the validated query, put in that form per company.
        const meant = () =>
          e.canonical
            ? app.dataApi.shapes.getQuery(e.operationId, query)
            : app.dataApi.shapes.variant(e.operationId, query)?.params;
        const expected = e.canonical ? validated : params;
        expect(meant()).toEqual(expected);
        await app.inject({ url: urlOf(e.path, query, `${symbol}`) });
        expect(meant(), `${e.operationId}?${query}`).toEqual(expected);
      }
    }
    // The ranges it cuts (decisions 0350, 0356): the framework, cutting one for another company,
    // learns the same validated query.
    const taught = app.dataApi.shapes;
    for (const days of warmUpCutDays) {
      const query = `from=${await cutFrom(days)}`;
      for (const e of preparedEndpoints.filter((p) => p.slice)) {
        app.dataApi.shapes = new PreparedShapes();
        app.dataApi.cache.clear();
        app.dataApi.answers.clear();
        try {
          const url = urlOf(e.path, query, report!.symbols[1]!);
          expect((await app.inject({ url })).statusCode).toBe(200);
          const learned = app.dataApi.shapes.getCut(e.operationId, query);
          expect(learned).toBeDefined();
          expect(learned).toEqual(taught.getCut(e.operationId, query));
        } finally {
          app.dataApi.shapes = taught;
        }
      }
    }
    // The whole history as a client writes it (decision 0363): the framework learns the same
    // validated query from its first answer to it.
    const spans = await app.dataApi.spans.of(await app.dataApi.version.current());
    const first = [...spans.values()].map((s) => s.first).sort()[0]!;
    const whole = `from=${warmUpWholeFrom(first)}`;
    for (const e of preparedEndpoints.filter((p) => p.slice && p.canonical)) {
      expect(taught.getQuery(e.operationId, whole), e.operationId).toBeDefined();
      app.dataApi.shapes = new PreparedShapes();
      app.dataApi.cache.clear();
      app.dataApi.answers.clear();
      try {
        const res = await app.inject({ url: urlOf(e.path, whole, report!.symbols[1]!) });
        expect(res.statusCode).toBe(200);
        expect(app.dataApi.shapes.getQuery(e.operationId, whole)).toEqual(
          taught.getQuery(e.operationId, whole),
        );
      } finally {
        app.dataApi.shapes = taught;
      }
    }
  });

  /** Runs a small warm-up with `server` given, and resolves with its report and its sockets. */
  const warmWith = async (server: Server) => {
    const front = app.answerFront;
    let caller: WarmUpCaller | undefined;
    const begin = front.beginWarmUp.bind(front);
    front.beginWarmUp = (c) => {
      caller = c;
      begin(c);
    };
    try {
      const warmed = await warmAnswerPath(front, app.dataApi, { companies: 2, rounds: 1, server });
      return { warmed, sockets: [...caller!.sockets] as (Socket & { server: Server })[] };
    } finally {
      front.beginWarmUp = begin;
    }
  };

  it('runs its rounds with no company left to ask, asking no unlearned data path (decision 0371)', async () => {
    const warmed = await warmAnswerPath(app.answerFront, app.dataApi, {
      companies: 0,
      rounds: 1,
      server: app.server,
    });
    expect(warmed.symbols).toEqual([]);
    expect(warmed.rounds).toBe(1);
    expect(warmed.unlearned).toBe(0);
    // The framework's paths are asked all the same.
    expect(warmed.framework).toBe(frameworkPaths.length * frameworkAsksPerRound);
  });

  it("hands its connections to the listening server, read there as a client's (decision 0359)", async () => {
    const seen = new Set<object>();
    const onConnection = (socket: object) => seen.add(socket);
    app.server.on('connection', onConnection);
    const wired = app.answerWire!.answered;
    const counts = () => [
      app.answerFront.answered,
      app.answerFront.preparedAnswered,
      app.answerFront.cutAnswered,
      app.dataApi.answers.hits,
      app.dataApi.answers.misses,
    ];
    const before = counts();
    const said = lines.length;
    let run: Awaited<ReturnType<typeof warmWith>>;
    try {
      run = await warmWith(app.server);
    } finally {
      app.server.off('connection', onConnection);
    }
    expect(run.warmed.requests).toBeGreaterThan(0);
    // Three passes a round, each over connections of its own.
    expect(run.sockets.length).toBeGreaterThanOrEqual(3);
    for (const socket of run.sockets) {
      expect(seen.has(socket)).toBe(true);
      expect(socket.server).toBe(app.server);
      expect(socket.destroyed).toBe(true);
    }
    // The listening server's answer wire answered them...
    expect(app.answerWire!.answered - wired).toBeGreaterThan(0);
    // ...and neither the front, the answer cache nor the access log counted them.
    expect(counts()).toEqual(before);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.slice(said).filter((l) => 'status' in JSON.parse(l))).toEqual([]);
  });

  /** The status of a GET asked on a connection of its own (not one the agent keeps). */
  const statusOnNewConnection = async (path: string) =>
    (await get(port, path, {}, 'GET', { newConnection: true })).status;

  it('sends what the front does not answer on its connections to its own end, never to the framework', async () => {
    const sockets = new Set<object>();
    const onConnection = (socket: object) => sockets.add(socket);
    app.server.on('connection', onConnection);
    const handedOn: string[] = [];
    const owner = { user: { id: 0, plan: 'E' }, keyId: 0, subject: 'warm-up:test' } as never;
    app.answerFront.beginWarmUp({
      sockets,
      handOn: (req, res) => {
        handedOn.push(req.url ?? '');
        res.writeHead(204);
        res.end();
      },
      owner,
      log: { write: () => {} },
      recorder: { record: () => {} },
    });
    const said = lines.length;
    try {
      // Every connection is the warm-up's here: the framework's routes and a client's key alike
      // end at the warm-up's own end.
      const e = preparedEndpoints[0]!;
      const { query } = preparedQueries(e)[0]!;
      const data = urlOf(e.path, query, report!.symbols[1]!);
      expect(await statusOnNewConnection('/healthz')).toBe(204);
      expect(await statusOnNewConnection(data)).toBe(204);
      expect(handedOn).toEqual(['/healthz', data]);
    } finally {
      app.answerFront.endWarmUp();
      app.server.off('connection', onConnection);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.slice(said).filter((l) => 'status' in JSON.parse(l))).toEqual([]);
    // The warm-up over, the same requests are the framework's again.
    expect(await statusOnNewConnection('/healthz')).toBe(200);
  });

  it('has the framework answer its relayed paths in process, on its own connections only, unlogged (decision 0363)', async () => {
    const sockets = new Set<object>();
    const onConnection = (socket: object) => sockets.add(socket);
    const owner = { user: { id: 0, plan: 'E' }, keyId: 0, subject: 'warm-up:test' } as never;
    const path = relayPaths[0];
    const relayed = () => app.answerWire!.relayed;
    const statusLines = (from: number) => lines.slice(from).filter((l) => 'status' in JSON.parse(l));
    const before = relayed();
    let said = lines.length;
    app.server.on('connection', onConnection);
    app.answerFront.beginWarmUp({
      sockets,
      handOn: () => {
        throw new Error('a relayed path is not handed on');
      },
      relay: new Set(relayPaths),
      owner,
      log: { write: () => {} },
      recorder: { record: () => {} },
    });
    // A connection of its own, kept alive as a client's (the wire reads no Connection: close).
    const agent = new Agent({ keepAlive: true });
    try {
      expect((await get(port, path, {}, 'GET', { agent })).status).toBe(200);
      expect(relayed()).toBe(before + 1);
    } finally {
      app.answerFront.endWarmUp();
      app.server.off('connection', onConnection);
      agent.destroy();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(statusLines(said)).toEqual([]);
    // A client's request for the same path is not relayed, and is logged, whatever it sends in
    // the warm-up's field: its value is the process's own.
    said = lines.length;
    const client = new Agent({ keepAlive: true });
    const got = await get(port, path, { 'x-bahi-warm-up': 'a guess' }, 'GET', { agent: client });
    client.destroy();
    expect(got.status).toBe(200);
    expect(relayed()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(statusLines(said)).toHaveLength(1);
  });

  it("with a TLS server, runs an HTTP server of its own with the listening server's timeouts", async () => {
    const tls = createHttpsServer();
    const settings = (s: Server) => [
      s.keepAliveTimeout,
      s.requestTimeout,
      s.headersTimeout,
      s.timeout,
      s.maxRequestsPerSocket,
    ];
    // Fastify's are not Node's defaults (a keep-alive of 72 s, no request timeout).
    expect(settings(app.server)).not.toEqual(settings(createServer()));
    const [keepAliveTimeout, requestTimeout, headersTimeout, timeout, maxRequestsPerSocket] = settings(
      app.server,
    );
    Object.assign(tls, { keepAliveTimeout, requestTimeout, headersTimeout, timeout, maxRequestsPerSocket });
    const run = await warmWith(tls as unknown as Server);
    expect(run.warmed.requests).toBeGreaterThan(0);
    const own = run.sockets[0]!.server;
    expect(own).not.toBe(app.server);
    expect(own).not.toBe(tls);
    for (const socket of run.sockets) expect(socket.server).toBe(own);
    expect(settings(own)).toEqual(settings(app.server));
  });

  it('writes its requests as clients write theirs, in each form over its rounds', () => {
    const forms = [0, 1, 2, 3].map((round) => clientFields(round, 4321));
    // Compressed and plain answers asked in turn.
    expect(forms.map((f) => /accept-encoding: gzip, deflate, br\r\n/i.test(f))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // The host with its port and without, the names capitalized and not, in either order.
    expect(forms[0]).toBe('Host: 127.0.0.1:4321\r\nAccept-Encoding: gzip, deflate, br\r\n');
    expect(forms[2]).toBe(
      'accept-encoding: gzip, deflate, br\r\nhost: 127.0.0.1\r\nuser-agent: curl/8.5.0\r\naccept: */*\r\n',
    );
    expect(new Set(forms).size).toBe(4);
    // Fields the front reads past without keeping, in a compressed round and a plain one, and
    // none in the other two, as wrk sends none (decision 0371).
    expect(forms.map((f) => /^user-agent: /im.test(f) && /^accept: /im.test(f))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('sends the key in an Authorization header in one pass of each round, a different one each round', () => {
    const key = `bahi_${'a'.repeat(40)}`;
    const passes = [0, 1, 2, 3].map((round) => [0, 1, 2].map((time) => bearerField(round, time, key)));
    // One pass a round with the header, the other two with the key in the query string.
    for (const round of passes) expect(round.filter((f) => f !== '')).toHaveLength(1);
    // The first ask of an answer (pass 0) and its repeats (1, 2) each meet it.
    expect(passes.map((round) => round.findIndex((f) => f !== ''))).toEqual([0, 1, 2, 0]);
    // Written as clients write it, capitalized or not.
    expect(passes[0]![0]).toBe(`Authorization: Bearer ${key}\r\n`);
    expect(passes[2]![2]).toBe(`authorization: Bearer ${key}\r\n`);
  });

  it("accepts a warm-up's key only on the warm-up's own connections", async () => {
    const warmKey = `bahi_${'0123456789'.repeat(4)}`;
    const owner = { user: { id: 0, plan: 'E' }, keyId: 0, subject: 'warm-up:test' } as never;
    app.dataApi.keys.hold(warmKey, owner);
    app.answerFront.beginWarmUp({
      sockets: new Set(),
      handOn: () => {
        throw new Error("no connection is the warm-up's here");
      },
      owner,
      log: { write: () => {} },
      recorder: { record: () => {} },
    });
    try {
      const e = preparedEndpoints[0]!;
      const { query } = preparedQueries(e)[0]!;
      const url = urlOf(e.path, query, report!.symbols[1]!, warmKey);
      // Neither the front (not the warm-up's connection) nor the framework takes the held key.
      expect((await ask(url)).status).toBe(401);
      expect((await app.inject({ url })).statusCode).toBe(401);
    } finally {
      app.answerFront.endWarmUp();
      app.dataApi.keys.invalidateKey(warmKey);
    }
  });
});

describe('warming the answer path, switched off', () => {
  it('does not run with WARM_UP off (the default under NODE_ENV=test)', async () => {
    expect(testConfig().warmUp).toBe(false);
    const app = await buildApp(testConfig({ sampleData: 'small', prepareAnswers: true }));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect(app.answerWarmUp).toBeNull();
    } finally {
      await app.close();
    }
  }, 120_000);

  it('gives up, saying why, when nothing prepares the answers (PREPARE_ANSWERS off, no other process)', async () => {
    const app = await buildApp(testConfig({ sampleData: 'small', prepareAnswers: false }));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect(
        warmOnceReady(app.answerFront, app.dataApi, () => app.server.listening, { waitMs: 600 }),
      ).rejects.toThrow('the answers were not prepared within 1 s');
    } finally {
      await app.close();
    }
  }, 120_000);
});
