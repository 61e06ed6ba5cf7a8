import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IngestError } from './errors.ts';
import { detectKind, detectKindOf, type IngestKind, PARSERS } from './kinds.ts';
import { parsePurpose } from './parsers/purpose.ts';
import { parseNumber } from './values.ts';

const fixture = (name: string) => new URL(`../../test-fixtures/${name}`, import.meta.url).pathname;
/** Parses a fixture with the parser its file name selects (checked against the expected kind). */
const parse = <K extends IngestKind>(name: string, kind: K): ReturnType<(typeof PARSERS)[K]> => {
  expect(detectKind(name)).toBe(kind);
  const parser = PARSERS[kind] as (text: string, file: string) => ReturnType<(typeof PARSERS)[K]>;
  return parser(readFileSync(fixture(name), 'utf8'), name);
};
const at = { file: 'f.csv', line: 2, field: 'X' };

describe('values', () => {
  it('reads Indian digit grouping, percentages and the no-value markers', () => {
    expect(parseNumber('25,02,835', at)).toBe(2502835);
    expect(parseNumber(' 72.30% ', at)).toBe(72.3);
    expect(parseNumber('-', at)).toBeNull();
    expect(parseNumber('...', at)).toBeNull();
    expect(() => parseNumber('12,34', at)).toThrow('f.csv:2 [X]: not a number: "12,34"');
  });
});

describe('NSE and BSE masters', () => {
  it('reads EQUITY_L.csv despite the padded header names, with ISO listing dates', () => {
    const { records } = parse('EQUITY_L.csv', 'nse-equity-list');
    expect(records[1]).toMatchObject({
      symbol: 'INFY',
      isin: 'INE009A01021',
      listingDate: '1995-02-08',
      faceValue: 5,
    });
  });

  it('keeps quoted BSE names with commas, ignores the trailing column and rejects a row without ISIN', () => {
    const { records, rejected } = parse('BSE_Equity_scrips_with_industry.csv', 'bse-scrips');
    const ril = records.find((r) => r.symbol === 'RELIANCE');
    expect(ril).toMatchObject({
      isin: 'INE002A01018',
      code: '500325',
      industry: 'Oil, Gas & Consumable Fuels',
    });
    expect(ril?.subIndustry).toBe('Refineries & Marketing');
    expect(rejected).toEqual([{ line: 5, reason: 'no ISIN: "-"' }]);
  });

  it('reads index constituents and rejects the placeholder ISIN row', () => {
    const { records, rejected } = parse('ind_nifty5list.csv', 'index-constituents');
    expect(records.map((r) => r.symbol)).toEqual(['HDFCBANK', 'ITC', 'INFY', 'RELIANCE']);
    expect(rejected[0]?.line).toBe(6);
  });

  it('names the file, line and field of a bad ISIN', () => {
    const text =
      'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, ISIN NUMBER, FACE VALUE\nX,X Ltd,EQ,01-JAN-2000,INE009A01020,1\n';
    expect(() => PARSERS['nse-equity-list'](text, 'EQUITY_L.csv')).toThrow(
      new IngestError('EQUITY_L.csv', 2, 'ISIN NUMBER', 'not a valid ISIN: "INE009A01020"'),
    );
  });
});

describe('bhavcopy', () => {
  it('reads the legacy layout with its trailing comma and keeps only equity series', () => {
    const { records, rejected } = parse('cm03JUN2011bhav.csv', 'bhavcopy-legacy');
    expect(records[0]).toMatchObject({
      symbol: 'INFOSYSTCH',
      isin: 'INE009A01021',
      date: '2011-06-03',
      close: 2876.35,
    });
    expect(records[0]?.turnover).toBe(3541234567.85);
    expect(rejected).toEqual([{ line: 4, reason: 'series not covered: GS' }]);
  });

  it('reads the padded full layout, converts lakh turnover to rupees and keeps "-" delivery as null', () => {
    const { records } = parse('sec_bhavdata_full_25102024.csv', 'bhavcopy-full');
    const itc = records.find((r) => r.symbol === 'ITC');
    expect(itc).toMatchObject({
      date: '2024-10-25',
      open: 481,
      close: 477.85,
      deliveryQty: 6123456,
      deliveryPct: 59.83,
    });
    expect(itc?.turnover).toBe(4903577000);
    expect(records.find((r) => r.symbol === 'TCS')).toMatchObject({
      series: 'BE',
      deliveryQty: null,
      deliveryPct: null,
    });
  });

  it('fails a malformed price naming line and field', () => {
    const text =
      'SYMBOL, SERIES, DATE1, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, CLOSE_PRICE, TTL_TRD_QNTY, TURNOVER_LACS\nITC, EQ, 25-Oct-2024, 1, 2, 0.5, abc, 10, 1\n';
    expect(() => PARSERS['bhavcopy-full'](text, 'sec_bhavdata_full_25102024.csv')).toThrow(
      'sec_bhavdata_full_25102024.csv:2 [CLOSE_PRICE]: not a number: "abc"',
    );
  });
});

