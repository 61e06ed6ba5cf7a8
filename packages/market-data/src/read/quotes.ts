import type { Queryable } from '../db/index.ts';
import { type AdjustmentFactor, adjustPrice, cumulativeFactors } from '../engine/adjustment.ts';
import { rowsPerStep, yieldToEventLoop } from '../event-loop.ts';
import { type CompanyName, type CompanyRef, type Provenance, refOf } from './resolve.ts';

export interface Quote {
  symbol: string | null;
  isin: string;
  exchange: string;
  series: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  last: number | null;
  prevClose: number | null;
  change: number | null;
  changePct: number | null;
  volume: number;
  tradedValue: number | null;
  trades: number | null;
  deliveryQty: number | null;
  deliveryPct: number | null;
  source: string;
  asOf: string;
}

export interface DailyQuote extends Quote {
  /** Split, bonus and rights adjusted prices; raw prices stay in open/high/low/close. */
  adjOpen: number;
  adjHigh: number;
  adjLow: number;
  adjClose: number;
  adjVolume: number;
  /** Cumulative price factor applied to this day's raw prices. */
  adjFactor: number;
  /** Change against the previous close adjusted the same way: on an ex-date, the move net of the action. */
  adjChange: number | null;
  adjChangePct: number | null;
  /** Close adjusted for dividends as well (total-return style). */
  adjCloseWithDividends: number;
  dividendFactor: number;
}

const QUOTE_COLUMNS = `q.isin, q.exchange, q.series, q.trade_date AS date, q.open, q.high, q.low, q.close, q.last,
  q.prev_close AS "prevClose", q.volume, q.traded_value AS "tradedValue", q.trades,
  q.delivery_qty AS "deliveryQty", q.delivery_pct AS "deliveryPct", q.source, q.trade_date AS "asOf"`;

/** Close minus the previous close, rupees to the paisa; null without a previous close. */
const changeOf = (close: number, prev: number | null) =>
  prev ? Math.round((close - prev) * 100) / 100 : null;
/** The same as a percentage of the previous close, to two decimals. */
const changePctOf = (close: number, prev: number | null) =>
  prev ? Math.round(((close - prev) / prev) * 10000) / 100 : null;

function withChange<T extends Omit<Quote, 'change' | 'changePct' | 'symbol'>>(
  symbol: string | null,
  r: T,
): T & Pick<Quote, 'change' | 'changePct' | 'symbol'> {
  return {
    ...r,
    symbol,
    change: changeOf(r.close, r.prevClose),
    changePct: changePctOf(r.close, r.prevClose),
  };
}

/**
 * Latest end-of-day quote for each company asked (order kept), in one query. Symbols are
 * resolved first (a query each; the server passes companies its directory resolved). Unknown
 * symbols, and companies with no quote, are listed in `unknown` rather than failing the whole
 * request.
 */
export async function getQuotes(
  q: Queryable,
  companies: readonly CompanyName[],
): Promise<{ quotes: Quote[]; unknown: string[] }> {
  const asked: { name: string; ref: CompanyRef | null }[] = [];
  for (const company of companies) {
    const name = typeof company === 'string' ? company : (company.symbol ?? company.isin);
    asked.push({ name, ref: await refOf(q, company) });
  }
  const found = asked.flatMap(({ ref }) => (ref ? [ref] : []));
  if (found.length === 0) return { quotes: [], unknown: asked.map((a) => a.name) };
  // Each company's latest row, found by its own backward index probe (isin, exchange,
  // trade_date), in one round trip.
  const { rows } = await q.query<Omit<Quote, 'change' | 'changePct' | 'symbol'>>(
    `SELECT ${QUOTE_COLUMNS}
       FROM unnest($1::text[]) AS asked(isin)
       CROSS JOIN LATERAL (
         SELECT * FROM daily_quote d WHERE d.isin = asked.isin AND d.exchange = 'NSE'
          ORDER BY d.trade_date DESC LIMIT 1
       ) q`,
    [[...new Set(found.map((ref) => ref.isin))]],
  );
  const latest = new Map(rows.map((r) => [r.isin, r]));
  const quotes: Quote[] = [];
  const unknown: string[] = [];
  for (const { name, ref } of asked) {
    const row = ref ? latest.get(ref.isin) : undefined;
    if (ref && row) quotes.push(withChange(ref.symbol, row));
    else unknown.push(name);
  }
  return { quotes, unknown };
}

/** The days a company's daily quotes cover (ISO dates). */
export interface QuoteSpan {
  /** The first and last trading day of its NSE quotes, the ones `getDailyQuotes` answers with. */
  first: string;
  last: string;
  /** Its latest quote on any exchange: the end of `getDailyQuotes`' default range. */
  latest: string;
}

