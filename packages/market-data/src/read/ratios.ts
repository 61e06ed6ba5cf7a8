import type { Queryable } from '../db/index.ts';
import { cumulativeFactors } from '../engine/adjustment.ts';
import type { StatementType } from '../engine/line-items.ts';
import { div, METRIC, mul, type YearData } from '../engine/metrics.ts';
import { RATIO_TYPES, type RatioType } from '../engine/ratio-catalogue.ts';
import { clean, computeRatios } from '../engine/ratio-engine.ts';
import { effectiveStatementType, loadStatements } from './financials.ts';
import { loadAdjustmentFactors } from './quotes.ts';
import { type CompanyName, type CompanyRef, refOf } from './resolve.ts';

export const RATIO_SOURCE = 'engine:ratios-v1';

/** Annual statements of a company joined into fiscal years (newest first) with year-end prices. */
export async function loadYears(
  q: Queryable,
  ref: CompanyRef,
  statementType: StatementType,
): Promise<{ years: YearData[]; asOf: string | null }> {
  const rows = await loadStatements(q, ref.isin, { statementType, period: 'annual' });
  const byYear = new Map<number, YearData>();
  let asOf: string | null = null;
  for (const r of rows) {
    let y = byYear.get(r.fiscalYear);
    if (!y) {
      y = {
        fiscalYear: r.fiscalYear,
        periodEnd: r.periodEnd,
        layout: r.layout,
        pl: {},
        bs: null,
        cf: null,
        price: null,
      };
      byYear.set(r.fiscalYear, y);
    }
    if (r.statementCode === 'pl') y.pl = r.items;
    else if (r.statementCode === 'bs') y.bs = r.items;
    else y.cf = r.items;
    if (!asOf || r.asOf > asOf) asOf = r.asOf;
  }
  const years = [...byYear.values()].sort((a, b) => b.fiscalYear - a.fiscalYear);
  if (years.length > 0) {
    const { rows: prices } = await q.query<{
      periodEnd: string;
      close: number | null;
      high: number | null;
      low: number | null;
    }>(
      `SELECT y.d AS "periodEnd",
              (SELECT close FROM daily_quote WHERE isin = $1 AND exchange = 'NSE' AND trade_date <= y.d ORDER BY trade_date DESC LIMIT 1) AS close,
              (SELECT max(high) FROM daily_quote WHERE isin = $1 AND exchange = 'NSE' AND trade_date > y.d - interval '1 year' AND trade_date <= y.d) AS high,
              (SELECT min(low) FROM daily_quote WHERE isin = $1 AND exchange = 'NSE' AND trade_date > y.d - interval '1 year' AND trade_date <= y.d) AS low
         FROM unnest($2::date[]) AS y(d)`,
      [ref.isin, years.map((y) => y.periodEnd)],
    );
    const map = new Map(prices.map((p) => [p.periodEnd, p]));
    for (const y of years) {
      const p = map.get(y.periodEnd);
      y.price = p?.close ?? null;
      y.priceHigh = p?.high ?? null;
      y.priceLow = p?.low ?? null;
    }
  }
  return { years, asOf };
}

export interface RatioYear {
  symbol: string | null;
  company: string;
  statementType: StatementType;
  ratioType: RatioType | 'all';
  fiscalYear: number;
  periodEnd: string;
  values: Record<string, number | null>;
  source: string;
  asOf: string;
}

/**
 * Ratios of one category (or all) for every fiscal year on file, newest first. Each value is
 * computed by the engine from the stored statements; null where inputs are missing.
 */
export async function getRatios(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType: StatementType; ratioType?: RatioType },
): Promise<RatioYear[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType);
  const { years, asOf } = await loadYears(q, ref, st);
  return computeRatios(years, { ratioType: opts.ratioType }).map((y) => ({
    symbol: ref.symbol,
    company: ref.name,
    statementType: st,
    ratioType: opts.ratioType ?? 'all',
    ...y,
    source: RATIO_SOURCE,
    asOf: asOf ?? y.periodEnd,
  }));
}

export const isRatioType = (v: string): v is RatioType => v in RATIO_TYPES;

