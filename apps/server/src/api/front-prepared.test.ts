import { Agent } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Db } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { endpoints } from './endpoints.ts';
import { preparedPath } from './front.ts';
import type { FrameworkCall } from './front-wire.ts';
import { keyFor } from './testing/harness.ts';
import { get, getFresh, stable } from './testing/socket.ts';

const preparedEndpoints = endpoints.filter((e) => e.prepare);

describe.each(testDatabases())(
  'answer front reading prepared answers (decision 0328), on $name',
  (target) => {
    const lines: string[] = [];
    let db: Db;
    let app: FastifyInstance;
    let port: number;
    let key: string;
    let symbols: string[];

    beforeAll(async () => {
      db = await target.open();
      app = await buildApp(testConfig({ sampleData: 'small', logLevel: 'info', prepareAnswers: true }), {
        db,
        logStream: { write: (l) => lines.push(l) },
      });
      ({ key } = await keyFor(db, 'E', { rateLimitPerMinute: 1_000_000 }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
      await app.answerPreparer!.untilComplete();
      const { rows } = await db.query<{ symbol: string }>(
        'SELECT symbol FROM company WHERE symbol IS NOT NULL ORDER BY isin',
      );
      symbols = rows.map((r) => r.symbol);
    }, 180_000);
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    const front = () => app.answerFront;
    /** Forgets every answer made so far: the next request for any of them is never asked. */
    const forget = () => {
      app.dataApi.answers.clear();
      app.dataApi.cache.clear();
    };
    /** A request over a real socket, the data version read just before. */
    const ask = (path: string, headers: Record<string, string> = {}) => getFresh(app, port, path, headers);
    /** An access line less what differs from one request to the next. */
    const unstamped = ({ time: _t, reqId: _r, ms: _m, ...rest }: Record<string, unknown>) => rest;
    /** The framework's problem+json body, but for the request id, which is the answer's own. */
    const sameProblem = (
      got: { body: Buffer; headers: Record<string, unknown> },
      framework: { body: string; headers: Record<string, unknown> },
      url: string,
    ) => {
      const problem = JSON.parse(got.body.toString()) as Record<string, unknown>;
      expect(problem.request_id, url).toBe(got.headers['x-request-id']);
      const { request_id: _id, ...rest } = problem;
      const { request_id: _fid, ...expected } = JSON.parse(framework.body) as Record<string, unknown>;
      expect(rest, url).toEqual(expected);
      expect(got.body.toString(), url).toBe(
        framework.body.replace(framework.headers['x-request-id'] as string, problem.request_id as string),
      );
    };
    const urlOf = (path: string, variant: Record<string, string>, symbol: string) =>
      `/api/v1${path.replace(':symbol', encodeURIComponent(symbol))}?${new URLSearchParams({ ...variant, token: key })}`;

    it('reads every prepared endpoint for itself', () => {
      const read = preparedEndpoints.filter((e) => preparedPath(e, endpoints));
      expect(read.map((e) => e.operationId)).toEqual(preparedEndpoints.map((e) => e.operationId));
    });

    it("answers a never-asked request itself, with the framework's status, fields, body and access line", async () => {
      let answered = 0;
      let refused = 0;
      for (const [i, symbol] of symbols.entries()) {
        if (i % 4 !== 0) continue;
        for (const e of preparedEndpoints) {
          for (const variant of e.prepare!) {
            const url = urlOf(e.path, variant, symbol);
            const headers: Record<string, string> =
              i % 8 === 0 ? { 'accept-encoding': 'gzip, deflate, br' } : {};
            // The framework's answer (inject reaches the router, not the front); it also tells
            // the front what this query string means, for the next symbol.
            lines.length = 0;
            const framework = await app.inject({ url, headers });
            forget();
            const before = front().preparedAnswered;
            const missingBefore = front().missingAnswered;
            const got = await ask(url, headers);
            expect(got.status, url).toBe(framework.statusCode);
            expect(stable(got.headers), url).toEqual(stable(framework.headers));
            if (framework.statusCode === 200) {
              expect(front().preparedAnswered, url).toBe(before + 1);
              expect(got.body.equals(framework.rawPayload), url).toBe(true);
            } else {
              // "No data" (decision 0370): the framework's 402, but for its request id.
              expect(framework.statusCode, url).toBe(402);
              expect([front().preparedAnswered, front().missingAnswered], url).toEqual([
                before,
                missingBefore + 1,
              ]);
              sameProblem(got, framework, url);
              refused += 1;
            }
            expect(Number(got.headers['x-ratelimit-remaining'])).toBe(
              Number(framework.headers['x-ratelimit-remaining']) - 1,
            );
            await new Promise((r) => setTimeout(r, 25));
            const [viaFramework, viaFront] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
            expect(unstamped(viaFront!), url).toEqual(unstamped(viaFramework!));
            answered += 1;
          }
        }
      }
      expect(answered).toBeGreaterThan(100);
      expect(refused).toBeGreaterThan(0);
      // Answered from the prepared answers, not made again: the second request is a cache hit.
      const url = urlOf('/financials/:symbol', { statement_type: 's' }, symbols[1]!);
      forget();
      await ask(url);
      const answeredBefore = front().answered;
      await ask(url);
      expect(front().answered).toBe(answeredBefore + 1);
    }, 300_000);

    it('learns a query string from the framework before answering it for other symbols', async () => {
      forget();
      // An order of the parameters not asked before: the framework's first.
      const query = `period=annual&statement_code=bs&statement_type=s&token=${key}`;
      const before = front().preparedAnswered;
      const first = await ask(`/api/v1/financials/${symbols[2]}?${query}`);
      expect(first.status).toBe(200);
      expect(front().preparedAnswered).toBe(before);
      const second = await ask(`/api/v1/financials/${symbols[3]}?${query}`);
      expect(second.status).toBe(200);
      expect(front().preparedAnswered).toBe(before + 1);
      // The same answer as the canonical spelling of the variant asks for.
      forget();
      const canonical = await app.inject(
        urlOf(
          '/financials/:symbol',
          { statement_type: 's', statement_code: 'bs', period: 'annual' },
          symbols[3]!,
        ),
      );
      expect(second.body.equals(canonical.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(canonical.headers.etag);

      // Asked in the other spelling once its answer is held: answered without a read.
      forget();
      const other = `/api/v1/financials/${symbols[4]}`;
      const read = await ask(`${other}?${query}`);
      const reads = app.dataApi.prepared.reads;
      const [answered, fromPrepared] = [front().answered, front().preparedAnswered];
      const again = await ask(
        urlOf(
          '/financials/:symbol',
          { statement_type: 's', statement_code: 'bs', period: 'annual' },
          symbols[4]!,
        ),
      );
      expect([front().answered, front().preparedAnswered]).toEqual([answered + 1, fromPrepared]);
      expect(app.dataApi.prepared.reads).toBe(reads);
      expect(again.body.equals(read.body)).toBe(true);
    });

    it("answers a never-asked range covering all of a company's quotes itself, once the framework has validated its query string (decision 0341)", async () => {
      const version = await app.dataApi.version.current();
      const spans = await app.dataApi.spans.of(version);
      const { rows } = await db.query<{ isin: string; symbol: string }>(
        'SELECT isin, symbol FROM company WHERE symbol IS NOT NULL ORDER BY isin',
      );
      const quoted = rows
        .filter((r) => spans.has(r.isin))
        .map((r) => ({ symbol: r.symbol, first: spans.get(r.isin)!.first }));
      expect(quoted.length).toBeGreaterThan(4);
      forget();
      const whole = `from=1999-12-31&token=${key}`;
      const before = front().preparedAnswered;
      const first = await ask(`/api/v1/daily-quotes/${quoted[0]!.symbol}?${whole}`);
      expect(first.status).toBe(200);
      expect(front().preparedAnswered).toBe(before);
      const second = await ask(`/api/v1/daily-quotes/${quoted[1]!.symbol}?${whole}`);
      expect(second.status).toBe(200);
      expect(front().preparedAnswered).toBe(before + 1);
      forget();
      const framework = await app.inject(`/api/v1/daily-quotes/${quoted[1]!.symbol}?${whole}`);
      expect(second.body.equals(framework.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(framework.headers.etag);

      // From the second-latest first day: all the quotes of the two latest companies, part of
      // an older company's.
      const byFirst = [...quoted].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
      const [late, latest] = byFirst.slice(-2) as [(typeof quoted)[number], (typeof quoted)[number]];
      const older = byFirst.find((c) => c.first < late.first)!;
      expect(older).toBeDefined();
      forget();
      const part = `from=${late.first}&token=${key}`;
      const counted = front().preparedAnswered;
      expect((await ask(`/api/v1/daily-quotes/${late.symbol}?${part}`)).status).toBe(200);
      expect(front().preparedAnswered).toBe(counted);
      expect((await ask(`/api/v1/daily-quotes/${latest.symbol}?${part}`)).status).toBe(200);
      expect(front().preparedAnswered).toBe(counted + 1);
      const cut = await ask(`/api/v1/daily-quotes/${older.symbol}?${part}`);
      expect(cut.status).toBe(200);
      // The framework's: the older company's quotes from that day on, not its whole history.
      expect(front().preparedAnswered).toBe(counted + 1);
      const days = (JSON.parse(cut.body.toString()) as { data: { date: string }[] }).data;
      expect(days[0]!.date >= late.first).toBe(true);
      expect(days[0]!.date > older.first).toBe(true);
    });

    it.each(['daily-quotes', 'daily-price-ratios'])(
      "%s: cuts a never-asked range itself, in the gzip coding made of the pieces, with the framework's fields, body and access line (decision 0350)",
      async (path) => {
        const version = await app.dataApi.version.current();
        const spans = await app.dataApi.spans.of(version);
        const { rows } = await db.query<{ isin: string; symbol: string }>(
          'SELECT isin, symbol FROM company WHERE symbol IS NOT NULL ORDER BY isin',
        );
        const quoted = rows.filter((r) => spans.has(r.isin));
        expect(quoted.length).toBeGreaterThan(4);
        // The last 91 days of the data: inside every quoted company's history.
        const last = [...spans.values()]
          .map((s) => s.last)
          .sort()
          .at(-1)!;
        const from = new Date(Date.parse(`${last}T00:00:00Z`) - 91 * 86_400_000).toISOString().slice(0, 10);
        const both = { 'accept-encoding': 'gzip, deflate, br' };
        const urlFor = (symbol: string, range = `from=${from}`) =>
          `/api/v1/${path}/${symbol}?${range}&token=${key}`;
        forget();
        // The framework's cut teaches the front the query string.
        const taught = await app.inject({ url: urlFor(quoted[0]!.symbol), headers: both });
        expect(taught.statusCode).toBe(200);
        let cut = 0;
        for (const { symbol } of quoted.slice(1)) {
          const url = urlFor(symbol);
          lines.length = 0;
          const framework = await app.inject({ url, headers: both });
          forget();
          const before = front().cutAnswered;
          const got = await ask(url, both);
          expect(got.status, url).toBe(framework.statusCode);
          if (framework.statusCode !== 200) continue;
          expect(front().cutAnswered, url).toBe(before + 1);
          expect(stable(got.headers), url).toEqual(stable(framework.headers));
          expect(got.body.equals(framework.rawPayload), url).toBe(true);
          if (cut === 0) {
            // Kept as its gzip copy alone (decision 0353): the cache counts a few kilobytes, not
            // the body, until a client asks for the body itself, which is then made and counted.
            expect(got.headers['content-encoding'], url).toBe('gzip');
            const body = gunzipSync(got.body);
            expect(body.length, url).toBeGreaterThan(got.body.length + 4096);
            const held = app.dataApi.answers.bytes;
            expect(held, url).toBeLessThan(got.body.length + 4096);
            const plain = await ask(url);
            expect([plain.status, plain.headers['content-encoding']], url).toEqual([200, undefined]);
            expect(plain.body.equals(body), url).toBe(true);
            expect(app.dataApi.answers.bytes, url).toBeGreaterThanOrEqual(held + body.length);
          }
          if (got.headers['content-encoding'] === 'gzip') {
            // The same answer as the framework makes for a client that takes no coding.
            forget();
            const plain = await app.inject(url);
            expect(gunzipSync(got.body).equals(plain.rawPayload), url).toBe(true);
          }
          await new Promise((r) => setTimeout(r, 25));
          const [viaFramework, viaFront] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
          expect(unstamped(viaFront!), url).toEqual(unstamped(viaFramework!));
          cut += 1;
        }
        expect(cut).toBeGreaterThan(3);
        // A client that takes no coding: its never-asked range is the front's too, with the
        // framework's fields and body, and counted at its body's bytes.
        for (const { symbol } of quoted.slice(1, 4)) {
          const url = urlFor(symbol);
          forget();
          const framework = await app.inject(url);
          if (framework.statusCode !== 200) continue;
          forget();
          const before = front().cutAnswered;
          const plain = await ask(url);
          expect([plain.status, plain.headers['content-encoding']], url).toEqual([200, undefined]);
          expect(front().cutAnswered, url).toBe(before + 1);
          expect(stable(plain.headers), url).toEqual(stable(framework.headers));
          expect(plain.body.equals(framework.rawPayload), url).toBe(true);
          expect(app.dataApi.answers.bytes, url).toBeGreaterThanOrEqual(plain.body.length);
        }
        // A company whose quotes end before the range: the framework's 402, answered by the
        // front (decision 0370) with the framework's fields, body (but for its request id) and
        // access line.
        const ended = quoted.find(({ isin }) => spans.get(isin)!.last < from);
        expect(ended, 'a company whose quotes end before the range').toBeDefined();
        const endedUrl = urlFor(ended!.symbol);
        forget();
        lines.length = 0;
        const refused = await app.inject({ url: endedUrl, headers: both });
        expect(refused.statusCode).toBe(402);
        forget();
        const missingBefore = front().missingAnswered;
        const got = await ask(endedUrl, both);
        expect(got.status).toBe(402);
        expect(front().missingAnswered).toBe(missingBefore + 1);
        expect(stable(got.headers)).toEqual(stable(refused.headers));
        sameProblem(got, refused, endedUrl);
        await new Promise((r) => setTimeout(r, 25));
        const [viaFramework, viaFront] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(unstamped(viaFront!)).toEqual(unstamped(viaFramework!));
        // Left to the framework: a client taking br alone (the br copy is made on request), a
        // range with no data, and a range the framework has not validated yet.
        forget();
        const before = front().cutAnswered;
        const br = await ask(urlFor(quoted[1]!.symbol), { 'accept-encoding': 'br' });
        expect([br.status, br.headers['content-encoding']]).toEqual([200, 'br']);
        const after = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect((await app.inject(urlFor(quoted[0]!.symbol, `from=${after}`))).statusCode).toBe(402);
        expect((await ask(urlFor(quoted[1]!.symbol, `from=${after}`), both)).status).toBe(402);
        const fresh = await ask(urlFor(quoted[2]!.symbol, `from=${from}&to=${last}`), both);
        expect(fresh.status).toBe(200);
        expect(front().cutAnswered).toBe(before);
        // Learned from that one: the next company's same range is the front's.
        forget();
        expect((await ask(urlFor(quoted[3]!.symbol, `from=${from}&to=${last}`), both)).status).toBe(200);
        expect(front().cutAnswered).toBe(before + 1);
      },
      120_000,
    );

    it('keeps an answer read from the answer file in memory from its second request on (decision 0334)', async () => {
      const e = preparedEndpoints.find((p) => p.operationId === 'financials')!;
      const files = app.dataApi.prepared.files!;
      const held = () => [app.dataApi.answers.size, app.dataApi.cache.size];
      // A company no other test asks, with data for the variant: a "no data" answer is the
      // framework's, and the next company is tried.
      let url = '';
      let first: Awaited<ReturnType<typeof ask>> | undefined;
      for (const symbol of symbols.filter((_, i) => i > 6 && i % 4 === 2)) {
        url = urlOf(e.path, e.prepare![0]!, symbol);
        forget();
        const before = front().preparedAnswered;
        lines.length = 0;
        first = await ask(url);
        if (first.status === 200 && front().preparedAnswered === before + 1) break;
      }
      expect(first?.status).toBe(200);
      // Read from the file and answered, and not kept: a scan asks each answer once.
      expect(held()).toEqual([0, 0]);
      const reads = files.reads;
      const second = await ask(url);
      expect(second.body.equals(first!.body)).toBe(true);
      // The same fields (less date, request id and counters) as the kept answer's.
      expect(stable(second.headers)).toEqual(stable(first!.headers));
      expect(files.reads).toBe(reads + 1);
      // Asked again: kept under both keys, and the third request is answered from memory.
      expect(held()).toEqual([1, 1]);
      const hits = app.dataApi.answers.hits;
      const third = await ask(url);
      expect(third.body.equals(first!.body)).toBe(true);
      expect(files.reads).toBe(reads + 1);
      expect(app.dataApi.answers.hits).toBe(hits + 1);
      // The access line of an answer not kept is that of one answered from memory.
      await new Promise((r) => setTimeout(r, 25));
      const fixed = (l: string) => {
        const { time: _t, reqId: _r, ms: _m, ...rest } = JSON.parse(l) as Record<string, unknown>;
        return rest;
      };
      expect(lines).toHaveLength(3);
      expect(fixed(lines[0]!)).toEqual(fixed(lines[2]!));
    });

    it('keeps at once a never-asked file answer whose br copy the framework makes: one read', async () => {
      const e = preparedEndpoints.find((p) => p.operationId === 'financials')!;
      const files = app.dataApi.prepared.files!;
      let url = '';
      let got: Awaited<ReturnType<typeof ask>> | undefined;
      let reads = 0;
      for (const symbol of symbols.filter((_, i) => i > 6 && i % 4 === 3)) {
        url = urlOf(e.path, e.prepare![0]!, symbol);
        forget();
        reads = files.reads;
        // A client that takes br but not gzip: the stored gzip copy is not for it (decision 0364).
        got = await ask(url, { 'accept-encoding': 'br' });
        if (got.status === 200) break;
      }
      expect(got?.status).toBe(200);
      expect(got!.headers['content-encoding']).toBe('br');
      // The front read it and handed it over, kept; the framework found it and made the copy.
      expect(files.reads).toBe(reads + 1);
      expect(app.dataApi.answers.size).toBe(1);
      const plain = await ask(url);
      expect(brotliDecompressSync(got!.body).equals(plain.body)).toBe(true);
      expect(files.reads).toBe(reads + 1);
    });

    it('sends a never-asked file answer from lent memory, reused only once its write is done (decision 0373)', async () => {
      const e = preparedEndpoints.find((p) => p.operationId === 'financials')!;
      const variant = e.prepare!.find((v) => v.statement_type === 's' && v.period === 'quarterly')!;
      const loans = app.dataApi.prepared.files!.loans;
      const gzip = { 'accept-encoding': 'gzip, deflate, br' };
      // The framework's answer teaches the front the query string (a company the first test asks).
      expect((await app.inject({ url: urlOf(e.path, variant, symbols[0]!), headers: gzip })).statusCode).toBe(
        200,
      );
      /** The front's answer to a never-asked request, written to a response that holds its body. */
      const held = async (symbol: string) => {
        await app.dataApi.version.current();
        const req = {
          method: 'GET',
          url: urlOf(e.path, variant, symbol),
          headers: { host: '127.0.0.1', ...gzip },
          socket: { remoteAddress: '127.0.0.1' } as Socket,
        };
        return new Promise<{
          status: number;
          fields: string[];
          body: Buffer;
          written: (err?: Error | null) => void;
        } | null>((resolve) => {
          let status = 0;
          let fields: string[] = [];
          const res = {
            writeHead: (s: number, f: string[]) => {
              status = s;
              fields = f;
            },
            end: (body?: Buffer, written?: (err?: Error | null) => void) =>
              resolve({
                status,
                fields,
                body: body ?? Buffer.alloc(0),
                written: written ?? (() => undefined),
              }),
          };
          if (!front().answer(req, res, () => resolve(null))) resolve(null);
        });
      };
      // Companies asked by no other test for this variant, with data for it.
      const answers: NonNullable<Awaited<ReturnType<typeof held>>>[] = [];
      const named: string[] = [];
      const lent = loans.lent;
      for (const symbol of symbols.filter((_, i) => i > 6 && i % 4 !== 0)) {
        if (answers.length === 4) break;
        const got = await held(symbol);
        if (got?.status !== 200) continue;
        answers.push(got);
        named.push(symbol);
      }
      expect(answers).toHaveLength(4);
      const [a, b, c, d] = answers as [
        (typeof answers)[0],
        (typeof answers)[0],
        (typeof answers)[0],
        (typeof answers)[0],
      ];
      for (const got of answers) expect(got.fields[got.fields.indexOf('content-encoding') + 1]).toBe('gzip');
      // Every one lent, and while none was written each had memory of its own.
      expect(loans.lent).toBe(lent + 4);
      expect(new Set(answers.map((x) => x.body.buffer)).size).toBe(4);
      const copies = answers.map((x) => Buffer.from(x.body));
      // A's write done: its memory goes to the next read, while B, C and D, unwritten, keep theirs.
      a.written();
      const next: NonNullable<Awaited<ReturnType<typeof held>>>[] = [];
      for (const symbol of symbols.filter((_, i) => i > 6 && i % 4 !== 0 && !named.includes(symbols[i]!))) {
        const got = await held(symbol);
        if (got?.status === 200) next.push(got);
        if (next.length === 2) break;
      }
      expect(next).toHaveLength(2);
      // A's block is reused (the free list is last in, first out); the next is a new one.
      expect(next[0]!.body.buffer).toBe(a.body.buffer);
      expect([b, c, d].some((x) => x.body.buffer === next[1]!.body.buffer)).toBe(false);
      for (const [i, x] of [b, c, d].entries()) expect(x.body.equals(copies[i + 1]!)).toBe(true);
      // A write that failed keeps its memory from the pool.
      b.written(new Error('connection reset'));
      const after = await held(
        symbols.find((s, i) => i > 6 && i % 4 !== 0 && !named.includes(s) && s !== symbols[0])!,
      );
      expect(after === null || after.body.buffer !== b.body.buffer).toBe(true);
      // The bytes sent are the framework's answer.
      for (const [i, x] of [b, c, d].entries()) {
        const framework = await app.inject({ url: urlOf(e.path, variant, named[i + 1]!) });
        expect(gunzipSync(x.body).equals(framework.rawPayload)).toBe(true);
        x.written();
      }
      for (const x of next) x.written();
    });

    it('answers never-asked requests on eight connections at once with lent memory, each body its own', async () => {
      const e = preparedEndpoints.find((p) => p.operationId === 'financials')!;
      const variant = e.prepare!.find(
        (v) => v.statement_type === 's' && v.statement_code === 'cf' && v.period === 'annual',
      )!;
      const gzip = { 'accept-encoding': 'gzip, deflate, br' };
      const loans = app.dataApi.prepared.files!.loans;
      expect((await app.inject({ url: urlOf(e.path, variant, symbols[0]!), headers: gzip })).statusCode).toBe(
        200,
      );
      forget();
      await app.dataApi.version.current();
      const [lent, made] = [loans.lent, loans.made];
      const asked = symbols.filter((_, i) => i > 6 && i % 4 !== 0);
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const got = await Promise.all(
        asked.map((s) => get(port, urlOf(e.path, variant, s), gzip, 'GET', { agent })),
      );
      agent.destroy();
      const sent = got.filter((g) => g.status === 200);
      expect(sent.length).toBeGreaterThan(10);
      expect(loans.lent - lent).toBe(sent.length);
      // Blocks given back once written and lent again: fewer made than lent (at most one a
      // connection and size at once).
      expect(loans.made - made).toBeLessThan(sent.length);
      for (const [i, g] of got.entries()) {
        if (g.status !== 200) continue;
        const framework = await app.inject({ url: urlOf(e.path, variant, asked[i]!) });
        expect(gunzipSync(g.body).equals(framework.rawPayload), asked[i]).toBe(true);
      }
    });

    it('counts a kept answer at its gzip bytes until a client needs its body, then at both', async () => {
      const e = preparedEndpoints.find((p) => p.operationId === 'financials')!;
      // A client that takes br and gzip gets the stored gzip copy (decision 0364).
      const br = { 'accept-encoding': 'gzip, deflate, br' };
      let url = '';
      let first: Awaited<ReturnType<typeof ask>> | undefined;
      for (const symbol of symbols.filter((_, i) => i > 6 && i % 4 === 1)) {
        url = urlOf(e.path, e.prepare![0]!, symbol);
        forget();
        first = await ask(url, br);
        if (first.status === 200 && first.headers['content-encoding'] === 'gzip') break;
      }
      expect(first?.headers['content-encoding']).toBe('gzip');
      // Asked again: kept, with only its gzip bytes in memory.
      await ask(url, br);
      const answers = app.dataApi.answers;
      expect(answers.size).toBe(1);
      const kept = answers.bytes;
      // A client that takes no coding: the body is decompressed once, and counted from then on.
      const plain = await ask(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(kept).toBeLessThan(plain.body.length);
      expect(answers.bytes - kept).toBe(plain.body.length);
      const hits = answers.hits;
      const again = await ask(url);
      expect(again.body.equals(plain.body)).toBe(true);
      expect(answers.hits).toBe(hits + 1);
      expect(answers.bytes - kept).toBe(plain.body.length);
    });

    it('leaves to the framework what it must refuse, decode or compress', async () => {
      const { key: basicKey } = await keyFor(db, 'B');
      const shape = '?statement_type=s';
      const outside = symbols.find((s) => !['ITC', 'RELIANCE', 'HDFCBANK'].includes(s))!;
      // The framework's answer for another company teaches the front the query string.
      const other = symbols.find((s) => s !== outside)!;
      expect((await app.inject(`/api/v1/ratios/${other}${shape}&token=${key}`)).statusCode).toBe(200);
      expect((await app.inject(`/api/v1/ratios/${outside}${shape}&token=${key}`)).statusCode).toBe(200);
      forget();
      const before = front().preparedAnswered;
      const cases: [string, number][] = [
        [`/api/v1/ratios/NOSUCHCO${shape}&token=${key}`, 404],
        [`/api/v1/ratios/${outside}${shape}&token=${basicKey}`, 403],
        [`/api/v1/ratios/${outside}${shape}&token=bahi_${'x'.repeat(40)}`, 401],
        [`/api/v1/ratios/${outside}${shape}&ratio_type=pr&token=${key}`, 200],
        [`/api/v1/ratios/${outside}${shape}&bogus=1&token=${key}`, 400],
        [
          `/api/v1/ratios/${encodeURIComponent(outside).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}${shape}&token=${key}`,
          200,
        ],
      ];
      for (const [url, status] of cases) {
        forget();
        const got = await ask(url);
        expect(got.status, url).toBe(status);
      }
      expect(front().preparedAnswered).toBe(before);

      // A client taking br but not gzip: the front reads the answer, the framework makes the br copy.
      forget();
      const url = `/api/v1/ratios/${outside}${shape}&token=${key}`;
      const br = await ask(url, { 'accept-encoding': 'br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(front().preparedAnswered).toBe(before);
      const plain = await ask(url);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      // A client taking gzip but not br, as Python's requests asks: the front answers it with the
      // stored gzip copy, nothing compressed on request (decision 0364).
      forget();
      const gz = await ask(url, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.status).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(front().preparedAnswered).toBe(before + 1);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    });

    /** The data version read just now: the front answers only under a version read within 2 s. */
    const readVersion = async () => {
      app.dataApi.version.invalidate();
      await app.dataApi.version.current();
    };

    /** Requests on one kept connection. */
    const oneConnection = () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      return { send: (path: string) => get(port, path, {}, 'GET', { agent }), close: () => agent.destroy() };
    };

    it('answers a query string it has not learned through the framework on the same connection, and the next itself (decision 0361)', async () => {
      forget();
      await readVersion();
      const wire = app.answerWire!;
      // A prepared variant spelled in an order no one has asked: the front has not learned it.
      const query = `statement_code=cf&period=annual&statement_type=c&token=${key}`;
      const [first, second] = [symbols[6]!, symbols[7]!].map((s) => `/api/v1/financials/${s}?${query}`);
      const before = { relayed: wire.relayed, answered: wire.answered, front: front().preparedAnswered };
      const c = oneConnection();
      try {
        lines.length = 0;
        const a = await c.send(first!);
        expect(a.status).toBe(200);
        expect(wire.relayed).toBe(before.relayed + 1);
        expect(front().preparedAnswered).toBe(before.front);
        // The framework taught the front the query string: the next company is the front's, on
        // the same connection, still read by the wire.
        const b = await c.send(second!);
        expect(b.status).toBe(200);
        expect(b.localPort).toBe(a.localPort);
        expect(front().preparedAnswered).toBe(before.front + 1);
        expect(wire.relayed).toBe(before.relayed + 1);
        expect(wire.answered).toBe(before.answered + 2);
        // Counted once each.
        expect(Number(b.headers['x-ratelimit-remaining'])).toBe(
          Number(a.headers['x-ratelimit-remaining']) - 1,
        );
        // One access line each; the relayed one is the framework's own.
        await new Promise((r) => setTimeout(r, 25));
        expect(lines).toHaveLength(2);
        // The same fields and body as the framework gives the same request.
        forget();
        const framework = await app.inject(first!);
        expect(stable(a.headers)).toEqual(stable(framework.headers));
        expect(a.body.equals(framework.rawPayload)).toBe(true);
        expect(a.headers['x-request-id']).toBeTruthy();
      } finally {
        c.close();
      }
    });

    /**
     * Holds the framework's relayed answers back `ms` (as a first one takes tens of ms in a new
     * process), with a fresh data version read; returns the undo.
     */
    const holdRelays = async (ms: number) => {
      forget();
      await readVersion();
      const slot = app.answerWire! as unknown as { framework: FrameworkCall };
      const framework = slot.framework;
      slot.framework = (r) => new Promise((resolve) => setTimeout(resolve, ms)).then(() => framework(r));
      return () => {
        slot.framework = framework;
      };
    };

    it('relays one of many requests that come with the same unlearned query string at once; the rest wait for it and are its own (decision 0361)', async () => {
      const wire = app.answerWire!;
      const undo = await holdRelays(150);
      const query = `statement_code=pl&&period=annual&statement_type=c&token=${key}`;
      const before = { relayed: wire.relayed, front: front().preparedAnswered };
      try {
        // Six connections of their own, kept alive (a connection asked to close is Node's).
        const connections = symbols.slice(10, 16).map(() => oneConnection());
        const got = await Promise.all(
          symbols.slice(10, 16).map((s, i) => connections[i]!.send(`/api/v1/financials/${s}?${query}`)),
        );
        for (const c of connections) c.close();
        expect(new Set(got.map((g) => g.localPort)).size).toBe(6);
        expect(got.map((g) => g.status)).toEqual([200, 200, 200, 200, 200, 200]);
        expect(wire.relayed - before.relayed).toBe(1);
        expect(front().preparedAnswered - before.front).toBe(5);
        // Each the framework's answer for its company.
        forget();
        for (const [i, s] of symbols.slice(10, 16).entries()) {
          const framework = await app.inject(`/api/v1/financials/${s}?${query}`);
          expect(got[i]!.body.equals(framework.rawPayload), s).toBe(true);
        }
      } finally {
        undo();
      }
    });

    it('sends the waiters of a relay still under way after 250 ms to the framework (decision 0361)', async () => {
      const wire = app.answerWire!;
      const undo = await holdRelays(400);
      const query = `period=annual&&statement_code=bs&statement_type=c&token=${key}`;
      const before = { relayed: wire.relayed, answered: wire.answered };
      const connections = symbols.slice(16, 19).map(() => oneConnection());
      try {
        const got = await Promise.all(
          symbols.slice(16, 19).map((s, i) => connections[i]!.send(`/api/v1/financials/${s}?${query}`)),
        );
        expect(got.map((g) => g.status)).toEqual([200, 200, 200]);
        expect(wire.relayed - before.relayed).toBe(1);
        // The waiters' connections went to Node's http: the wire wrote the relayed answer only.
        expect(wire.answered - before.answered).toBe(1);
      } finally {
        for (const c of connections) c.close();
        undo();
      }
    });

    it('relays a query string that teaches it nothing a bounded number of times, then leaves the connection to Node (decision 0361)', async () => {
      await readVersion();
      const wire = app.answerWire!;
      const path = `/api/v1/financials/${symbols[8]}?period=weekly&token=${key}`;
      const relayed = wire.relayed;
      const c = oneConnection();
      try {
        const got = [];
        for (let i = 0; i < 34; i++) got.push(await c.send(path));
        expect(new Set(got.map((g) => g.status))).toEqual(new Set([400]));
        expect(new Set(got.map((g) => g.localPort)).size).toBe(1);
        expect(new Set(got.map((g) => g.headers['content-type']))).toEqual(
          new Set(['application/problem+json; charset=utf-8']),
        );
        // The framework's refusal, the same whichever way it went.
        const detail = (g: { body: Buffer }) => (JSON.parse(g.body.toString()) as { detail: string }).detail;
        expect(new Set(got.map(detail)).size).toBe(1);
        expect(wire.relayed - relayed).toBe(32);
      } finally {
        c.close();
      }
    });

    /** One request's answer, as bytes, on a new connection; `before` is sent and answered first. */
    const rawAnswer = (path: string, before?: string) =>
      new Promise<{ lines: string[]; body: Buffer }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const heads = [before, path].filter((p) => p !== undefined);
        let buf = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => {
          buf = Buffer.concat([buf, chunk]);
          for (;;) {
            const end = buf.indexOf('\r\n\r\n');
            if (end < 0) return;
            const lines = buf.toString('latin1', 0, end).split('\r\n');
            const length = Number(/^content-length: (\d+)$/im.exec(lines.join('\n'))?.[1] ?? 0);
            if (buf.length < end + 4 + length) return;
            const body = buf.subarray(end + 4, end + 4 + length);
            buf = buf.subarray(end + 4 + length);
            heads.shift();
            if (heads.length === 0) {
              socket.destroy();
              resolve({ lines, body });
              return;
            }
            socket.write(`GET ${heads[0]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
          }
        });
        socket.on('error', reject);
        socket.write(`GET ${heads[0]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      });

    it("writes a relayed answer as Node's http writes the framework's (decision 0361)", async () => {
      await readVersion();
      const wire = app.answerWire!;
      const path = `/api/v1/financials/${symbols[9]}?period=fortnightly&token=${key}`;
      const relayed = wire.relayed;
      const viaWire = await rawAnswer(path);
      expect(wire.relayed).toBe(relayed + 1);
      // /healthz is not the front's: the wire hands the connection to Node's http first.
      const viaNode = await rawAnswer(path, '/healthz');
      expect(wire.relayed).toBe(relayed + 1);
      const steadyLines = (l: string[]) =>
        l.filter((x) => !/^(date|ratelimit|x-ratelimit-remaining|x-ratelimit-reset|x-request-id):/i.test(x));
      expect(viaWire.lines[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(steadyLines(viaWire.lines)).toEqual(steadyLines(viaNode.lines));
      const problem = (b: Buffer) => {
        const { request_id: _r, ...rest } = JSON.parse(b.toString()) as Record<string, unknown>;
        return rest;
      };
      expect(problem(viaWire.body)).toEqual(problem(viaNode.body));
    });

    it('counts each call once and refuses past the limit with the framework 429', async () => {
      const { key: limited } = await keyFor(db, 'E', { rateLimitPerMinute: 3 });
      // The first call, the framework's, teaches the front the (empty) query string.
      expect((await app.inject(`/api/v1/company-profile/${symbols[0]}?token=${limited}`)).statusCode).toBe(
        200,
      );
      forget();
      const before = front().preparedAnswered;
      const got = [];
      for (const symbol of symbols.slice(1, 4))
        got.push(await ask(`/api/v1/company-profile/${symbol}?token=${limited}`));
      expect(got.map((g) => g.status)).toEqual([200, 200, 429]);
      expect(got.map((g) => g.headers['x-ratelimit-remaining'])).toEqual(['1', '0', '0']);
      expect(got[2]!.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(front().preparedAnswered).toBe(before + 2);
    });
  },
);
