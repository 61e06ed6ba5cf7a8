import {
  getAnnualPriceRatios,
  getDailyPriceRatios,
  getDailyQuotes,
  getQuotes,
  type QuoteSpan,
  yearBefore,
} from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { type Company, defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StrOrNull, SymbolParam } from '../schemas.ts';
import { StatementTypeParam } from './financials.ts';

const DateParam = (description: string) =>
  Type.Optional(Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` }));
const Range = {
  from: DateParam('First trading day, inclusive; default one year before `to` (or before the latest quote)'),
  to: DateParam('Last trading day, inclusive; default the latest quote'),
};

function checkRange(q: { from?: string; to?: string }): void {
  if (q.from && q.to && q.from > q.to)
    throw new AppError('bad_request', '"to" is before "from".', { param: 'to' });
}

/** A day before any quote: a range from it covers all of a company's quotes (decision 0341). */
export const wholeHistory = '1900-01-01';

/**
 * The query for the whole history, with the query's other parameters: made once per query object
 * (the answer front asks with one validated query per query string, for every company), and
 * never changed.
 */
function wholeOf<Q extends { from?: string; to?: string }>(query: Q): Q {
  let whole = wholes.get(query) as Q | undefined;
  if (whole === undefined) {
    const { to: _to, ...rest } = query;
    whole = { ...rest, from: wholeHistory } as Q;
    wholes.set(query, whole);
  }
  return whole;
}
const wholes = new WeakMap<object, object>();

/**
 * A date range that covers every one of the company's quotes, however it is written (`from`
 * before its first day, or the default year for a company quoted for less than a year; no `to`,
 * or one on or after its last day), answers with all of them: its canonical form is
 * `from=1900-01-01` and no `to`. Any other range is left as asked.
 */
export function wholeRange<Q extends { from?: string; to?: string }>(
  query: Q,
  companies: Company[],
  spans: ReadonlyMap<string, QuoteSpan>,
): Q {
  const span = companies.length === 1 ? spans.get(companies[0]!.isin) : undefined;
  if (!span || span.first < wholeHistory) return query;
  if (query.to !== undefined && query.to < span.last) return query;
  // The default start, as the read makes it: a year before `to`, or before the latest quote.
  const from = query.from ?? yearBefore(query.to ?? span.latest);
  if (from > span.first) return query;
  if (query.from === wholeHistory && query.to === undefined) return query;
  return wholeOf(query);
}

/**
 * A range inside the whole history, cut out of it (decision 0347): from `from`, or a year before
 * `to` or the latest quote as the read makes it, to `to`. Not for a company quoted before the
 * whole history's first day.
 */
function sliceRange(query: { from?: string; to?: string }, span: QuoteSpan) {
  if (span.first < wholeHistory) return undefined;
  return { from: query.from ?? yearBefore(query.to ?? span.latest), to: query.to };
}

/**
 * The prepared answer a range is cut from: the default year (up to the latest quote) when the
 * range starts inside it, the whole history otherwise.
 */
function holderOf<Q extends { from?: string; to?: string }>(
  query: Q,
  span: QuoteSpan,
  range: { from: string },
): Q {
  if (range.from < yearBefore(span.latest)) return wholeOf(query);
  const { from: _from, to: _to, ...rest } = query;
  return rest as Q;
}

const quoteFields = {
  symbol: StrOrNull('NSE symbol'),
  isin: Str('ISIN'),
  exchange: Str('Exchange'),
  series: Str('Series'),
  date: IsoDate('Trading day'),
  open: Type.Number({ description: 'Open, rupees' }),
  high: Type.Number({ description: 'High, rupees' }),
  low: Type.Number({ description: 'Low, rupees' }),
  close: Type.Number({ description: 'Close, rupees' }),
  last: Num('Last traded price, rupees'),
  prevClose: Num('Previous close, rupees'),
  change: Num('Close minus previous close, rupees'),
  changePct: Num('Change, %'),
  volume: Type.Number({ description: 'Traded quantity, shares' }),
  tradedValue: Num('Traded value, rupees'),
  trades: Num('Number of trades'),
  deliveryQty: Num('Deliverable quantity'),
  deliveryPct: Num('Deliverable quantity, % of traded'),
  source: Str('Source file'),
  asOf: IsoDate('As-of date'),
};

export const quote = defineEndpoint({
  path: '/quote',
  operationId: 'quote',
  tag: 'Price',
  summary: 'Daily quote',
  description:
    'Latest end-of-day quote for one or more symbols: repeat the parameter (symbol=ITC&symbol=RELIANCE), up to 50.',
  query: Type.Object({
    symbol: Type.Array(Type.String({ pattern: '^[A-Za-z0-9&._-]{1,20}$' }), {
      minItems: 1,
      maxItems: 50,
      description: 'NSE symbol, case-insensitive; repeat for several',
    }),
  }),
  data: Type.Array(Type.Object(quoteFields)),
  tabular: true,
  access: 'symbol',
  symbols: (_p, q) => q.symbol,
  example: { query: { symbol: ['ITC', 'RELIANCE', 'HDFCBANK'] } },
  load: async ({ db, companies }) => {
    const { quotes } = await getQuotes(
      db,
      companies.map((c) => c.ref),
    );
    if (quotes.length === 0) return null;
    return { data: quotes, ...provenanceOf(quotes) };
  },
});

export const dailyQuotes = defineEndpoint({
  path: '/daily-quotes/:symbol',
  operationId: 'dailyQuotes',
  tag: 'Price',
  summary: 'Historical prices, raw and adjusted',
  description:
    'Daily quotes in a date range, oldest first: raw prices as traded, and prices adjusted for splits, bonuses and rights (adj*), with a dividend-adjusted close.',
  params: SymbolParam,
  query: Type.Object(Range),
  data: Type.Array(
    Type.Object({
      ...quoteFields,
      adjOpen: Type.Number({ description: 'Adjusted open' }),
      adjHigh: Type.Number({ description: 'Adjusted high' }),
      adjLow: Type.Number({ description: 'Adjusted low' }),
      adjClose: Type.Number({ description: 'Adjusted close' }),
      adjVolume: Type.Number({ description: 'Adjusted volume' }),
      adjFactor: Type.Number({ description: 'Cumulative price factor applied to the raw prices' }),
      adjChange: Num('Change against the adjusted previous close (on an ex-date, net of the action)'),
      adjChangePct: Num('Change against the adjusted previous close, %'),
      adjCloseWithDividends: Type.Number({ description: 'Close adjusted for dividends too' }),
      dividendFactor: Type.Number({ description: 'Cumulative dividend factor' }),
    }),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'RELIANCE' }, query: { from: '2024-10-21', to: '2024-10-31' } },
  // Prepared: every company's whole history, which a scan "since <a date before the data>", or
  // the default year of a company quoted for less than a year, asks (decision 0341); and the
  // default year, which any other range inside it is cut from (decision 0347).
  prepare: [{ from: wholeHistory }, {}],
  canonical: wholeRange,
  // Every row is the same whatever the range: each day's adjustment reads every factor.
  slice: {
    range: sliceRange,
    holder: holderOf,
    fields: ['date', 'asOf', 'source'],
    // provenanceOf reads the greatest as-of date and the distinct sources.
    kept: { asOf: 'max', source: 'distinct' },
    provenance: (rows) => provenanceOf(rows),
  },
  load: async ({ db, companies, query }) => {
    checkRange(query);
    const rows = await getDailyQuotes(db, companies[0]!.ref, query);
    if (!rows || rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

const priceRatioFields = {
  marketCap: Num('Market capitalisation, rupees crore'),
  enterpriseValue: Num('Enterprise value, rupees crore'),
  priceToEarnings: Num('Price to earnings'),
  priceToBook: Num('Price to book'),
  priceToSales: Num('Price to sales'),
  evToEbitda: Num('EV to EBITDA (null for banks)'),
  dividendYield: Num('Dividend yield, %'),
  earningsYield: Num('Earnings yield, %'),
};

export const dailyPriceRatios = defineEndpoint({
  path: '/daily-price-ratios/:symbol',
  operationId: 'dailyPriceRatios',
  tag: 'Price',
  summary: 'Daily price ratios',
  description:
    'P/E, P/B, P/S, EV/EBITDA, yields and market cap for each trading day, against the latest annual results filed by then.',
  params: SymbolParam,
  query: Type.Object({ ...Range, statement_type: Type.Optional(StatementTypeParam) }),
  data: Type.Array(
    Type.Object({
      symbol: StrOrNull('NSE symbol'),
      date: IsoDate('Trading day'),
      close: Type.Number({ description: 'Close, rupees' }),
      ...priceRatioFields,
      fiscalYear: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Fiscal year of the results used',
      }),
    }),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' }, query: { from: '2024-10-21', to: '2024-10-31' } },
  // One row per NSE quote in the range, as daily-quotes: the same whole history (decision 0341)
  // and default year (0347).
  prepare: [{ from: wholeHistory }, {}],
  canonical: wholeRange,
  // A day's ratios use the results filed by then and every adjustment factor, whatever the range.
  slice: {
    range: sliceRange,
    holder: holderOf,
    fields: ['date'],
    provenance: (rows, holder) => ({ asOf: rows.at(-1)!.date!, source: holder.source }),
  },
  load: async ({ db, companies, query }) => {
    checkRange(query);
    const r = await getDailyPriceRatios(db, companies[0]!.ref, {
      ...query,
      statementType: query.statement_type ?? 'c',
    });
    if (!r || r.days.length === 0) return null;
    const asOf = r.days.at(-1)!.date;
    return { data: r.days.map((d) => ({ symbol: r.symbol, ...d })), asOf, source: r.source };
  },
});

export const annualPriceRatios = defineEndpoint({
  path: '/annual-price-ratios/:symbol',
  operationId: 'annualPriceRatios',
  tag: 'Price',
  summary: 'Annual price ratios',
  description: 'Price ratios per fiscal year at the year-end close, with P/E at the year’s high and low.',
  params: SymbolParam,
  query: Type.Object({ statement_type: Type.Optional(StatementTypeParam) }),
  data: Type.Array(
    Type.Object(
      {
        symbol: StrOrNull('NSE symbol'),
        fiscalYear: Type.Integer({ description: 'Fiscal year' }),
        periodEnd: IsoDate('Fiscal year end'),
        close: Num('Year-end close'),
        high: Num('Year high'),
        low: Num('Year low'),
        ...priceRatioFields,
        highPriceToEarnings: Num('P/E at the year high'),
        lowPriceToEarnings: Num('P/E at the year low'),
      },
      { additionalProperties: Type.Union([Type.Number(), Type.Null()]) },
    ),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: [{ statement_type: 's' }, { statement_type: 'c' }],
  load: async ({ db, companies, query }) => {
    const r = await getAnnualPriceRatios(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
    });
    if (!r || r.years.length === 0 || !r.asOf) return null;
    return { data: r.years.map((y) => ({ symbol: r.symbol, ...y })), asOf: r.asOf, source: r.source };
  },
});