describe('market-cap report', () => {
  it('reads padded issue sizes and rejects other series and the summary rows', () => {
    const { records, rejected } = parse('mcap25102024.csv', 'market-cap');
    expect(records.map((r) => [r.symbol, r.issueSize, r.date])).toEqual([
      ['ITC', 12509000000, '2024-10-25'],
      ['RELIANCE', 6766109014, '2024-10-25'],
      ['NIFTYBEES', 123456789, '2024-10-25'],
    ]);
    expect(rejected.map((r) => r.reason)).toEqual([
      'series not covered: IV',
      'summary row: Listed',
      'summary row: Total',
    ]);
  });
});

describe('corporate actions', () => {
  it('types dividends, bonus, splits, rights, buyback and keeps what it cannot read', () => {
    expect(parsePurpose('INTDIV - RS 5 PER SH').actions).toEqual([
      { type: 'dividend', kind: 'interim', amount: 5 },
    ]);
    expect(parsePurpose('BONUS 1:1').actions).toEqual([{ type: 'bonus', newShares: 1, heldShares: 1 }]);
    expect(parsePurpose('FVSPLT FRM RS 10 TO RS 5').actions).toEqual([
      { type: 'split', fromFaceValue: 10, toFaceValue: 5 },
    ]);
    expect(parsePurpose('RIGHTS 45:301@PRM RS 290').actions).toEqual([
      { type: 'rights', newShares: 45, heldShares: 301, premium: 290 },
    ]);
    expect(
      parsePurpose('Dividend - Rs 7.85 Per Share & Special Dividend Re  0.50 Per Share').actions,
    ).toEqual([
      { type: 'dividend', kind: 'dividend', amount: 7.85 },
      { type: 'dividend', kind: 'special', amount: 0.5 },
    ]);
    expect(parsePurpose('Scheme Of Arrangement - Bonus Ncrps 1:1')).toEqual({
      actions: [],
      unparsed: ['Scheme Of Arrangement - Bonus Ncrps 1:1'],
    });
  });

  it('reads the book-closure file: debt rows and unknown purposes are rejected with reasons', () => {
    const { records, rejected } = parse('bc28102024.csv', 'book-closure');
    expect(records.map((r) => [r.symbol, r.action.type, r.exDate])).toEqual([
      ['RELIANCE', 'bonus', '2024-10-28'],
      ['ITC', 'dividend', '2024-10-30'],
      ['HDFCBANK', 'split', '2024-11-20'],
      ['TCS', 'rights', '2024-11-21'],
      ['ITC', 'dividend', '2024-10-30'],
    ]);
    expect(rejected.map((r) => r.line)).toEqual([2, 7]);
    expect(rejected[1]?.reason).toBe('purpose not understood: "AGM"');
  });

  it('reads the corporate-actions CSV with face-value split in words', () => {
    const { records } = parse('nse_corporate_actions_2026-08.csv', 'corporate-actions');
    expect(records.find((r) => r.symbol === 'RELIANCE')?.action).toEqual({
      type: 'split',
      fromFaceValue: 10,
      toFaceValue: 1,
    });
    expect(records.find((r) => r.symbol === 'ITC')?.purpose).toContain('Special Dividend');
  });
});

