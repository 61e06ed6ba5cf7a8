import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDataVersion } from '../data-version.ts';
import type { Db } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { ensureSampleData } from '../sample/load.ts';
import { refreshAdjustmentFactors } from '../store/adjustments.ts';
import { openSampleDb } from '../testing.ts';
import { getCommodityFutures, listCommodityFutures } from './commodity-futures.ts';
import { getCompanyProfile, getPeers, listSectors, listSymbols, searchCompanies } from './companies.ts';
import { getFinancials, getSegmentRevenue } from './financials.ts';
import {
  getCorporateActions,
  getDailyQuotes,
  getDividends,
  getQuotes,
  loadQuoteSpans,
  yearBefore,
} from './quotes.ts';
import {
  getAnnualPriceRatios,
  getBasicFinancials,
  getDailyPriceRatios,
  getFinancialMetrics,
  getRatios,
} from './ratios.ts';
import {
  getCommodityPctChange,
  getCommodityPrices,
  getSuperinvestorHoldings,
  getSuperinvestorsHolding,
  listCommodities,
  listHolidays,
  listSuperinvestors,
} from './reference.ts';
import { loadCompanyDirectory, resolveCompany } from './resolve.ts';
import { getShareholdings, SHAREHOLDING_VIEWS } from './shareholdings.ts';

