import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bumpDataVersion, ensureSampleData, yearBefore } from '@bahi/market-data';
import type { Db } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPreparedVariant, variantQuery } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { dataApiApp, keyFor } from './testing/harness.ts';

/** Waits until the app's preparer has completed every set of the current data version. */
const prepared = (app: FastifyInstance) => app.answerPreparer!.untilComplete();

const financials = endpoints.find((e) => e.operationId === 'financials')!;

describe.each(testDatabases())(
  'answers prepared when the data changes (decision 0326), on $name',
  (target) => {
    let db: Db;
    let app: FastifyInstance;
    /** The same data API with nothing prepared: every answer made on request. */
    let live: FastifyInstance;
    /** Another process: prepares nothing, copies the sets `app` completed to its answer file. */
    let filed: FastifyInstance;
    let key: string;
    let symbols: string[];

    beforeAll(async () => {
      db = await target.open();
      // Reads its prepared answers from the database: no answer file.
      app = await dataApiApp(db, { config: { prepareAnswers: true, answerFiles: null } });
      await ensureSampleData(db, { size: 'small' });
      live = await dataApiApp(db, {
        endpoints: endpoints.map((e) => ({ ...e, prepare: undefined })),
      });
      ({ key } = await keyFor(db, 'E', { rateLimitPerMinute: 1_000_000 }));
      filed = await dataApiApp(db);
      await app.ready();
      await live.ready();
      await filed.ready();
      const { rows } = await db.query<{ symbol: string }>(
        'SELECT symbol FROM company WHERE symbol IS NOT NULL ORDER BY isin',
      );
      symbols = rows.map((r) => r.symbol);
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await live.close();
      await filed.close();
      await db.close();
      await target.drop();
    });

    /** Each company's symbol by ISIN. */
    const symbolsByIsin = async () =>
      new Map(
        (await db.query<{ isin: string; symbol: string }>('SELECT isin, symbol FROM company')).rows.map(
          (r) => [r.isin, r.symbol],
        ),
      );
    /** The day `days` after (before, when negative) `iso`. */
    const shift = (iso: string, days: number) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

    /**
     * Asks `server` every prepared answer (every company, endpoint and variant) and compares it
     * with the answer made on request: the answers compared, and how many were "no data".
     */
    const compareEveryAnswer = async (server: FastifyInstance) => {
      let compared = 0;
      let missing = 0;
      const preparedEndpoints = endpoints.filter((e) => e.prepare);
      expect(preparedEndpoints.map((e) => e.operationId)).toContain('financials');
      let variants = 0;
      for (const e of preparedEndpoints) variants += e.prepare!.length;
      for (const symbol of symbols) {
        for (const [e, variant] of preparedEndpoints.flatMap((e) => e.prepare!.map((v) => [e, v] as const))) {
          const query = new URLSearchParams({ ...variant, token: key });
          const url = `/api/v1${e.path.replace(':symbol', encodeURIComponent(symbol))}?${query}`;
          // Two variants may be one answer (a short history's default year is all of it): each
          // is read again, not found in the cache.
          server.dataApi.cache.clear();
          server.dataApi.answers.clear();
          const [a, b] = await Promise.all([server.inject(url), live.inject(url)]);
          expect(a.statusCode, url).toBe(b.statusCode);
          if (a.statusCode === 200) {
            expect(a.body, url).toBe(b.body);
            expect(a.headers.etag, url).toBe(b.headers.etag);
            expect(a.headers['x-data-as-of']).toBe(b.headers['x-data-as-of']);
            expect(a.headers['x-data-source']).toBe(b.headers['x-data-source']);
          } else {
            expect(a.statusCode).toBe(402);
            expect(a.json()).toMatchObject({ code: 'request_failed', detail: b.json().detail });
            missing += 1;
          }
          compared += 1;
        }
      }
      expect(compared).toBe(symbols.length * variants);
      // Some statements do not exist (a company without consolidated accounts' quarterly cash
      // flow, say): those are prepared as "no data" too.
      expect(missing).toBeGreaterThan(0);
      expect(missing).toBeLessThan(compared);
      return compared;
    };

    it('serves every prepared answer with the bytes, ETag and status an answer made on request has', async () => {
      await prepared(app);
      const hitsBefore = app.dataApi.prepared.hits;
      const compared = await compareEveryAnswer(app);
      // Every one came from the prepared store, none from a load.
      expect(app.dataApi.prepared.hits - hitsBefore).toBe(compared);
    }, 120_000);

    it('another process copies the completed sets to its answer file and serves every answer from it (decision 0329)', async () => {
      const version = await prepared(app);
      const { prepared: store } = filed.dataApi;
      const files = store.files!;
      // It learns the sets are complete as any process does (prepared_set), then copies them.
      await store.refresh(version);
      await files.settled();
      for (const e of endpoints.filter((e) => e.prepare))
        expect(files.has(version, e.operationId)).toBe(true);
      // The copies done, it reads the quote spans on its own, before any request needs them.
      await vi.waitFor(() => expect(filed.dataApi.spans.peek(version)?.size).toBeGreaterThan(10), {
        timeout: 10_000,
      });
      const statements = store.reads;
      const compared = await compareEveryAnswer(filed);
      expect(files.reads).toBe(compared);
      expect(store.hits).toBe(compared);
      // Not one statement read a prepared answer.
      expect(store.reads).toBe(statements);
    }, 120_000);

    it('a request that leaves out defaulted parameters finds the same prepared answer; gzip goes out as stored', async () => {
      await prepared(app);
      const symbol = symbols[1]!;
      // Nothing in memory: the first test's answers are forgotten.
      app.dataApi.cache.clear();
      app.dataApi.answers.clear();
      const hits = app.dataApi.prepared.hits;
      // A client that takes br as well gets the stored gzip copy (decision 0364).
      const res = await app.inject({
        url: `/api/v1/financials/${symbol}?statement_code=bs&token=${key}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      // Not the ETag of a gzip copy made on request: the bytes differ (level 9 against 6).
      const madeGzip = await live.inject({
        url: `/api/v1/financials/${symbol}?statement_code=bs&token=${key}`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(madeGzip.headers.etag).not.toBe(res.headers.etag);
      expect(res.rawPayload.equals(madeGzip.rawPayload)).toBe(false);
      expect(app.dataApi.prepared.hits).toBe(hits + 1);
      const made = await live.inject(
        `/api/v1/financials/${symbol}?statement_type=c&statement_code=bs&period=annual&token=${key}`,
      );
      expect(gunzipSync(res.rawPayload).toString()).toBe(made.body);
      // A client that takes br alone gets br, made from the same answer.
      const brOnly = await app.inject({
        url: `/api/v1/financials/${symbol}?statement_code=bs&token=${key}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(brOnly.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brOnly.rawPayload).toString()).toBe(made.body);
      expect(brOnly.headers.etag).not.toBe(res.headers.etag);
      // A variant not prepared is not looked up.
      const lookups = app.dataApi.prepared.hits + app.dataApi.prepared.misses;
      const peersAnswer = await app.inject(`/api/v1/peers/${symbol}?limit=7&token=${key}`);
      expect(peersAnswer.statusCode).toBe(200);
      expect(app.dataApi.prepared.hits + app.dataApi.prepared.misses).toBe(lookups);
      // CSV is made on request, from the same data.
      const csv = await app.inject(`/api/v1/financials/${symbol}?statement_code=bs&format=csv&token=${key}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(app.dataApi.prepared.hits).toBe(hits + 1);
    });

    it.each(['daily-quotes', 'daily-price-ratios'])(
      "%s: a date range covering a company's every quote, however written, is answered from its prepared whole history (decision 0341)",
      async (path) => {
        const version = await prepared(app);
        const spans = await app.dataApi.spans.of(version);
        const symbolOf = await symbolsByIsin();
        const dayAfter = (iso: string) =>
          new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        const dayBefore = (iso: string) =>
          new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        // A company quoted for more than a year, and one quoted for less (its default year is all of it).
        const entries = [...spans].filter(([isin]) => symbolOf.get(isin));
        const [longIsin, long] = entries.find(([, s]) => s.first < yearBefore(s.latest))!;
        const [shortIsin, short] = entries.find(([, s]) => s.first >= yearBefore(s.latest))!;
        const ask = async (symbol: string, range: string) => {
          app.dataApi.cache.clear();
          app.dataApi.answers.clear();
          const looked = app.dataApi.prepared.hits + app.dataApi.prepared.misses;
          const hits = app.dataApi.prepared.hits;
          const cuts = app.dataApi.prepared.cuts;
          const url = `/api/v1/${path}/${symbol}?${range}${range ? '&' : ''}token=${key}`;
          const [a, b] = await Promise.all([app.inject(url), live.inject(url)]);
          expect(a.statusCode, url).toBe(200);
          expect(a.body, url).toBe(b.body);
          const counted = {
            prepared: app.dataApi.prepared.hits - hits,
            lookedUp: app.dataApi.prepared.hits + app.dataApi.prepared.misses - looked,
            cut: app.dataApi.prepared.cuts - cuts,
            days: a.json().data.map((d: { date: string }) => d.date) as string[],
          };
          await sameValidator(app, url, a, b, counted.cut === 1);
          return counted;
        };
        const longSymbol = symbolOf.get(longIsin)!;
        const whole = await ask(longSymbol, `from=${long.first}`);
        expect(whole).toMatchObject({ prepared: 1, cut: 0 });
        expect([whole.days[0], whole.days.at(-1)]).toEqual([long.first, long.last]);
        for (const range of [
          'from=1995-01-01',
          `from=${dayBefore(long.first)}&to=${long.last}`,
          `from=1900-01-01&to=${dayAfter(long.last)}`,
        ])
          expect(await ask(longSymbol, range), range).toEqual(whole);
        // A range that leaves a day out is not the whole history: it is cut out of it (0347),
        // but for the default year, which is prepared too.
        for (const range of [
          `from=${dayAfter(long.first)}`,
          `from=1995-01-01&to=${dayBefore(long.last)}`,
          '',
        ]) {
          const part = await ask(longSymbol, range);
          expect(part, range).toMatchObject({ lookedUp: 1, prepared: 1, cut: range ? 1 : 0 });
          expect(part.days.length, range).toBeLessThan(whole.days.length);
        }
        // The default year, or the year up to its last day, is the short history's whole.
        const shortSymbol = symbolOf.get(shortIsin)!;
        const shortWhole = await ask(shortSymbol, 'from=2000-01-01');
        expect(shortWhole).toMatchObject({ prepared: 1, cut: 0 });
        expect(shortWhole.days[0]).toBe(short.first);
        expect(await ask(shortSymbol, '')).toEqual(shortWhole);
        expect(await ask(shortSymbol, `to=${short.last}`)).toEqual(shortWhole);
        // Two spellings of the whole history share one cached answer.
        app.dataApi.cache.clear();
        app.dataApi.answers.clear();
        await app.inject(`/api/v1/${path}/${shortSymbol}?from=1990-01-01&token=${key}`);
        const cached = app.dataApi.cache.hits;
        await app.inject(`/api/v1/${path}/${shortSymbol}?from=1991-01-01&token=${key}`);
        expect(app.dataApi.cache.hits).toBe(cached + 1);
      },
    );

    it.each(['daily-quotes', 'daily-price-ratios'])(
      "%s: a range inside a company's history is cut out of its prepared whole history, the answer made on request byte for byte (decision 0347)",
      async (path) => {
        const version = await prepared(app);
        const spans = await app.dataApi.spans.of(version);
        const isinOf = new Map([...(await symbolsByIsin())].map(([isin, symbol]) => [symbol, isin]));
        // And a process reading the sets from its answer file (decision 0329).
        await filed.dataApi.prepared.refresh(version);
        await filed.dataApi.prepared.files!.settled();
        await filed.dataApi.spans.of(version);
        const filedCuts = filed.dataApi.prepared.cuts;
        let answers = 0;
        let missing = 0;
        let cut = 0;
        let gzipped = 0;
        for (const symbol of symbols) {
          const span = spans.get(isinOf.get(symbol)!);
          if (!span) continue;
          // Days inside the history, a weekend included; the default year; one day; ranges that
          // end before the first quote or start after the last; a range that ends before it starts.
          const middle = shift(
            span.first,
            Math.floor((Date.parse(span.last) - Date.parse(span.first)) / 2 / 86_400_000),
          );
          const ranges = [
            `from=${middle}`,
            `from=${shift(span.first, 3)}&to=${shift(span.last, -3)}`,
            `to=${middle}`,
            '',
            `from=${span.last}&to=${span.last}`,
            `from=${middle}&to=${shift(middle, 1)}`,
            `from=1990-01-01&to=${shift(span.first, -1)}`,
            `from=${shift(span.last, 1)}`,
            `from=${middle}&to=${shift(middle, -1)}`,
          ];
          for (const range of ranges) {
            for (const server of [app, filed]) {
              server.dataApi.cache.clear();
              server.dataApi.answers.clear();
            }
            const url = `/api/v1/${path}/${symbol}?${range}${range ? '&' : ''}token=${key}`;
            const { hits, cuts } = app.dataApi.prepared;
            const [a, b, c] = await Promise.all([app.inject(url), live.inject(url), filed.inject(url)]);
            expect(a.statusCode, url).toBe(b.statusCode);
            expect(c.statusCode, url).toBe(b.statusCode);
            if (c.statusCode === 200) expect(c.body, url).toBe(b.body);
            if (a.statusCode === 200) {
              answers += 1;
              // One prepared answer read, nothing loaded: cut out of the whole history, or (the
              // default year of a company quoted for less) the whole history itself.
              expect(app.dataApi.prepared.hits - hits, url).toBe(1);
              const wasCut = app.dataApi.prepared.cuts - cuts;
              cut += wasCut;
              expect(a.body, url).toBe(b.body);
              if (wasCut === 1 && a.rawPayload.length >= 1024) {
                // Its gzip copy is made of the pieces (decision 0350): a client taking br and
                // gzip gets it, the same bytes once decoded; one taking br alone gets br.
                const both = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
                expect(both.headers['content-encoding'], url).toBe('gzip');
                expect(gunzipSync(both.rawPayload).toString(), url).toBe(b.body);
                expect(both.headers.etag, url).not.toBe(a.headers.etag);
                const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
                expect(br.headers['content-encoding'], url).toBe('br');
                expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(b.body);
                gzipped += 1;
              }
              await sameValidator(app, url, a, b, wasCut === 1);
              // Another process cutting it has the same ETag (a replica behind the same proxy).
              expect(c.headers.etag, url).toBe(a.headers.etag);
              expect(a.headers['x-data-as-of'], url).toBe(b.headers['x-data-as-of']);
              expect(a.headers['x-data-source'], url).toBe(b.headers['x-data-source']);
            } else {
              if (a.statusCode === 402) missing += 1;
              const { request_id: _a, ...error } = a.json();
              const { request_id: _b, ...made } = b.json();
              expect(error, url).toEqual(made);
            }
          }
        }
        expect(answers).toBeGreaterThan(symbols.length * 3);
        expect(missing).toBeGreaterThan(symbols.length);
        // Only the default year can be a whole history; every other answer was cut.
        expect(cut).toBeGreaterThanOrEqual(answers - symbols.length);
        expect(filed.dataApi.prepared.cuts - filedCuts).toBe(cut);
        expect(gzipped).toBeGreaterThan(symbols.length);
      },
      120_000,
    );

    it.each(['daily-quotes', 'daily-price-ratios'])(
      '%s: a range inside the default year is cut out of the prepared default year, an earlier one out of the whole history (decision 0347)',
      async (path) => {
        const version = await prepared(app);
        const spans = await app.dataApi.spans.of(version);
        const symbolOf = await symbolsByIsin();
        const [isin, span] = [...spans].find(([i, s]) => symbolOf.get(i) && s.first < yearBefore(s.latest))!;
        const operationId = endpoints.find((e) => e.path === `/${path}/:symbol`)!.operationId;
        // The company's whole history is no longer prepared (this process reads the database).
        const { rows: deleted } = await db.query(
          'DELETE FROM prepared_answer WHERE version = $1 AND key LIKE $2 RETURNING key',
          [version, `${version}|${operationId}|json|${isin}|%from="1900-01-01"%`],
        );
        expect(deleted).toHaveLength(1);
        const ask = async (range: string) => {
          app.dataApi.cache.clear();
          app.dataApi.answers.clear();
          const { hits, misses, cuts } = app.dataApi.prepared;
          const url = `/api/v1/${path}/${symbolOf.get(isin)}?${range}&token=${key}`;
          const [a, b] = await Promise.all([app.inject(url), live.inject(url)]);
          expect(a.statusCode, url).toBe(200);
          expect(a.body, url).toBe(b.body);
          const { prepared: p } = app.dataApi;
          return { hits: p.hits - hits, misses: p.misses - misses, cuts: p.cuts - cuts };
        };
        // Inside the default year: cut out of it.
        expect(await ask(`from=${shift(span.last, -60)}`)).toEqual({ hits: 1, misses: 0, cuts: 1 });
        expect(await ask(`from=${shift(span.last, -60)}&to=${shift(span.last, -30)}`)).toEqual({
          hits: 1,
          misses: 0,
          cuts: 1,
        });
        // Starting before it: the whole history is looked for, and, missing, the answer is made.
        expect(await ask(`from=${shift(yearBefore(span.latest), -30)}`)).toEqual({
          hits: 0,
          misses: 1,
          cuts: 0,
        });
      },
    );

    it('the variants stand for the validated query: defaults filled in', () => {
      expect(variantQuery(financials, { statement_type: 's' })).toMatchObject({
        statement_type: 's',
        statement_code: 'pl',
        period: 'annual',
        format: 'json',
      });
      const peers = endpoints.find((e) => e.operationId === 'peers')!;
      expect(variantQuery(peers, { limit: '10' })).toEqual({ group: 'industry', limit: 10, format: 'json' });
      // Only the declared variants are looked up; the symbol, key and format do not matter.
      const asked = { symbol: 'ITC', token: 'k', format: 'json', statement_code: 'pl', period: 'annual' };
      expect(isPreparedVariant(financials, { ...asked, statement_type: 's' })).toBe(true);
      expect(isPreparedVariant(peers, { symbol: 'ITC', group: 'sector', limit: 20 })).toBe(true);
      expect(isPreparedVariant(peers, { symbol: 'ITC', group: 'sector', limit: 10 })).toBe(false);
      const ratios = endpoints.find((e) => e.operationId === 'ratios')!;
      expect(isPreparedVariant(ratios, { symbol: 'ITC', statement_type: 'c', ratio_type: 'pr' })).toBe(false);
    });

    it('a new data version is prepared again, and the older one is deleted once it is complete', async () => {
      const before = await prepared(app);
      const bumped = await db.transaction((tx) => bumpDataVersion(tx));
      expect(bumped).toBe(before + 1);
      app.dataApi.version.invalidate();
      const after = await prepared(app);
      // The delete follows the last set's completion, in the same run, which has ended.
      expect(after).toBe(bumped);
      const { rows } = await db.query<{ version: number }>('SELECT DISTINCT version FROM prepared_answer');
      expect(rows.map((r) => Number(r.version))).toEqual([bumped]);
      const res = await app.inject(`/api/v1/financials/${symbols[0]}?token=${key}`);
      expect(res.json().meta.dataVersion).toBe(bumped);

      // Another load: the table reuses the space the deleted version left, instead of growing
      // by a version's size at every data load (PGlite runs no autovacuum).
      const size = async () => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT pg_total_relation_size('prepared_answer')::int8 AS n",
        );
        return Number(rows[0]!.n);
      };
      const twoVersions = await size();
      await db.transaction((tx) => bumpDataVersion(tx));
      app.dataApi.version.invalidate();
      await prepared(app);
      expect(await size()).toBeLessThanOrEqual(twoVersions * 1.1);
    }, 120_000);
  },
);

/**
 * The answer's ETag as a client revalidates with it: the one made on request has, or for an
 * answer cut out of the pieces and held as its gzip copy (one of 1,024 bytes or more), one
 * naming its holder and place (decision 0354) that the server answers 304 to.
 */
async function sameValidator(
  app: Awaited<ReturnType<typeof dataApiApp>>,
  url: string,
  a: { rawPayload: Buffer; headers: Record<string, unknown> },
  b: { headers: Record<string, unknown> },
  cut: boolean,
): Promise<void> {
  if (!cut || a.rawPayload.length < 1024) {
    expect(a.headers.etag, url).toBe(b.headers.etag);
    return;
  }
  expect(a.headers.etag, url).toMatch(/^"\d+-[\w-]{22}"$/);
  app.dataApi.cache.clear();
  app.dataApi.answers.clear();
  const again = await app.inject({ url, headers: { 'if-none-match': a.headers.etag as string } });
  expect(again.statusCode, url).toBe(304);
}
