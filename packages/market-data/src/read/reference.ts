import type { Queryable } from '../db/index.ts';
import { type CompanyName, type Provenance, refOf } from './resolve.ts';

export interface Commodity extends Provenance {
  code: string;
  name: string;
  category: string;
  unit: string;
  currency: string;
  firstMonth: string | null;
  lastMonth: string | null;
}

/** Commodity series, optionally one category (e.g. monthly_index, energy, metals). */
export async function listCommodities(q: Queryable, opts: { category?: string } = {}): Promise<Commodity[]> {
  const { rows } = await q.query<Commodity>(
    `SELECT c.code, c.name, c.category, c.unit, c.currency, c.source, c.as_of AS "asOf",
            (SELECT min(month) FROM commodity_price p WHERE p.code = c.code) AS "firstMonth",
            (SELECT max(month) FROM commodity_price p WHERE p.code = c.code) AS "lastMonth"
       FROM commodity c WHERE ($1::text IS NULL OR lower(c.category) = lower($1)) ORDER BY c.category, c.code`,
    [opts.category ?? null],
  );
  return rows;
}

export interface CommodityPrice {
  month: string;
  price: number;
  source: string;
}

/** Monthly prices of one commodity (months as YYYY-MM-01), oldest first; null if unknown. */
export async function getCommodityPrices(
  q: Queryable,
  code: string,
  opts: { from?: string; to?: string } = {},
): Promise<{ commodity: Commodity; prices: CommodityPrice[] } | null> {
  const commodity = (await listCommodities(q)).find(
    (c) => c.code.toUpperCase() === code.trim().toUpperCase(),
  );
  if (!commodity) return null;
  const { rows } = await q.query<CommodityPrice>(
    `SELECT month, price, source FROM commodity_price
      WHERE code = $1 AND ($2::date IS NULL OR month >= $2::date) AND ($3::date IS NULL OR month <= $3::date)
      ORDER BY month`,
    [commodity.code, opts.from ?? null, opts.to ?? null],
  );
  return { commodity, prices: rows };
}

const HORIZONS: [string, number][] = [
  ['1m', 1],
  ['3m', 3],
  ['6m', 6],
  ['1y', 12],
  ['3y', 36],
  ['5y', 60],
  ['10y', 120],
];

/** Percentage change of the latest monthly price against 1, 3, 6 months and 1, 3, 5, 10 years before. */
export async function getCommodityPctChange(
  q: Queryable,
  code: string,
): Promise<{
  commodity: Commodity;
  latest: CommodityPrice | null;
  changes: { horizon: string; fromMonth: string; fromPrice: number; pctChange: number | null }[];
} | null> {
  const all = await getCommodityPrices(q, code);
  if (!all) return null;
  const { prices } = all;
  const latest = prices.at(-1) ?? null;
  const changes = [];
  if (latest) {
    for (const [horizon, months] of HORIZONS) {
      const base = prices[prices.length - 1 - months];
      if (!base) continue;
      changes.push({
        horizon,
        fromMonth: base.month,
        fromPrice: base.price,
        pctChange:
          base.price === 0 ? null : Math.round(((latest.price - base.price) / base.price) * 10000) / 100,
      });
    }
  }
  return { commodity: all.commodity, latest, changes };
}

export interface Holiday extends Provenance {
  exchange: string;
  segment: string;
  date: string;
  weekDay: string;
  description: string;
}

/** Exchange trading holidays; filters by year, exchange and segment (CM, FO, CD, COM…). */
export async function listHolidays(
  q: Queryable,
  opts: { year?: number; exchange?: string; segment?: string } = {},
): Promise<Holiday[]> {
  const { rows } = await q.query<Holiday>(
    `SELECT exchange, segment, holiday_date AS date, trim(to_char(holiday_date, 'Day')) AS "weekDay", description,
            source, as_of AS "asOf"
       FROM exchange_holiday
      WHERE ($1::int IS NULL OR extract(year FROM holiday_date) = $1)
        AND ($2::text IS NULL OR upper(exchange) = upper($2)) AND ($3::text IS NULL OR upper(segment) = upper($3))
      ORDER BY holiday_date, exchange, segment`,
    [opts.year ?? null, opts.exchange ?? null, opts.segment ?? null],
  );
  return rows;
}

export interface Superinvestor extends Provenance {
  id: string;
  name: string;
  kind: string;
  description: string | null;
  synthetic: boolean;
  holdings: number;
  latestPeriod: string | null;
}

export async function listSuperinvestors(q: Queryable): Promise<Superinvestor[]> {
  const { rows } = await q.query<Superinvestor>(
    `SELECT s.id, s.name, s.kind, s.description, s.synthetic, s.source, s.as_of AS "asOf",
            (SELECT count(*)::int FROM superinvestor_holding h WHERE h.investor_id = s.id
               AND h.period_end = (SELECT max(period_end) FROM superinvestor_holding WHERE investor_id = s.id)) AS holdings,
            (SELECT max(period_end) FROM superinvestor_holding h WHERE h.investor_id = s.id) AS "latestPeriod"
       FROM superinvestor s ORDER BY s.name`,
  );
  return rows;
}

export interface SuperinvestorHolding extends Provenance {
  investorId: string;
  investorName: string;
  symbol: string | null;
  company: string;
  isin: string;
  periodEnd: string;
  shares: number;
  pct: number | null;
}

const HOLDING_SELECT = `SELECT h.investor_id AS "investorId", s.name AS "investorName", c.symbol, c.name AS company, c.isin,
  h.period_end AS "periodEnd", h.shares, h.pct, h.source, h.as_of AS "asOf"
  FROM superinvestor_holding h JOIN superinvestor s ON s.id = h.investor_id JOIN company c ON c.isin = h.isin`;

/** One investor's holdings in a quarter (default latest); null when the investor is unknown. */
export async function getSuperinvestorHoldings(
  q: Queryable,
  investorId: string,
  opts: { period?: string } = {},
): Promise<SuperinvestorHolding[] | null> {
  const inv = await q.query('SELECT 1 FROM superinvestor WHERE id = $1', [investorId]);
  if (inv.rows.length === 0) return null;
  const { rows } = await q.query<SuperinvestorHolding>(
    `${HOLDING_SELECT} WHERE h.investor_id = $1 AND h.period_end = COALESCE($2::date,
       (SELECT max(period_end) FROM superinvestor_holding WHERE investor_id = $1))
     ORDER BY h.pct DESC NULLS LAST, c.symbol`,
    [investorId, opts.period ?? null],
  );
  return rows;
}

/** Superinvestors holding a company in their latest reported quarter; null when the symbol is unknown. */
export async function getSuperinvestorsHolding(
  q: Queryable,
  symbol: CompanyName,
): Promise<SuperinvestorHolding[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const isin = ref.isin;
  const { rows } = await q.query<SuperinvestorHolding>(
    `${HOLDING_SELECT} WHERE h.isin = $1 AND h.period_end = (
       SELECT max(period_end) FROM superinvestor_holding x WHERE x.investor_id = h.investor_id)
     ORDER BY h.pct DESC NULLS LAST`,
    [isin],
  );
  return rows;
}
