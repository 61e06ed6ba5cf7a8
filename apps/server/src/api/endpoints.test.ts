import type { AddressInfo } from 'node:net';
import { ensureSampleData } from '@bahi/market-data';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { Errors } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleOf } from './documents.ts';
import type { Endpoint, Example } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { Envelope } from './schemas.ts';
import { dataApiApp, keyFor } from './testing/harness.ts';

function urlOf(e: Endpoint, ex: Example, extra: Record<string, string> = {}): string {
  let path = e.path;
  for (const [k, v] of Object.entries(ex.params ?? {})) path = path.replace(`:${k}`, encodeURIComponent(v));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(ex.query ?? {})) for (const x of [v].flat()) qs.append(k, x);
  for (const [k, v] of Object.entries(extra)) qs.set(k, v);
  const q = qs.toString();
  return `/api/v1${path}${q ? `?${q}` : ''}`;
}

/** The example request with its symbol(s) replaced. */
function withSymbol(ex: Example, symbol: string): Example {
  const params = ex.params?.symbol ? { ...ex.params, symbol } : ex.params;
  const query = ex.query?.symbol ? { ...ex.query, symbol: [symbol] } : ex.query;
  return { ...(params ? { params } : {}), ...(query ? { query } : {}) };
}

const names = (e: Endpoint) => e.operationId;

