import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { IngestError } from './errors.ts';
import { ingestFile } from './ingest-file.ts';
import { resolveSymbols } from './load/symbols.ts';

const fixture = (name: string) => new URL(`../../test-fixtures/${name}`, import.meta.url).pathname;
const FULL_HEAD =
  'SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER\n';

for (const target of testDatabases()) {
  describe(`ingest on ${target.name}`, () => {
    let db: Db;
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    const version = async () => (await one<{ version: number }>('SELECT version FROM data_version')).version;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
      for (const f of ['EQUITY_L.csv', 'BSE_Equity_scrips_with_industry.csv', 'ind_nifty5list.csv']) {
        await ingestFile(db, fixture(f), { today: '2024-10-01' });
      }
      await ingestFile(db, fixture('nse_holiday_master_trading_2024.json'));
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('joins NSE and BSE masters on ISIN with sector and industry', async () => {
      const ril = await one<Record<string, unknown>>(
        `SELECT c.symbol, c.bse_code, s.name AS sector, i.name AS industry, c.source
           FROM company c LEFT JOIN sector s ON s.code = c.sector_code LEFT JOIN industry i ON i.code = c.industry_code
          WHERE isin = 'INE002A01018'`,
      );
      expect(ril).toEqual({
        symbol: 'RELIANCE',
        bse_code: '500325',
        sector: 'Oil, Gas & Consumable Fuels',
        industry: 'Petroleum Products',
        source: 'EQUITY_L.csv',
      });
    });

    it('resolves an old symbol seen in a dated bhavcopy to the same ISIN and flags missing trading days', async () => {
      const first = await ingestFile(db, fixture('cm03JUN2011bhav.csv'));
      expect(first).toMatchObject({ rowsRead: 3, rowsStored: 2, unchanged: false });
      expect((await resolveSymbols(db, ['INFOSYSTCH', 'infy'])).get('INFOSYSTCH')).toBe('INE009A01021');
      const hist = await one(
        'SELECT old_symbol, new_symbol, changed_on FROM symbol_history WHERE isin = $1',
        ['INE009A01021'],
      );
      // INFY is first seen in the master (dated 2024-10-01): the change is no later than that.
      expect(hist).toEqual({ old_symbol: 'INFOSYSTCH', new_symbol: 'INFY', changed_on: '2024-10-01' });
      const second = await ingestFile(db, fixture('cm20JUN2011bhav.csv'));
      // ... and then in a bhavcopy of 20 June 2011 under its new symbol.
      expect(await one('SELECT changed_on FROM symbol_history WHERE isin = $1', ['INE009A01021'])).toEqual({
        changed_on: '2011-06-20',
      });
      const missing = second.quality.filter((q) => q.check === 'missing_day').map((q) => q.tradeDate);
      expect(missing).toHaveLength(10);
      expect(missing[0]).toBe('2011-06-06');
      expect(second.quality.filter((q) => q.check !== 'missing_day')).toEqual([]);
    });

    it('fails a file that stores nothing, and loads it once the master holds its company', async () => {
      const day = `${FULL_HEAD}NEWCO, EQ, 29-Oct-2024, 99.00, 100.00, 101.00, 98.00, 100.50, 100.50, 100.00, 1000, 1.00, 10, 500, 50.00\n`;
      const before = await version();
      await expect(ingestFile(db, 'sec_bhavdata_full_29102024.csv', { text: day })).rejects.toThrow(
        /none of its 1 rows could be stored, so nothing was recorded \(1 × not in the company master\)/,
      );
      expect(await version()).toBe(before);
      expect(
        await one(
          `SELECT count(*)::int AS n FROM ingest_file WHERE source = 'sec_bhavdata_full_29102024.csv'`,
        ),
      ).toEqual({ n: 0 });
      const master =
        'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\n' +
        'NEWCO,New Company Limited,EQ,28-OCT-2024,10,1,INE999Z01012,10\n';
      await ingestFile(db, 'EQUITY_L.csv', { text: master, today: '2024-10-28' });
      const again = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', { text: day });
      expect(again).toMatchObject({ unchanged: false, rowsStored: 1, rejected: [] });
      expect(
        await one(`SELECT close FROM daily_quote WHERE isin = 'INE999Z01012' AND trade_date = '2024-10-29'`),
      ).toEqual({ close: 100.5 });
      const third = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', { text: day });
      expect(third.unchanged).toBe(true);
    });

    it('takes the corrections of a re-issued file: trades, turnover and delivery too', async () => {
      const row = (trades: number, lakh: number, dq: number, dp: string) =>
        `${FULL_HEAD}ITC, EQ, 31-Oct-2024, 487.90, 490.00, 495.00, 489.00, 492.00, 492.00, 491.00, 1000, ${lakh}, ${trades}, ${dq}, ${dp}\n`;
      await ingestFile(db, 'sec_bhavdata_full_31102024.csv', { text: row(10, 4.91, 500, '50.00') });
      await ingestFile(db, 'sec_bhavdata_full_31102024.csv', { text: row(12, 5.02, 610, '61.00') });
      expect(
        await one(
          `SELECT trades, traded_value, delivery_qty, delivery_pct FROM daily_quote
            WHERE isin = 'INE154A01025' AND trade_date = '2024-10-31'`,
        ),
      ).toEqual({ trades: 12, traded_value: 502000, delivery_qty: 610, delivery_pct: 61 });
    });

    it('loads the same file twice without changing anything', async () => {
      const before = await version();
      const quotes = await one<{ n: number }>('SELECT count(*)::int AS n FROM daily_quote');
      const again = await ingestFile(db, fixture('cm20JUN2011bhav.csv'));
      expect(again.unchanged).toBe(true);
      expect(await version()).toBe(before);
      expect(await one('SELECT count(*)::int AS n FROM daily_quote')).toEqual(quotes);
    });

    it('changes nothing when a file fails part-way, and names the file, line and field', async () => {
      const bad =
        'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\n' +
        'ITC,New Holder Ltd,EQ,01-JAN-2020,1,1,INE467B01029,1\n' +
        'XYZ,Xyz Ltd,EQ,01-JAN-2020,1,1,INE062A01020,123456789012\n';
      const before = await version();
      await expect(ingestFile(db, 'EQUITY_L.csv', { text: bad })).rejects.toThrow(
        /EQUITY_L\.csv: could not be stored/,
      );
      expect((await resolveSymbols(db, ['ITC'])).get('ITC')).toBe('INE154A01025');
      expect(await version()).toBe(before);
      const text = `${FULL_HEAD}ITC, EQ, 29-Oct-2024, 1, 2, 3, 1, 2, x, 2, 10, 1, 1, -, -\n`;
      const err = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', { text }).catch((e) => e);
      expect(err).toBeInstanceOf(IngestError);
      expect(err).toMatchObject({ line: 2, field: 'CLOSE_PRICE' });
      // A file cut inside its last row, and a price with an unquoted thousands comma, fail with the line.
      const good =
        'ITC, EQ, 29-Oct-2024, 487.90, 490.00, 495.00, 489.00, 492.00, 492.00, 491.00, 100, 1.00, 10, 50, 50.00\n';
      const cut = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', {
        text: `${FULL_HEAD}${good}HDFCBANK, EQ, 29-Oct-2024, 1756.40, 1750.00, 1755.00, 1740.00, 1760.00, 1760.00, 1750.00, 100, 1.7`,
      }).catch((e) => e);
      expect(cut).toMatchObject({ line: 3, message: expect.stringContaining('cut short') });
      const comma = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', {
        text: `${FULL_HEAD}INFY, EQ, 29-Oct-2024, 1,559.50, 1560.00, 1570.00, 1550.00, 1565.00, 1565.00, 1560.00, 100, 1.56, 10, 50, 50.00\n`,
      }).catch((e) => e);
      expect(comma).toMatchObject({ line: 2, message: expect.stringContaining('unquoted comma') });
      const negative = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', {
        text: `${FULL_HEAD}ITC, EQ, 29-Oct-2024, 487.90, 490.00, -495.00, 489.00, 492.00, 492.00, 491.00, 100, 1.00, 10, 50, 50.00\n`,
      }).catch((e) => e);
      expect(negative).toMatchObject({ line: 2, field: 'HIGH_PRICE' });
    });

    it('adjusts for a bonus and does not flag the move it explains, bumping the data version', async () => {
      await ingestFile(db, fixture('bc28102024.csv'));
      // The file lists ITC's dividend for both EQ and BE: one dividend of Rs 6.50, not Rs 13.
      expect(
        await one(
          `SELECT dividend_per_share, dividend_kind FROM corporate_action
            WHERE isin = 'INE154A01025' AND ex_date = '2024-10-30'`,
        ),
      ).toEqual({ dividend_per_share: 6.5, dividend_kind: 'interim' });
      const before = await version();
      await ingestFile(db, fixture('sec_bhavdata_full_25102024.csv'));
      const day = await ingestFile(db, fixture('sec_bhavdata_full_28102024.csv'));
      expect(day.quality).toEqual([]);
      expect(await version()).toBe(before + 2);
      const factor = await one('SELECT ex_date, price_factor FROM adjustment_factor WHERE isin = $1', [
        'INE002A01018',
      ]);
      expect(factor).toEqual({ ex_date: '2024-10-28', price_factor: 0.5 });
      const ril = await one(
        'SELECT close, traded_value, delivery_pct FROM daily_quote WHERE isin = $1 AND trade_date = $2',
        ['INE002A01018', '2024-10-25'],
      );
      expect(ril).toEqual({ close: 2655.6, traded_value: 18951445000, delivery_pct: 49.31 });
    });

    it('flags an unexplained move beyond 30% and inconsistent OHLC, and stores the findings', async () => {
      const text =
        FULL_HEAD +
        'ITC, EQ, 29-Oct-2024, 487.90, 490.00, 700.00, 489.00, 690.00, 690.00, 650.00, 100, 0.65, 10, 50, 50.00\n' +
        'HDFCBANK, EQ, 29-Oct-2024, 1756.40, 1750.00, 1755.00, 1740.00, 1760.00, 1760.00, 1750.00, 100, 1.75, 10, 50, 50.00\n';
      const out = await ingestFile(db, 'sec_bhavdata_full_29102024.csv', { text });
      expect(out.quality.map((q) => [q.check, q.symbol])).toEqual([
        ['ohlc', 'HDFCBANK'],
        ['large_move', 'ITC'],
      ]);
      const stored = await one<{ n: number }>(
        'SELECT count(*)::int AS n FROM data_quality_issue WHERE trade_date = $1',
        ['2024-10-29'],
      );
      expect(stored.n).toBe(2);
    });

    it('takes shares outstanding from the market-cap report', async () => {
      const out = await ingestFile(db, fixture('mcap25102024.csv'));
      expect(out.rejected.map((r) => r.reason)).toContain('not in the company master: NIFTYBEES');
      expect(await one(`SELECT shares_outstanding FROM company WHERE isin = 'INE002A01018'`)).toEqual({
        shares_outstanding: 6766109014,
      });
    });

    it('stores typed corporate actions with the original text', async () => {
      const out = await ingestFile(db, fixture('nse_corporate_actions_2026-08.csv'));
      expect(out.rejected.map((r) => r.line)).toEqual([5]);
      const itc = await one(
        `SELECT action, dividend_per_share, dividend_kind, purpose FROM corporate_action
          WHERE isin = 'INE154A01025' AND ex_date = '2025-06-04'`,
      );
      expect(itc).toEqual({
        action: 'dividend',
        dividend_per_share: 8.35,
        dividend_kind: 'dividend+special',
        purpose: 'Dividend - Rs 7.85 Per Share & Special Dividend Re  0.50 Per Share',
      });
      const rights = await one(
        `SELECT ratio_new, ratio_held, offer_price FROM corporate_action WHERE action = 'rights'`,
      );
      expect(rights).toEqual({ ratio_new: 45, ratio_held: 301, offer_price: 291 });
    });

    it('loads statements from a data sheet and from XBRL, in crore, with the bank layout', async () => {
      await ingestFile(db, fixture('ITC_screener_datasheet_FY2024.csv'));
      await ingestFile(db, fixture('HDFCBANK_screener_datasheet_FY2024.csv'));
      await ingestFile(db, fixture('ITC_results_standalone_Q2FY25.xml'));
      const pl = await one<{ items: Record<string, number> }>(
        `SELECT items FROM financial_statement WHERE isin = 'INE154A01025' AND statement_code = 'pl' AND period = 'annual'`,
      );
      expect(pl.items).toMatchObject({
        revenueFromOperations: 70919,
        profitLossForPeriod: 20751.36,
        eps: 16.62,
      });
      const q = await one<{ items: Record<string, number>; fiscal_year: number }>(
        `SELECT items, fiscal_year FROM financial_statement
          WHERE isin = 'INE154A01025' AND period = 'quarterly' AND period_end = '2024-09-30' AND statement_type = 's'`,
      );
      expect(q.fiscal_year).toBe(2025);
      expect(q.items).toMatchObject({ revenueFromOperations: 19001.54, eps: 4.07 });
      const bank = await one<{ layout: string; items: Record<string, number> }>(
        `SELECT f.layout, f.items FROM financial_statement f
          WHERE f.isin = 'INE040A01034' AND statement_code = 'pl'`,
      );
      expect(bank.layout).toBe('bank');
      expect(bank.items.interestEarned).toBe(258340.58);
    });

    it('reads a data sheet line by its meaning: other assets net of their listed parts, total expenses, bank cash', async () => {
      const sheet = (rows: string[]) =>
        `symbol,company,section,line_item,period_end,value\n${rows.join('\n')}\n`;
      const itc = [
        ['BALANCE SHEET', 'Total', 91753.97],
        ['BALANCE SHEET', 'Net Block', 27820.22],
        ['BALANCE SHEET', 'Capital Work in Progress', 2860.78],
        ['BALANCE SHEET', 'Investments', 31114.02],
        ['BALANCE SHEET', 'Other Assets', 29958.95],
        ['BALANCE SHEET', 'Total', 91753.97],
        ['BALANCE SHEET', 'Receivables', 4025.82],
        ['BALANCE SHEET', 'Inventory', 14152.88],
        ['BALANCE SHEET', 'Cash & Bank', 7217.68],
        ['Quarters', 'Sales', 17037.8],
        ['Quarters', 'Other Income', 868],
        ['Quarters', 'Expenses', 10735.73],
        ['Quarters', 'Interest', 10.72],
        ['Quarters', 'Depreciation', 385.09],
        ['Quarters', 'Profit before tax', 6774.26],
      ].map(([section, item, v]) => `ITC,ITC LTD,${section},${item},2023-03-31,${v}`);
      await ingestFile(db, 'ITC_screener_datasheet_FY2023.csv', { text: sheet(itc) });
      const items = async (isin: string, code: string, period = 'annual') =>
        (
          await one<{ items: Record<string, number> }>(
            `SELECT items FROM financial_statement WHERE isin = $1 AND statement_code = $2 AND period = $3
                AND period_end = '2023-03-31'`,
            [isin, code, period],
          )
        ).items;
      const bs = await items('INE154A01025', 'bs');
      expect(bs.otherAssets).toBe(4562.57);
      const parts = [
        'propertyPlantEquipment',
        'capitalWorkInProgress',
        'investments',
        'otherAssets',
        'tradeReceivables',
        'inventories',
        'cashAndCashEquivalents',
      ];
      expect(parts.reduce((sum, code) => sum + bs[code]!, 0)).toBeCloseTo(bs.totalAssets!, 2);
      expect((await items('INE154A01025', 'pl', 'quarterly')).expenses).toBe(11131.54);

      const bank = [
        ['PROFIT & LOSS', 'Sales', 200000],
        ['BALANCE SHEET', 'Total', 3000000],
        ['BALANCE SHEET', 'Other Assets', 120000],
        ['BALANCE SHEET', 'Total', 3000000],
        ['BALANCE SHEET', 'Cash & Bank', 20000],
      ].map(([section, item, v]) => `HDFCBANK,HDFC BANK LTD,${section},${item},2023-03-31,${v}`);
      await ingestFile(db, 'HDFCBANK_screener_datasheet_FY2023.csv', { text: sheet(bank) });
      expect(await items('INE040A01034', 'bs')).toMatchObject({
        cashAndCashEquivalents: 20000,
        otherAssets: 100000,
      });
    });

    it('merges shareholding categories from both layouts and keeps a real 0% promoter holding', async () => {
      await ingestFile(db, fixture('TCS_shareholding_quarterly_screener.csv'));
      await ingestFile(db, fixture('nse_promoter_holding_sample.csv'));
      const tcs = await one(
        `SELECT promoter_pct, fpi_pct, government_pct, shareholders FROM shareholding
          WHERE isin = 'INE467B01029' AND period_end = '2024-12-31'`,
      );
      expect(tcs).toEqual({
        promoter_pct: 71.77,
        fpi_pct: 12.68,
        government_pct: 0.06,
        shareholders: 2075117,
      });
      const hdfc = await one(`SELECT promoter_pct FROM shareholding WHERE isin = 'INE040A01034'`);
      expect(hdfc).toEqual({ promoter_pct: 0 });
    });

    it('loads commodity series and prices, blanks skipped', async () => {
      await ingestFile(db, fixture('worldbank_pinksheet_series_dictionary.csv'));
      await ingestFile(db, fixture('worldbank_pinksheet_monthly_prices_2024.csv'));
      const copper = await db.query(
        `SELECT month, price FROM commodity_price WHERE code = 'COPPER' ORDER BY month`,
      );
      expect(copper.rows).toEqual([
        { month: '2024-01-01', price: 8345.25 },
        { month: '2024-03-01', price: 8675.01 },
      ]);
      expect(await one(`SELECT name, unit, category FROM commodity WHERE code = 'CRUDE_BRENT'`)).toEqual({
        name: 'Crude oil, Brent',
        unit: '$/bbl',
        category: 'energy',
      });
    });
  });
}