/**
 * Every company's quote span, by ISIN (companies without NSE quotes left out), in one
 * statement: probes of the daily quotes' primary key per company.
 */
export async function loadQuoteSpans(q: Queryable): Promise<Map<string, QuoteSpan>> {
  // The latest quote on another exchange: two range probes either side of 'NSE' in the key,
  // empty and cheap when a company has NSE quotes only (a plain max over every exchange would
  // read each of the company's rows).
  const { rows } = await q.query<{
    isin: string;
    first: string | null;
    last: string | null;
    latest: string | null;
  }>(
    `SELECT s.isin, to_char(s.first, 'YYYY-MM-DD') AS first, to_char(s.last, 'YYYY-MM-DD') AS last,
            to_char(GREATEST(s.last,
              (SELECT max(d.trade_date) FROM daily_quote d WHERE d.isin = s.isin AND d.exchange < 'NSE'),
              (SELECT max(d.trade_date) FROM daily_quote d WHERE d.isin = s.isin AND d.exchange > 'NSE')), 'YYYY-MM-DD') AS latest
       FROM (SELECT c.isin,
                    (SELECT min(d.trade_date) FROM daily_quote d WHERE d.isin = c.isin AND d.exchange = 'NSE') AS first,
                    (SELECT max(d.trade_date) FROM daily_quote d WHERE d.isin = c.isin AND d.exchange = 'NSE') AS last
               FROM company c) s`,
  );
  const spans = new Map<string, QuoteSpan>();
  for (const { isin, first, last, latest } of rows)
    if (first && last && latest) spans.set(isin, { first, last, latest });
  return spans;
}

/**
 * The day a year before an ISO date, as PostgreSQL's `date - interval '1 year'` makes it (the
 * default start of `getDailyQuotes`' range): the 29th of February gives the 28th.
 */