for (const target of testDatabases()) {
  describe(`every data API endpoint on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let basic: string;
    let pro: string;
    let other: string;
    const examples = new Map<string, Example>();

    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db);
      await ensureSampleData(db, { size: 'small' });
      app.dataApi.version.invalidate();
      basic = (await keyFor(db, 'B')).key;
      pro = (await keyFor(db, 'P')).key;
      const { rows } = await db.query<{ symbol: string }>(
        `SELECT symbol FROM company WHERE symbol NOT IN ('ITC', 'RELIANCE', 'HDFCBANK') AND status = 'active'
         ORDER BY symbol LIMIT 1`,
      );
      other = rows[0]!.symbol;
      for (const e of endpoints) examples.set(e.operationId, await exampleOf(e, app.dataApi));
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it.each(endpoints.map((e) => [names(e), e] as const))(
      '%s: 200 with a schema-valid body for a sample company',
      async (_n, e) => {
        const res = await app.inject(urlOf(e, examples.get(e.operationId)!, { token: pro }));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toContain('application/json');
        const body = res.json();
        expect(Errors(Envelope(e.data), body)).toEqual([]);
        expect(body.meta.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(body.meta.source).not.toBe('');
        expect(res.headers.etag).toBeTruthy();
        // A live answer (the data status) is not counted against the limit.
        if (e.live) expect(res.headers['ratelimit-policy']).toBeUndefined();
        else expect(res.headers['ratelimit-policy']).toContain('q=300');
        const again = await app.inject({
          url: urlOf(e, examples.get(e.operationId)!),
          headers: { authorization: `Bearer ${pro}`, 'if-none-match': res.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
      },
    );

    it.each(endpoints.map((e) => [names(e), e] as const))(
      '%s: 401 without a key, 400 naming a bad parameter',
      async (_n, e) => {
        const ex = examples.get(e.operationId)!;
        const none = await app.inject(urlOf(e, ex));
        expect(none.statusCode).toBe(401);
        expect(none.json()).toMatchObject({ code: 'unauthorized', status: 401 });
        const bad = await app.inject(urlOf(e, ex, { token: pro, bogus: '1' }));
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ code: 'bad_request', param: 'bogus' });
      },
    );

    const perCompany = endpoints.filter((e) => e.symbols);
    it.each(perCompany.map((e) => [names(e), e] as const))(
      '%s: Basic gets the sample company, 403 for another, 404 for an unknown symbol',
      async (_n, e) => {
        const ex = examples.get(e.operationId)!;
        expect((await app.inject(urlOf(e, ex, { token: basic }))).statusCode).toBe(200);
        const forbidden = await app.inject(urlOf(e, withSymbol(ex, other), { token: basic }));
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json().detail).toContain(other);
        const unknown = await app.inject(urlOf(e, withSymbol(ex, 'NOSUCHCO'), { token: pro }));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject({ code: 'not_found', param: 'symbol' });
      },
    );

    // The documented examples name one sample company each; a bank (HDFCBANK) lays its
    // statements out differently, so every per-company endpoint is asked about all three.
    it.each(perCompany.map((e) => [names(e), e] as const))(
      '%s: answers for each of the three sample companies, as JSON and CSV, never a 5xx',
      async (_n, e) => {
        for (const symbol of ['ITC', 'RELIANCE', 'HDFCBANK']) {
          const ex = withSymbol(examples.get(e.operationId)!, symbol);
          const res = await app.inject(urlOf(e, ex, { token: pro }));
          expect([200, 402], `${symbol}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 200) expect(Errors(Envelope(e.data), res.json()), symbol).toEqual([]);
          if (!e.tabular) continue;
          const csv = await app.inject(urlOf(e, ex, { token: pro, format: 'csv' }));
          expect(csv.statusCode, `${symbol} csv`).toBe(res.statusCode);
        }
      },
    );

    it('gives a bank null for the ratios that do not apply to it, in the same shape', async () => {
      const e = endpoints.find((x) => x.operationId === 'annualPriceRatios')!;
      const res = await app.inject(urlOf(e, { params: { symbol: 'HDFCBANK' } }, { token: pro }));
      expect(res.statusCode, res.body).toBe(200);
      const years = res.json().data as Record<string, unknown>[];
      expect(years.length).toBeGreaterThan(0);
      expect(years.every((y) => 'evToEbitda' in y && y.evToEbitda === null)).toBe(true);
      expect(years.some((y) => typeof y.priceToBook === 'number')).toBe(true);
    });

    const tabular = endpoints.filter((e) => e.tabular);
    it.each(tabular.map((e) => [names(e), e] as const))('%s: CSV with a header line', async (_n, e) => {
      const res = await app.inject(urlOf(e, examples.get(e.operationId)!, { token: pro, format: 'csv' }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]!.split(',').length).toBeGreaterThan(1);
      const json = (await app.inject(urlOf(e, examples.get(e.operationId)!, { token: pro }))).json();
      if (Array.isArray(json.data) && !e.csvRows) expect(lines.length - 1).toBe(json.data.length);
      else expect(lines.length).toBeGreaterThan(1);
      expect(res.headers['x-data-as-of']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('paid endpoints refuse Basic', async () => {
      for (const e of endpoints.filter((x) => x.access === 'paid')) {
        const res = await app.inject(urlOf(e, examples.get(e.operationId)!, { token: basic }));
        expect(res.statusCode).toBe(403);
      }
    });

    it('refuses an impossible date, a repeated token and an over-long symbol with 400 naming it', async () => {
      const dq = '/api/v1/daily-quotes/RELIANCE';
      const cases: [string, string][] = [
        [`${dq}?from=0000-01-01&token=${pro}`, 'from'],
        [`${dq}?to=2024-02-30&token=${pro}`, 'to'],
        [`/api/v1/commodity-price/IENERGY?from=0000-06-01&token=${pro}`, 'from'],
        [`${dq}?token=${pro}&token=${pro}`, 'token'],
        [`/api/v1/company-profile/${'A'.repeat(101)}?token=${pro}`, 'symbol'],
        [`/api/v1/holidays-calender?exchange=XX&token=${pro}`, 'exchange'],
      ];
      for (const [url, param] of cases) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ code: 'bad_request', param });
      }
    });

    it('answers another method on a data path with 405 and Allow, key or not', async () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const res = await app.inject({ method, url: '/api/v1/company-profile/ITC' });
        expect(res.statusCode, method).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.json()).toMatchObject({ code: 'method_not_allowed', status: 405 });
      }
      expect(
        (await app.inject({ method: 'HEAD', url: `/api/v1/company-profile/ITC?token=${basic}` })).statusCode,
      ).toBe(200);
    });

    it('accepts the bearer scheme in any letter case', async () => {
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        const res = await app.inject({
          url: '/api/v1/company-profile/ITC',
          headers: { authorization: `${scheme} ${basic}` },
        });
        expect(res.statusCode, scheme).toBe(200);
      }
    });

    it('answers a malformed URL in the problem shape, without echoing the key', async () => {
      for (const path of ['/api/v1/company-profile/%zz', '/api/v1/company-profile/%E0%A4']) {
        const res = await app.inject(`${path}?token=${pro}`);
        expect(res.statusCode, path).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ code: 'bad_request', status: 400 });
        expect(res.json().request_id).toBeTruthy();
        expect(res.body).not.toContain(pro);
      }
    });

    it('answers a request line over 16 KB with 431 problem+json', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(
        `http://127.0.0.1:${port}/api/v1/stock-symbols?token=${pro}&x=${'A'.repeat(20_000)}`,
      );
      expect(res.status).toBe(431);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const body = await res.text();
      expect(JSON.parse(body)).toMatchObject({ code: 'request_too_large', status: 431 });
      expect(body).not.toContain(pro);
    });

    it('takes daily quotes for the year before `to` when only `to` is given', async () => {
      const res = await app.inject(`/api/v1/daily-quotes/RELIANCE?to=2020-01-31&token=${pro}`);
      expect(res.statusCode, res.body).toBe(200);
      const dates = (res.json().data as { date: string }[]).map((r) => r.date);
      expect(dates.length).toBeGreaterThan(200);
      expect(dates[0]! >= '2019-01-31' && dates[0]! <= '2019-02-07').toBe(true);
      expect(dates.at(-1)! <= '2020-01-31' && dates.at(-1)! >= '2020-01-24').toBe(true);
      const ratios = await app.inject(`/api/v1/daily-price-ratios/ITC?to=2020-01-31&token=${pro}`);
      expect(ratios.statusCode, ratios.body).toBe(200);
      expect((ratios.json().data as { date: string }[]).every((r) => r.date >= '2019-01-31')).toBe(true);
    });

    it('resolves symbols case-insensitively and former symbols to the company', async () => {
      const lower = await app.inject(`/api/v1/company-profile/itc?token=${basic}`);
      expect(lower.json().data).toMatchObject({ symbol: 'ITC', name: expect.stringMatching(/ITC/) });
      const { rows } = await db.query<{ old_symbol: string; isin: string }>(
        'SELECT old_symbol, isin FROM symbol_history LIMIT 1',
      );
      if (rows[0]) {
        const res = await app.inject(`/api/v1/company-profile/${rows[0].old_symbol}?token=${pro}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.isin).toBe(rows[0].isin);
      }
    });

    it('answers financials with the sample fields and result_date as yyyymmdd', async () => {
      const res = await app.inject(
        `/api/v1/financials/ITC?statement_type=s&statement_code=pl&period=annual&token=${basic}`,
      );
      const [latest] = res.json().data;
      expect(latest).toMatchObject({ company: expect.any(String), symbol: 'ITC' });
      for (const f of [
        'revenueFromOperations',
        'otherIncome',
        'expenses',
        'taxExpense',
        'profitBeforeTax',
        'profitLossForPeriod',
        'eps',
      ])
        expect(latest).toHaveProperty(f);
      expect(latest.result_date).toMatch(/^\d{8}$/);
      const bad = await app.inject(`/api/v1/financials/ITC?statement_code=xx&token=${basic}`);
      expect(bad.json()).toMatchObject({ status: 400, param: 'statement_code' });
    });

    it('gives the ownership history up to the quarter asked for', async () => {
      const url = `/api/v1/shareholdings/ownership-history/RELIANCE?token=${pro}`;
      const all = (await app.inject(url)).json().data as { periodEnd: string }[];
      expect(all.length).toBeGreaterThan(2);
      const cut = [...all.map((r) => r.periodEnd)].sort().at(-2)!;
      const res = await app.inject(`${url}&period=${cut}`);
      expect(res.statusCode, res.body).toBe(200);
      const upTo = res.json().data as { periodEnd: string }[];
      expect(upTo).toHaveLength(all.length - 1);
      expect(upTo.every((r) => r.periodEnd <= cut)).toBe(true);
      expect((await app.inject(`${url}&period=1990-03-31`)).statusCode).toBe(402);
    });

    it('says what is missing when valid parameters find no data (402)', async () => {
      const res = await app.inject(`/api/v1/daily-quotes/ITC?from=1995-01-02&to=1995-01-31&token=${basic}`);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toMatchObject({ code: 'request_failed', status: 402 });
      expect(res.json().detail).toBe(
        'The parameters are valid, but there is no data for this request: no historical prices, raw and adjusted on record for ITC with from=1995-01-02, to=1995-01-31.',
      );
    });

    it('quotes several symbols in one call and refuses Basic when one is outside the samples', async () => {
      const res = await app.inject(`/api/v1/quote?symbol=ITC&symbol=reliance&token=${basic}`);
      expect(res.json().data.map((q: { symbol: string }) => q.symbol)).toEqual(['ITC', 'RELIANCE']);
      const twice = await app.inject(`/api/v1/quote?symbol=ITC&symbol=itc&symbol=RELIANCE&token=${basic}`);
      expect(twice.json().data.map((q: { symbol: string }) => q.symbol)).toEqual(['ITC', 'RELIANCE']);
      const mixed = await app.inject(`/api/v1/quote?symbol=ITC&symbol=${other}&token=${basic}`);
      expect(mixed.statusCode).toBe(403);
    });
  });
}