const KEY_METRICS = [
  'marketCap',
  'enterpriseValue',
  'priceToEarnings',
  'priceToBook',
  'evToEbitda',
  'dividendYield',
  'returnOnEquity',
  'returnOnCapitalEmployed',
  'returnOnAssets',
  'ebitdaMargin',
  'patMargin',
  'debtToEquity',
  'currentRatio',
  'interestCoverage',
  'revenueCagr3y',
  'revenueCagr5y',
  'patCagr3y',
  'patCagr5y',
  'epsCagr5y',
  'netWorthPerShare',
  'earningsPerShare',
  'dividendPerShare',
  'dividendPayout',
  'netInterestMargin',
  'costToIncome',
  'creditDepositRatio',
  'casaRatio',
  'grossNpaRatio',
  'netNpaRatio',
];

export interface FinancialMetrics {
  symbol: string | null;
  company: string;
  statementType: StatementType;
  fiscalYear: number | null;
  periodEnd: string | null;
  metrics: Record<string, number | null>;
  source: string;
  asOf: string | null;
}

/** Headline metrics for the latest fiscal year (consolidated where published). */
export async function getFinancialMetrics(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType?: StatementType } = {},
): Promise<FinancialMetrics | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType ?? 'c');
  const { years, asOf } = await loadYears(q, ref, st);
  if (years.length === 0)
    return {
      symbol: ref.symbol,
      company: ref.name,
      statementType: st,
      fiscalYear: null,
      periodEnd: null,
      metrics: {},
      source: RATIO_SOURCE,
      asOf: null,
    };
  const [latest] = computeRatios(years, { codes: KEY_METRICS });
  return {
    symbol: ref.symbol,
    company: ref.name,
    statementType: st,
    fiscalYear: latest!.fiscalYear,
    periodEnd: latest!.periodEnd,
    metrics: latest!.values,
    source: RATIO_SOURCE,
    asOf,
  };
}

const BASIC = [
  'revenue',
  'otherIncome',
  'totalIncome',
  'expenses',
  'ebitda',
  'pbt',
  'tax',
  'pat',
  'eps',
  'dps',
  'totalAssets',
  'netWorth',
  'borrowings',
  'cash',
  'cfo',
  'capex',
  'fcf',
  'shares',
];

/** Key figures per fiscal year, newest first (rupees crore; eps and dps in rupees). */
export async function getBasicFinancials(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType?: StatementType } = {},
) {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType ?? 'c');
  const { years, asOf } = await loadYears(q, ref, st);
  return {
    symbol: ref.symbol,
    company: ref.name,
    statementType: st,
    source: RATIO_SOURCE,
    asOf,
    years: years.map((y) => ({
      fiscalYear: y.fiscalYear,
      periodEnd: y.periodEnd,
      ...Object.fromEntries(BASIC.map((code) => [code, clean(METRIC[code]!.get(y))])),
    })),
  };
}

export interface DailyPriceRatios {
  date: string;
  close: number;
  marketCap: number | null;
  enterpriseValue: number | null;
  priceToEarnings: number | null;
  priceToBook: number | null;
  priceToSales: number | null;
  evToEbitda: number | null;
  dividendYield: number | null;
  earningsYield: number | null;
  fiscalYear: number | null;
}

/**
 * Price ratios for each trading day in a range: the day's raw close against the latest annual
 * results filed by then (period end plus 60 days when no filing date is known), with per-share
 * figures restated for any split or bonus between the period end and the day.
 */
