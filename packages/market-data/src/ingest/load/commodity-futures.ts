import type { CommodityFutureRecord } from '../parsers/mcx.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';

/** Columns whose zero or blank never replaces a stored figure (decision 0411). */
const KEEP_NONZERO = ['volume_lots', 'volume_quantity', 'value_lakhs', 'open_interest_lots', 'lot_size'];
/** Columns a blank never clears (an untraded day's range, a file without the column). */
const KEEP_GIVEN = ['open', 'high', 'low', 'previous_close', 'settlement', 'unit'];

/**
 * MCX futures, one row per contract and trading day. A re-issued file updates what changed; a
 * zero or blank volume, quantity, value or open interest never replaces a stored figure, and a
 * blank range or previous close never clears one (decision 0411). A contract listed twice in
 * one file is refused the second time.
 */
export async function loadCommodityFutures(
  ctx: LoadContext,
  records: readonly CommodityFutureRecord[],
): Promise<LoadResult> {
  const result = emptyResult();
  const seen = new Map<string, number>();
  const rows: Record<string, unknown>[] = [];
  for (const r of records) {
    const key = `${r.symbol}|${r.expiry}|${r.date}`;
    const first = seen.get(key);
    if (first !== undefined) {
      result.rejected.push({
        line: r.line,
        reason: `contract listed twice: ${r.symbol} ${r.expiry} on ${r.date} (first on line ${first})`,
      });
      continue;
    }
    seen.set(key, r.line);
    rows.push({
      symbol: r.symbol,
      expiry: r.expiry,
      trade_date: r.date,
      instrument: r.instrument,
      open: r.open,
      high: r.high,
      low: r.low,
      close: r.close,
      previous_close: r.previousClose,
      settlement: r.settlement,
      volume_lots: r.volumeLots,
      volume_quantity: r.volumeQuantity,
      quantity_unit: r.quantityUnit,
      unit: r.unit,
      value_lakhs: r.valueLakhs,
      open_interest_lots: r.openInterestLots,
      lot_size: r.lotSize,
    });
  }
  const t = 'commodity_future';
  const kept = (c: string) =>
    // The unit goes with the stored quantity it measures.
    c === 'quantity_unit'
      ? `CASE WHEN coalesce(EXCLUDED.volume_quantity, 0) = 0 AND coalesce(${t}.volume_quantity, 0) <> 0
              THEN ${t}.quantity_unit ELSE coalesce(EXCLUDED.quantity_unit, ${t}.quantity_unit) END`
      : KEEP_NONZERO.includes(c)
        ? `CASE WHEN coalesce(EXCLUDED.${c}, 0) = 0 THEN coalesce(${t}.${c}, EXCLUDED.${c}) ELSE EXCLUDED.${c} END`
        : KEEP_GIVEN.includes(c)
          ? `coalesce(EXCLUDED.${c}, ${t}.${c})`
          : `EXCLUDED.${c}`;
  const cols = ['instrument', 'close', ...KEEP_GIVEN, 'quantity_unit', ...KEEP_NONZERO];
  await bulk(
    ctx.tx,
    `INSERT INTO ${t} (exchange, symbol, expiry, trade_date, ${cols.join(', ')}, source)
     SELECT 'MCX', r.symbol, r.expiry, r.trade_date, ${cols.map((c) => `r.${c}`).join(', ')}, $2
       FROM json_to_recordset($1::json) AS r(symbol text, expiry date, trade_date date, instrument text,
            close double precision, open double precision, high double precision, low double precision,
            previous_close double precision, settlement double precision, quantity_unit text, unit text,
            volume_lots bigint, volume_quantity double precision, value_lakhs double precision,
            open_interest_lots bigint, lot_size double precision)
     ON CONFLICT (exchange, symbol, trade_date, expiry) DO UPDATE SET
       ${cols.map((c) => `${c} = ${kept(c)}`).join(', ')}, source = EXCLUDED.source, ingested_at = now()
     WHERE (${cols.map((c) => `${t}.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map(kept).join(', ')})`,
    rows,
    [ctx.source],
  );
  result.stored = rows.length;
  return result;
}
