import type { Queryable } from '../db/index.ts';
import { MCX_CONTRACTS } from '../engine/mcx-contracts.ts';
import type { Provenance } from './resolve.ts';

/** One commodity's futures on an exchange: what is held, and in which units. */
export interface CommodityFutureSeries extends Provenance {
  exchange: string;
  symbol: string;
  /** From MCX's contract specifications; null for a contract the product does not describe. */
  name: string | null;
  /** The prices' quoting unit, e.g. "INR per 10 g"; null when not known. */
  unit: string | null;
  /** The unit of the traded quantity, as the exchange's file names it (KGS, GRMS, BBL...). */
  quantityUnit: string | null;
  firstDate: string;
  lastDate: string;
  /** Contracts (expiries) reported on the last date. */
  contracts: number;
}

/** One contract on one trading day. */
export interface CommodityFutureDay {
  date: string;
  expiry: string;
  instrument: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  previousClose: number | null;
  settlement: number | null;
  volumeLots: number;
  volumeQuantity: number | null;
  valueLakhs: number | null;
  openInterestLots: number | null;
  lotSize: number | null;
  source: string;
}

/** Every commodity with futures held, by exchange and symbol. */
export async function listCommodityFutures(q: Queryable): Promise<CommodityFutureSeries[]> {
  const { rows } = await q.query<Omit<CommodityFutureSeries, 'name'>>(
    `WITH span AS (
       SELECT exchange, symbol, min(trade_date) AS first_date, max(trade_date) AS last_date
         FROM commodity_future GROUP BY exchange, symbol)
     SELECT s.exchange, s.symbol, to_char(s.first_date, 'YYYY-MM-DD') AS "firstDate",
            to_char(s.last_date, 'YYYY-MM-DD') AS "lastDate", to_char(s.last_date, 'YYYY-MM-DD') AS "asOf",
            count(*)::int AS contracts, max(f.unit) AS unit, max(f.quantity_unit) AS "quantityUnit",
            string_agg(DISTINCT f.source, ', ' ORDER BY f.source) AS source
       FROM span s JOIN commodity_future f
         ON f.exchange = s.exchange AND f.symbol = s.symbol AND f.trade_date = s.last_date
      GROUP BY s.exchange, s.symbol, s.first_date, s.last_date
      ORDER BY s.exchange, s.symbol`,
  );
  return rows.map((r) => ({ ...r, name: MCX_CONTRACTS[r.symbol]?.name ?? null }));
}

export interface FuturesQuery {
  /** One trading day (default: the latest held). */
  date?: string;
  from?: string;
  to?: string;
  /** Only this contract. */
  expiry?: string;
}

/**
 * One commodity's futures: every contract on one trading day (the latest when no day or range
 * is asked), or over a range of days, oldest first, nearest expiry first within a day. Null for
 * a symbol without futures.
 */
export async function getCommodityFutures(
  q: Queryable,
  symbol: string,
  opts: FuturesQuery = {},
): Promise<{ series: CommodityFutureSeries; futures: CommodityFutureDay[] } | null> {
  const key = symbol.trim().toUpperCase();
  const series = (await listCommodityFutures(q)).find((s) => s.symbol === key);
  if (!series) return null;
  const ranged = opts.from !== undefined || opts.to !== undefined;
  const from = ranged ? (opts.from ?? null) : (opts.date ?? series.lastDate);
  const to = ranged ? (opts.to ?? null) : (opts.date ?? series.lastDate);
  const { rows } = await q.query<CommodityFutureDay>(
    `SELECT to_char(trade_date, 'YYYY-MM-DD') AS date, to_char(expiry, 'YYYY-MM-DD') AS expiry, instrument,
            open, high, low, close, previous_close AS "previousClose", settlement,
            volume_lots::float8 AS "volumeLots", volume_quantity AS "volumeQuantity", value_lakhs AS "valueLakhs",
            open_interest_lots::float8 AS "openInterestLots", lot_size AS "lotSize", source
       FROM commodity_future
      WHERE exchange = $1 AND symbol = $2
        AND ($3::date IS NULL OR trade_date >= $3::date) AND ($4::date IS NULL OR trade_date <= $4::date)
        AND ($5::date IS NULL OR expiry = $5::date)
      ORDER BY trade_date, expiry`,
    [series.exchange, series.symbol, from, to, opts.expiry ?? null],
  );
  return { series, futures: rows };
}