describe('holidays, financials, shareholding, commodities', () => {
  it('reads holidays per segment with the JSON line of each entry', () => {
    const { records } = parse('nse_holiday_master_trading_2024.json', 'holidays');
    expect(records.filter((r) => r.segment === 'CM').map((r) => r.date)).toEqual([
      '2024-01-26',
      '2024-08-15',
      '2024-11-01',
    ]);
    expect(records[1]?.line).toBe(12);
  });

  it('reads XBRL results facts with period, unit, decimals and basis, skipping segment contexts', () => {
    const { records, rejected } = parse('ITC_results_standalone_Q2FY25.xml', 'xbrl-results');
    const pat = records.find((r) => r.item === 'ProfitLossForPeriod');
    expect(pat).toMatchObject({
      basis: 'standalone',
      symbol: 'ITC',
      periodStart: '2024-07-01',
      periodEnd: '2024-09-30',
    });
    expect(pat).toMatchObject({ value: 50806100000, unit: 'INR', decimals: -5 });
    expect(records.find((r) => r.item.startsWith('BasicEarnings'))?.unit).toBe('INR/shares');
    expect(rejected).toHaveLength(1);
  });

  it('names the two balance-sheet totals apart and reads the bank layout', () => {
    const itc = parse('ITC_screener_datasheet_FY2024.csv', 'datasheet').records;
    expect(itc.filter((r) => r.statement === 'bs' && r.item.startsWith('Total')).map((r) => r.item)).toEqual([
      'Total Liabilities',
      'Total Assets',
    ]);
    expect(itc.find((r) => r.item === 'No. of Equity Shares')?.unit).toBe('shares');
    const bank = parse('HDFCBANK_screener_datasheet_FY2024.csv', 'datasheet').records;
    expect(bank[0]).toMatchObject({ item: 'Interest Earned', value: 258340.58, unit: 'INR crore' });
  });

  it('reads quarterly shareholding with "%" values and Indian-grouped shareholder counts', () => {
    const { records } = parse('TCS_shareholding_quarterly_screener.csv', 'shareholding-quarterly');
    expect(records.find((r) => r.category === 'promoter' && r.periodEnd === '2024-06-30')?.value).toBe(71.77);
    expect(records.find((r) => r.category === 'shareholders' && r.periodEnd === '2024-12-31')).toMatchObject({
      symbol: 'TCS',
      value: 2075117,
    });
  });

  it('keeps a real 0% promoter holding and skips blank categories', () => {
    const { records } = parse('nse_promoter_holding_sample.csv', 'shareholding-nse');
    expect(records.filter((r) => r.symbol === 'HDFCBANK')).toEqual([
      { line: 3, symbol: 'HDFCBANK', periodEnd: '2024-09-30', category: 'promoter', value: 0 },
    ]);
    expect(records.filter((r) => r.symbol === 'ITC').map((r) => r.category)).toEqual(['promoter', 'fii']);
  });

  it('reads the World Bank table skipping blanks and "...", its dictionary, and the simple CSV', () => {
    const prices = parse('worldbank_pinksheet_monthly_prices_2024.csv', 'commodity-prices-wb').records;
    expect(prices.filter((p) => p.code === 'COPPER').map((p) => p.month)).toEqual(['2024-01', '2024-03']);
    expect(prices.filter((p) => p.code === 'PALM_OIL')).toHaveLength(2);
    expect(
      parse('worldbank_pinksheet_series_dictionary.csv', 'commodity-dictionary').records[0],
    ).toMatchObject({
      code: 'CRUDE_BRENT',
      name: 'Crude oil, Brent',
      unit: '$/bbl',
    });
    expect(parse('commodity_prices_steel.csv', 'commodity-prices').records[1]).toMatchObject({
      month: '2024-02',
      price: 53900,
    });
  });
});

describe('shareholding pattern XBRL', () => {
  const shp = readFileSync(fixture('SHP_RELIANCE_30092024.xml'), 'utf8');

  it('is told from results XBRL by its facts, whatever the .xml is called', () => {
    expect(detectKindOf('SHP_RELIANCE_30092024.xml', shp)).toBe('shareholding-xbrl');
    expect(detectKindOf('filing.xml', shp)).toBe('shareholding-xbrl');
    expect(detectKindOf('download', shp)).toBe('shareholding-xbrl');
    const results = readFileSync(fixture('ITC_results_standalone_Q2FY25.xml'), 'utf8');
    expect(detectKindOf('filing.xml', results)).toBe('xbrl-results');
    expect(detectKindOf('download', results)).toBe('xbrl-results');
  });

  it('reads each category at the quarter end, fractions as percentages, the non-institutional public', () => {
    const { records } = PARSERS['shareholding-xbrl'](shp, 'SHP_RELIANCE_30092024.xml');
    expect(records.map((r) => [r.symbol, r.periodEnd, r.category, r.value])).toEqual([
      ['RELIANCE', '2024-09-30', 'promoter', 50.24],
      ['RELIANCE', '2024-09-30', 'fii', 21.3],
      ['RELIANCE', '2024-09-30', 'dii', 17.45],
      ['RELIANCE', '2024-09-30', 'mutual_fund', 8.3],
      ['RELIANCE', '2024-09-30', 'government', 0.19],
      ['RELIANCE', '2024-09-30', 'public', 10.82],
      ['RELIANCE', '2024-09-30', 'shareholders', 3645000],
    ]);
    // Filed as percentages, without the non-institutional block or a symbol: the whole public
    // block, and the company named by the caller (the filings index).
    const plain = shp
      .replace(/<in-bse-shp:Symbol[^\n]*\n/, '')
      .replace(/<in-bse-shp:\w+ contextRef="NonInstitutions_ContextI"[^\n]*\n/g, '')
      .replace(/>0\.(\d\d)(\d\d)</g, '>$1.$2<');
    const { records: named } = PARSERS['shareholding-xbrl'](plain, 'shp.xml', 'reliance');
    expect(named.filter((r) => ['promoter', 'public'].includes(r.category))).toEqual([
      expect.objectContaining({ symbol: 'RELIANCE', category: 'promoter', value: 50.24 }),
      expect.objectContaining({ category: 'public', value: 49.76 }),
    ]);
    expect(() => PARSERS['shareholding-xbrl'](plain, 'shp.xml')).toThrow(
      'shp.xml [Symbol]: the filing names no symbol; name the company with --company SYMBOL',
    );
    const noPromoter = shp.replace(
      /<in-bse-shp:\w+ contextRef="ShareholdingOfPromoterAndPromoterGroup_ContextI"[^\n]*\n/g,
      '',
    );
    expect(() => PARSERS['shareholding-xbrl'](noPromoter, 'shp.xml')).toThrow(
      /no ShareholdingAsAPercentageOfTotalNumberOfShares of the promoter and promoter group/,
    );
  });
});