export function yearBefore(iso: string): string {
  const year = String(Number(iso.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = iso.slice(5) === '02-29' ? '02-28' : iso.slice(5);
  return `${year}-${monthDay}`;
}

/** A company's adjustment factors, oldest first (`$1`: its ISIN). */
const FACTORS_OF_ISIN = `SELECT ex_date AS "exDate", price_factor AS "priceFactor", dividend_factor AS "dividendFactor"
  FROM adjustment_factor WHERE isin = $1 ORDER BY ex_date`;

export async function loadAdjustmentFactors(q: Queryable, isin: string): Promise<AdjustmentFactor[]> {
  const { rows } = await q.query<AdjustmentFactor>(FACTORS_OF_ISIN, [isin]);
  return rows;
}

/**
 * Daily quotes in a date range (inclusive, ISO dates), oldest first, raw and adjusted side by
 * side. Defaults: the last year up to the latest quote. Null when the symbol is unknown.
 */
export async function getDailyQuotes(
  q: Queryable,
  symbol: CompanyName,
  opts: { from?: string; to?: string } = {},
): Promise<DailyQuote[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  // The rows and the company's adjustment factors (with the first run of rows only) come back in
  // one round trip as JSON texts made by the database (numbers as numbers, dates as ISO dates),
  // the rows in runs of `rowsPerStep`: parsing them costs several times less than the driver decoding thousands of
  // rows field by field, on embedded PGlite a few strings cross the thread boundary instead of
  // thousands of objects, and the event loop is handed back between runs, so years of quotes
  // never hold it for one long step (decision 0321).
  const { rows: texts } = await q.query<{ rows: string; factors: string | null }>(
    `SELECT json_agg(x.quote ORDER BY x.date)::text AS rows,
            CASE WHEN x.part = 0 THEN
              (SELECT coalesce(json_agg(f ORDER BY f."exDate"), '[]') FROM (${FACTORS_OF_ISIN}) f)::text
            END AS factors
       FROM (SELECT q.date, row_to_json(q) AS quote, (row_number() OVER (ORDER BY q.date) - 1) / $4 AS part
               FROM (SELECT ${QUOTE_COLUMNS} FROM daily_quote q
                      WHERE q.isin = $1 AND q.exchange = 'NSE'
                        AND q.trade_date >= COALESCE($2::date,
                              COALESCE($3::date, (SELECT max(trade_date) FROM daily_quote WHERE isin = $1)) - interval '1 year')
                        AND ($3::date IS NULL OR q.trade_date <= $3::date)) q) x
      GROUP BY x.part ORDER BY x.part`,
    [ref.isin, opts.from ?? null, opts.to ?? null, rowsPerStep],
  );
  const rows: Omit<Quote, 'change' | 'changePct' | 'symbol'>[] = [];
  for (const [i, text] of texts.entries()) {
    if (i > 0) await yieldToEventLoop();
    for (const row of JSON.parse(text.rows)) rows.push(row);
  }
  const factors = JSON.parse(texts[0]?.factors ?? '[]') as AdjustmentFactor[];
  const dates = rows.map((r) => r.date);
  const cum = cumulativeFactors(dates, factors);
  // The previous close is of the day before: adjusted with the factor of that day (an ex-date is a
  // trading day, so every factor after the day before and up to this day is this day's own).
  const before = cumulativeFactors(dates, factors, { dayBefore: true });
  // One object per row, built whole (a few thousand rows per answer: no intermediate copies),
  // `rowsPerStep` rows between hand-backs.
  const shape = (r: (typeof rows)[number], i: number): DailyQuote => {
    const f = cum[i]!;
    const prev = r.prevClose;
    const adjClose = adjustPrice(r.close, f.price)!;
    const adjPrev = prev ? adjustPrice(prev, before[i]!.price)! : null;
    return {
      isin: r.isin,
      exchange: r.exchange,
      series: r.series,
      date: r.date,
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      last: r.last,
      prevClose: prev,
      volume: r.volume,
      tradedValue: r.tradedValue,
      trades: r.trades,
      deliveryQty: r.deliveryQty,
      deliveryPct: r.deliveryPct,
      source: r.source,
      asOf: r.asOf,
      symbol: ref.symbol,
      change: changeOf(r.close, prev),
      changePct: changePctOf(r.close, prev),
      adjChange: changeOf(adjClose, adjPrev),
      adjChangePct: changePctOf(adjClose, adjPrev),
      adjOpen: adjustPrice(r.open, f.price)!,
      adjHigh: adjustPrice(r.high, f.price)!,
      adjLow: adjustPrice(r.low, f.price)!,
      adjClose,
      adjVolume: Math.round(r.volume / f.price),
      adjFactor: f.price,
      adjCloseWithDividends: adjustPrice(r.close, f.price * f.dividend)!,
      dividendFactor: f.dividend,
    };
  };
  const shaped: DailyQuote[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % rowsPerStep === 0) await yieldToEventLoop();
    shaped[i] = shape(rows[i]!, i);
  }
  return shaped;
}

export interface CorporateAction extends Provenance {
  symbol: string | null;
  action: string;
  exDate: string;
  recordDate: string | null;
  bookClosureStart: string | null;
  bookClosureEnd: string | null;
  purpose: string;
  dividendPerShare: number | null;
  dividendKind: string | null;
  ratio: string | null;
  faceValueFrom: number | null;
  faceValueTo: number | null;
  offerPrice: number | null;
}

export const CORPORATE_ACTIONS = [
  'dividend',
  'bonus',
  'split',
  'rights',
  'buyback',
  'demerger',
  'other',
] as const;

/** Corporate actions of one kind ('all' for every kind), newest first. */
export async function getCorporateActions(
  q: Queryable,
  symbol: CompanyName,
  action: (typeof CORPORATE_ACTIONS)[number] | 'all',
): Promise<CorporateAction[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const { rows } = await q.query<CorporateAction>(
    `SELECT $3::text AS symbol, action, ex_date AS "exDate", record_date AS "recordDate",
            bc_start AS "bookClosureStart", bc_end AS "bookClosureEnd", purpose,
            dividend_per_share AS "dividendPerShare", dividend_kind AS "dividendKind",
            CASE WHEN ratio_new IS NOT NULL THEN trim_scale(ratio_new)::text || ':' || trim_scale(ratio_held)::text END AS ratio,
            face_value_from AS "faceValueFrom", face_value_to AS "faceValueTo", offer_price AS "offerPrice",
            source, as_of AS "asOf"
       FROM corporate_action WHERE isin = $1 AND ($2::text = 'all' OR action = $2)
      ORDER BY ex_date DESC, id DESC`,
    [ref.isin, action, ref.symbol],
  );
  return rows;
}

/** Dividends with yearly totals by financial year (April–March). */
export async function getDividends(
  q: Queryable,
  symbol: CompanyName,
): Promise<{
  symbol: string | null;
  dividends: CorporateAction[];
  byFiscalYear: { fiscalYear: number; total: number }[];
} | null> {
  const dividends = await getCorporateActions(q, symbol, 'dividend');
  if (!dividends) return null;
  const totals = new Map<number, number>();
  for (const d of dividends) {
    const [y, m] = d.exDate.split('-').map(Number) as [number, number];
    const fy = m >= 4 ? y + 1 : y;
    totals.set(fy, Math.round(((totals.get(fy) ?? 0) + (d.dividendPerShare ?? 0)) * 10000) / 10000);
  }
  const ref = await refOf(q, symbol);
  return {
    symbol: ref?.symbol ?? null,
    dividends,
    byFiscalYear: [...totals]
      .map(([fiscalYear, total]) => ({ fiscalYear, total }))
      .sort((a, b) => b.fiscalYear - a.fiscalYear),
  };
}