for (const target of testDatabases()) {
  describe(`read API on ${target.name}`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openSampleDb(target);
    });
    afterAll(async () => {
      await db?.close();
      await target.drop();
    });

    it('lists symbols and resolves a symbol case-insensitively, by old symbol and by BSE code', async () => {
      const symbols = await listSymbols(db);
      expect(symbols.length).toBe(43);
      expect(symbols.map((s) => s.symbol)).toEqual(expect.arrayContaining(['ITC', 'RELIANCE', 'HDFCBANK']));
      const itc = await getCompanyProfile(db, 'itc');
      expect(itc).toMatchObject({
        symbol: 'ITC',
        name: 'ITC Limited',
        isin: 'INE154A01025',
        illustrative: true,
        synthetic: false,
      });
      expect(itc!.source).toBe('generator:sample-v1');
      expect((await getCompanyProfile(db, '500180'))?.symbol).toBe('HDFCBANK');
      const { rows } = await db.query<{ old: string; symbol: string }>(
        'SELECT h.old_symbol AS old, c.symbol FROM symbol_history h JOIN company c USING (isin) LIMIT 1',
      );
      const renamed = await getCompanyProfile(db, rows[0]!.old.toLowerCase());
      expect(renamed?.symbol).toBe(rows[0]!.symbol);
      expect(renamed?.formerSymbols.map((f) => f.symbol)).toEqual([rows[0]!.old]);
      expect(await getCompanyProfile(db, 'NO-SUCH')).toBeNull();
    });

    it('resolves every identifier from the in-memory directory exactly as the query does', async () => {
      const directory = await loadCompanyDirectory(db);
      const ids = await db.query<{ id: string }>(
        `SELECT symbol AS id FROM company WHERE symbol IS NOT NULL
         UNION SELECT lower(symbol) FROM company WHERE symbol IS NOT NULL
         UNION SELECT old_symbol FROM symbol_history
         UNION SELECT bse_code FROM company WHERE bse_code IS NOT NULL
         UNION SELECT isin FROM company
         UNION SELECT 'NO-SUCH-SYMBOL'`,
      );
      expect(ids.rows.length).toBeGreaterThan(directory.size * 2);
      for (const { id } of ids.rows)
        expect(directory.resolve(` ${id} `), id).toEqual(await resolveCompany(db, id));
    });

    it('serves P&L in the SPEC sample shape with result_date as yyyymmdd', async () => {
      const pl = await getFinancials(db, 'ITC', {
        statementType: 's',
        statementCode: 'pl',
        period: 'annual',
      });
      expect(pl).toHaveLength(10);
      const [latest] = pl!;
      expect(latest).toMatchObject({
        company: 'ITC Limited',
        symbol: 'ITC',
        statementType: 's',
        period: 'annual',
      });
      expect(latest!.result_date).toMatch(/^20\d{6}$/);
      for (const k of [
        'revenueFromOperations',
        'otherIncome',
        'expenses',
        'taxExpense',
        'profitBeforeTax',
        'profitLossForPeriod',
        'eps',
      ])
        expect(typeof latest![k]).toBe('number');
      expect(latest!.profitLossForPeriod).toBeCloseTo(
        (latest!.profitBeforeTax as number) - (latest!.taxExpense as number),
        2,
      );
      const quarters = await getFinancials(db, 'ITC', {
        statementType: 'c',
        statementCode: 'pl',
        period: 'quarterly',
      });
      expect(quarters).toHaveLength(12);
      const bank = await getFinancials(db, 'hdfcbank', {
        statementType: 'c',
        statementCode: 'bs',
        period: 'annual',
      });
      expect(bank).toHaveLength(7);
      expect(bank![0]).toHaveProperty('deposits');
      const bankPl = await getFinancials(db, 'HDFCBANK', {
        statementType: 's',
        statementCode: 'pl',
        period: 'annual',
      });
      expect(bankPl![0]!.revenueFromOperations).toBe(bankPl![0]!.interestEarned);
      const segments = await getSegmentRevenue(db, 'RELIANCE');
      expect(new Set(segments!.map((s) => s.segment)).size).toBe(5);
    });

    it('computes ratios of each category from the stored statements, null instead of NaN', async () => {
      const gr = await getRatios(db, 'ITC', { statementType: 'c', ratioType: 'gr' });
      expect(gr).toHaveLength(10);
      expect(typeof gr![0]!.values.revenueGrowth1y).toBe('number');
      expect(gr![0]!.values.revenueCagr3y).not.toBeNull();
      const all = await getRatios(db, 'HDFCBANK', { statementType: 'c' });
      for (const y of all!)
        for (const v of Object.values(y.values)) expect(v === null || Number.isFinite(v)).toBe(true);
      expect(all![0]!.values.casaRatio).toBeGreaterThan(30);
      const metrics = await getFinancialMetrics(db, 'RELIANCE');
      expect(metrics!.metrics.marketCap).toBeGreaterThan(0);
      const basic = await getBasicFinancials(db, 'ITC');
      expect(basic!.years[0]).toHaveProperty('revenue');
    });

    it("knows each company's quote span, and the default range's start, as the daily quotes read them", async () => {
      const spans = await loadQuoteSpans(db);
      const { rows } = await db.query<{ isin: string; first: string; last: string; n: number }>(
        `SELECT isin, to_char(min(trade_date), 'YYYY-MM-DD') AS first, to_char(max(trade_date), 'YYYY-MM-DD') AS last
           FROM daily_quote WHERE exchange = 'NSE' GROUP BY isin ORDER BY isin`,
      );
      expect(rows.length).toBeGreaterThan(10);
      expect([...spans.keys()].sort()).toEqual(rows.map((r) => r.isin));
      for (const r of rows)
        expect(spans.get(r.isin)).toMatchObject({ first: r.first, last: r.last, latest: r.last });
      // A later quote on another exchange (before or after 'NSE' in the key) moves the latest.
      const [a, b] = rows;
      await db.query(
        `INSERT INTO daily_quote (isin, exchange, trade_date, open, high, low, close, volume, source)
         VALUES ($1, 'BSE', '2031-01-02', 1, 1, 1, 1, 1, 'test'), ($2, 'XYZ', '2032-03-04', 1, 1, 1, 1, 1, 'test')`,
        [a!.isin, b!.isin],
      );
      try {
        const moved = await loadQuoteSpans(db);
        expect(moved.get(a!.isin)).toEqual({ first: a!.first, last: a!.last, latest: '2031-01-02' });
        expect(moved.get(b!.isin)).toEqual({ first: b!.first, last: b!.last, latest: '2032-03-04' });
      } finally {
        await db.query(`DELETE FROM daily_quote WHERE source = 'test' AND trade_date > '2030-01-01'`);
      }
      // Read whole, a company's quotes run from the first day of its span to the last.
      const itc = (await resolveCompany(db, 'ITC'))!;
      const days = (await getDailyQuotes(db, itc, { from: '1900-01-01' }))!;
      expect([days[0]!.date, days.at(-1)!.date]).toEqual([
        spans.get(itc.isin)!.first,
        spans.get(itc.isin)!.last,
      ]);
      // The default range starts a year before the latest quote, as PostgreSQL subtracts a year.
      const latest = spans.get(itc.isin)!.latest;
      const year = (await getDailyQuotes(db, itc))!;
      expect(year[0]!.date >= yearBefore(latest)).toBe(true);
      expect(days.filter((d) => d.date >= yearBefore(latest))).toHaveLength(year.length);
      for (const day of [
        '2024-02-29',
        '2023-03-01',
        '2025-01-01',
        '2024-12-31',
        '2000-02-29',
        '0100-06-15',
      ]) {
        const { rows: pg } = await db.query<{ d: string }>(
          `SELECT to_char(($1::date - interval '1 year')::date, 'YYYY-MM-DD') AS d`,
          [day],
        );
        expect(yearBefore(day), day).toBe(pg[0]!.d);
      }
    });

    it('serves raw and adjusted daily quotes across the RELIANCE 1:1 bonus', async () => {
      const days = await getDailyQuotes(db, 'reliance', { from: '2024-10-21', to: '2024-11-01' });
      const before = days!.find((d) => d.date === '2024-10-25')!;
      const exDay = days!.find((d) => d.date === '2024-10-28')!;
      expect(exDay.close / before.close).toBeLessThan(0.6);
      expect(before.adjFactor).toBe(0.5);
      expect(exDay.adjFactor).toBe(1);
      expect(Math.abs(exDay.adjClose / before.adjClose - 1)).toBeLessThan(0.1);
      expect(before.adjClose).toBeCloseTo(before.close / 2, 1);
      const bonus = await getCorporateActions(db, 'RELIANCE', 'bonus');
      expect(bonus![0]).toMatchObject({ exDate: '2024-10-28', ratio: '1:1', purpose: 'BONUS 1:1' });
      const { quotes, unknown } = await getQuotes(db, ['itc', 'NOPE', 'HDFCBANK']);
      expect(quotes.map((q) => q.symbol)).toEqual(['ITC', 'HDFCBANK']);
      expect(unknown).toEqual(['NOPE']);
      // Resolved companies and symbols mixed, repeated and unknown: order kept, one query for
      // every latest quote, each the company's latest NSE day.
      const hdfc = (await resolveCompany(db, 'HDFCBANK'))!;
      const mixed = await getQuotes(db, ['NOPE', hdfc, 'itc', 'HDFCBANK', 'ALSO-NOPE']);
      expect(mixed.quotes.map((q) => q.symbol)).toEqual(['HDFCBANK', 'ITC', 'HDFCBANK']);
      expect(mixed.unknown).toEqual(['NOPE', 'ALSO-NOPE']);
      const itcDays = (await getDailyQuotes(db, 'ITC', { from: '2000-01-01' }))!;
      const lastItc = itcDays[itcDays.length - 1]!;
      expect(mixed.quotes[1]).toMatchObject({
        date: lastItc.date,
        close: lastItc.close,
        prevClose: lastItc.prevClose,
        change: lastItc.change,
        exchange: 'NSE',
      });
      // Daily quotes arrive as JSON texts the database makes; the latest quote through the
      // driver's own decoding: every shared field the same value and type (numbers, ISO dates).
      const { change, changePct, ...latest } = mixed.quotes[1]!;
      const fromJson = Object.fromEntries(
        Object.keys(latest).map((k) => [k, lastItc[k as keyof typeof lastItc]]),
      );
      expect(fromJson).toStrictEqual(latest);
      expect([lastItc.change, lastItc.changePct]).toStrictEqual([change, changePct]);
      expect(typeof lastItc.volume).toBe('number');
      // Years of quotes arrive as several texts of 500 rows: every day once, in order.
      const { rows: counted } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM daily_quote WHERE isin = $1 AND exchange = 'NSE'",
        [lastItc.isin],
      );
      expect(itcDays.length).toBe(counted[0]!.n);
      expect(itcDays.length).toBeGreaterThan(1000);
      expect(new Set(itcDays.map((d) => d.date)).size).toBe(itcDays.length);
      expect(itcDays.map((d) => d.date)).toStrictEqual(itcDays.map((d) => d.date).sort());
      expect(await getDailyQuotes(db, 'ITC', { from: '1990-01-01', to: '1990-12-31' })).toStrictEqual([]);
      const dividends = await getDividends(db, 'ITC');
      expect(dividends!.dividends.length).toBeGreaterThan(5);
      const daily = await getDailyPriceRatios(db, 'ITC', { from: '2026-06-01', to: '2026-06-30' });
      expect(daily!.days.length).toBeGreaterThan(15);
      expect(daily!.days[0]!.priceToEarnings).toBeGreaterThan(0);
      const annual = await getAnnualPriceRatios(db, 'ITC');
      expect(annual!.years[0]!.close).toBeGreaterThan(0);
    });

    it('answers every shareholding view', async () => {
      for (const view of SHAREHOLDING_VIEWS) {
        const res = await getShareholdings(db, view, 'RELIANCE');
        expect(res?.data, view).not.toBeNull();
      }
      const itc = await getShareholdings(db, 'overall-summary', 'ITC');
      expect(itc!.data).toMatchObject({ promoterPct: 0 });
      const history = await getShareholdings(db, 'ownership-history', 'ITC');
      expect(history!.data).toHaveLength(12);
      const pattern = await getShareholdings(db, 'ownership', 'RELIANCE');
      const p = pattern!.data as Record<string, number>;
      expect(
        p.promoterPct! + p.fpiPct! + p.diiPct! + p.governmentPct! + p.publicPct! + p.employeeTrustPct!,
      ).toBeCloseTo(100, 2);
    });

    it('serves MCX futures: a day of contracts (the latest by default), a range, one expiry', async () => {
      const list = await listCommodityFutures(db);
      expect(list.map((f) => f.symbol)).toEqual(['COPPER', 'CRUDEOIL', 'GOLD', 'NATURALGAS', 'SILVER']);
      const gold = list.find((f) => f.symbol === 'GOLD')!;
      expect(gold).toMatchObject({
        exchange: 'MCX',
        name: 'Gold',
        unit: 'INR per 10 g',
        quantityUnit: 'GRMS',
        contracts: 3,
        source: 'generator:sample-v1',
      });
      expect(gold.asOf).toBe(gold.lastDate);
      const latest = await getCommodityFutures(db, 'gold');
      expect(latest!.futures.map((f) => f.date)).toEqual([gold.lastDate, gold.lastDate, gold.lastDate]);
      const expiries = latest!.futures.map((f) => f.expiry);
      expect([...expiries].sort()).toEqual(expiries);
      expect(expiries[0]! >= gold.lastDate).toBe(true);
      const near = await getCommodityFutures(db, 'GOLD', { from: gold.firstDate, expiry: expiries[0] });
      expect(near!.futures.length).toBeGreaterThan(5);
      expect(near!.futures.every((f) => f.expiry === expiries[0])).toBe(true);
      const traded = near!.futures.find((f) => f.volumeLots > 0)!;
      expect(traded.low! <= traded.close && traded.close <= traded.high!).toBe(true);
      expect(await getCommodityFutures(db, 'NOSUCH')).toBeNull();
    });

    it('serves sectors, peers, commodities, holidays and superinvestors', async () => {
      expect((await listSectors(db)).length).toBeGreaterThanOrEqual(20);
      const fmcg = await searchCompanies(db, { group: 'sector', value: 'fast moving consumer goods' });
      expect(fmcg.map((c) => c.symbol)).toContain('ITC');
      const peers = await getPeers(db, 'HDFCBANK', { group: 'sector' });
      expect(peers!.peers.every((p) => p.symbol !== 'HDFCBANK')).toBe(true);
      const indices = await listCommodities(db, { category: 'monthly_index' });
      expect(indices).toHaveLength(6);
      const gold = await getCommodityPrices(db, 'gold');
      expect(gold!.prices.length).toBeGreaterThan(120);
      const change = await getCommodityPctChange(db, 'GOLD');
      expect(change!.changes.map((c) => c.horizon)).toEqual(['1m', '3m', '6m', '1y', '3y', '5y', '10y']);
      const holidays = await listHolidays(db, { year: 2025, exchange: 'nse', segment: 'CM' });
      expect(holidays.find((h) => h.date === '2025-08-15')).toMatchObject({
        description: 'Independence Day',
        weekDay: 'Friday',
      });
      const investors = await listSuperinvestors(db);
      expect(investors).toHaveLength(6);
      const held = investors.find((i) => i.holdings > 0)!;
      const holdings = await getSuperinvestorHoldings(db, held.id);
      expect(holdings!.length).toBe(held.holdings);
      const holders = await getSuperinvestorsHolding(db, holdings![0]!.symbol!);
      expect(holders!.map((h) => h.investorId)).toContain(held.id);
    });

    it('recomputes adjustment factors from stored actions and quotes the same way the generator did', async () => {
      const before = await db.query(
        'SELECT ex_date, price_factor FROM adjustment_factor WHERE isin = $1 ORDER BY ex_date',
        ['INE002A01018'],
      );
      await db.transaction((tx) => refreshAdjustmentFactors(tx, ['INE002A01018']));
      const after = await db.query<{ ex_date: string; price_factor: number }>(
        'SELECT ex_date, price_factor FROM adjustment_factor WHERE isin = $1 ORDER BY ex_date',
        ['INE002A01018'],
      );
      expect(after.rows.find((r) => r.ex_date === '2024-10-28')?.price_factor).toBe(0.5);
      expect(after.rows.map((r) => r.ex_date)).toEqual(before.rows.map((r) => r.ex_date));
    });

    it('records a data version and loads the sample only once', async () => {
      expect(await getDataVersion(db)).toBeGreaterThanOrEqual(1);
      expect(await ensureSampleData(db, { size: 'small' })).toBeNull();
    });
  });
}