export async function getDailyPriceRatios(
  q: Queryable,
  symbol: CompanyName,
  opts: { from?: string; to?: string; statementType?: StatementType } = {},
) {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType ?? 'c');
  const { years, asOf } = await loadYears(q, ref, st);
  const results = await q.query<{ fiscalYear: number; resultDate: string | null; periodEnd: string }>(
    `SELECT DISTINCT fiscal_year AS "fiscalYear", result_date AS "resultDate", period_end AS "periodEnd"
       FROM financial_statement WHERE isin = $1 AND statement_type = $2 AND period = 'annual' AND statement_code = 'pl'`,
    [ref.isin, st],
  );
  const available = new Map(
    results.rows.map((r) => [r.fiscalYear, r.resultDate ?? addDays(r.periodEnd, 60)]),
  );
  const { rows: quotes } = await q.query<{ date: string; close: number }>(
    `SELECT trade_date AS date, close FROM daily_quote WHERE isin = $1 AND exchange = 'NSE'
        AND trade_date >= COALESCE($2::date, COALESCE($3::date, (SELECT max(trade_date) FROM daily_quote WHERE isin = $1)) - interval '1 year')
        AND ($3::date IS NULL OR trade_date <= $3::date) ORDER BY trade_date`,
    [ref.isin, opts.from ?? null, opts.to ?? null],
  );
  const factors = await loadAdjustmentFactors(q, ref.isin);
  const oldestFirst = [...years].reverse();
  const days: DailyPriceRatios[] = [];
  const cumQuote = cumulativeFactors(
    quotes.map((x) => x.date),
    factors,
  );
  const cumYear = new Map(
    years.map((y) => [y.fiscalYear, cumulativeFactors([y.periodEnd], factors)[0]!.price]),
  );
  quotes.forEach((quote, qi) => {
    let year: YearData | undefined;
    for (const y of oldestFirst) if ((available.get(y.fiscalYear) ?? '9999') <= quote.date) year = y;
    if (!year) {
      days.push({
        date: quote.date,
        close: quote.close,
        marketCap: null,
        enterpriseValue: null,
        priceToEarnings: null,
        priceToBook: null,
        priceToSales: null,
        evToEbitda: null,
        dividendYield: null,
        earningsYield: null,
        fiscalYear: null,
      });
      return;
    }
    // Shares at the period end grow by splits and bonuses since then; per-share figures shrink.
    const restate = div(cumQuote[qi]!.price, cumYear.get(year.fiscalYear)!) ?? 1;
    const shares = div(METRIC.shares!.get(year), restate);
    const marketCap = div(mul(quote.close, shares), 1e7);
    const ev =
      marketCap === null
        ? null
        : marketCap + (METRIC.borrowings!.get(year) ?? 0) - (METRIC.cash!.get(year) ?? 0);
    const eps = mul(METRIC.eps!.get(year), restate);
    const dps = mul(METRIC.dps!.get(year), restate);
    days.push({
      date: quote.date,
      close: quote.close,
      marketCap: clean(marketCap),
      enterpriseValue: clean(ev),
      priceToEarnings: clean(div(quote.close, eps)),
      priceToBook: clean(div(marketCap, METRIC.netWorth!.get(year))),
      priceToSales: clean(div(marketCap, METRIC.revenue!.get(year))),
      evToEbitda: ref.layout === 'bank' ? null : clean(div(ev, METRIC.ebitda!.get(year))),
      dividendYield: clean(mul(div(dps, quote.close), 100)),
      earningsYield: clean(mul(div(eps, quote.close), 100)),
      fiscalYear: year.fiscalYear,
    });
  });
  return { symbol: ref.symbol, company: ref.name, statementType: st, source: RATIO_SOURCE, asOf, days };
}

function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Price ratios per fiscal year: at year-end close, and at the year's high and low. */
export async function getAnnualPriceRatios(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType?: StatementType } = {},
) {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType ?? 'c');
  const { years, asOf } = await loadYears(q, ref, st);
  const ratios = computeRatios(years, {
    codes: [
      'marketCap',
      'enterpriseValue',
      'priceToEarnings',
      'priceToBook',
      'priceToSales',
      'evToEbitda',
      'evToSales',
      'dividendYield',
      'earningsYield',
      'priceToCashFlow',
      'pegRatio',
    ],
  });
  return {
    symbol: ref.symbol,
    company: ref.name,
    statementType: st,
    source: RATIO_SOURCE,
    asOf,
    years: years.map((y, i) => {
      const eps = METRIC.eps!.get(y);
      return {
        fiscalYear: y.fiscalYear,
        periodEnd: y.periodEnd,
        close: y.price,
        high: y.priceHigh ?? null,
        low: y.priceLow ?? null,
        ...ratios[i]!.values,
        highPriceToEarnings: clean(div(y.priceHigh ?? null, eps)),
        lowPriceToEarnings: clean(div(y.priceLow ?? null, eps)),
      };
    }),
  };
}
