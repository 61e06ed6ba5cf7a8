import type { PriceBar } from '../parsers/bhavcopy.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';
import {
  dateSymbolChanges,
  recordFormerIsins,
  recordFormerSymbols,
  recordSymbolsSeen,
  resolveIsinRows,
  resolveSymbols,
} from './symbols.ts';

/**
 * Stores one bhavcopy's equity rows as raw NSE daily quotes keyed by ISIN. Rows with an ISIN
 * (legacy layout) are matched on it, and an old symbol in them is added to the symbol history;
 * rows without (full layout) are matched by current or former symbol. Unknown securities are
 * rejected with the reason; a security appearing twice for one day keeps its first row.
 */
export async function loadPrices(ctx: LoadContext, bars: readonly PriceBar[]): Promise<LoadResult> {
  const result = emptyResult();
  const bySymbol = await resolveSymbols(
    ctx.tx,
    bars.filter((b) => !b.isin).map((b) => b.symbol),
  );
  const byIsin = await resolveIsinRows(
    ctx.tx,
    bars.flatMap((b) => (b.isin ? [{ symbol: b.symbol, isin: b.isin }] : [])),
  );
  const current = new Map<string, string | null>();
  if (byIsin.size > 0 || bySymbol.size > 0) {
    const { rows } = await ctx.tx.query<{ isin: string; symbol: string | null }>(
      'SELECT isin, symbol FROM company WHERE isin = ANY($1::text[])',
      [[...new Set([...byIsin.values(), ...bySymbol.values()])]],
    );
    for (const r of rows) current.set(r.isin, r.symbol);
  }
  const seen = new Set<string>();
  const former: { isin: string; symbol: string; date: string }[] = [];
  const formerIsins: { oldIsin: string; isin: string; date: string }[] = [];
  const symbolsSeen: { isin: string; symbol: string; date: string }[] = [];
  const rows: object[] = [];
  for (const b of bars) {
    let isin: string | undefined;
    if (b.isin) {
      // An ISIN the master does not hold may be the company's ISIN before a split.
      isin = byIsin.get(`${b.symbol.toUpperCase()}|${b.isin}`);
      if (!isin) {
        result.rejected.push({ line: b.line, reason: `not in the company master: ${b.symbol} (${b.isin})` });
        continue;
      }
      if (isin !== b.isin) formerIsins.push({ oldIsin: b.isin, isin, date: b.date });
      const now = current.get(isin);
      if (now && now.toUpperCase() !== b.symbol.toUpperCase()) {
        former.push({ isin, symbol: b.symbol, date: b.date });
      }
    } else {
      isin = bySymbol.get(b.symbol.toUpperCase());
      if (!isin) {
        result.rejected.push({ line: b.line, reason: `not in the company master: ${b.symbol}` });
        continue;
      }
    }
    const key = `${isin}|${b.date}`;
    if (seen.has(key)) {
      result.rejected.push({
        line: b.line,
        reason: `repeated security: ${b.symbol} ${b.series} is ${isin} again on ${b.date}`,
      });
      continue;
    }
    seen.add(key);
    symbolsSeen.push({ isin, symbol: b.symbol, date: b.date });
    result.touched.add(isin);
    result.tradeDates.add(b.date);
    rows.push({
      isin,
      d: b.date,
      series: b.series,
      o: b.open,
      h: b.high,
      l: b.low,
      c: b.close,
      last: b.last,
      pc: b.prevClose,
      v: b.volume,
      tv: b.turnover,
      t: b.trades,
      dq: b.deliveryQty,
      dp: b.deliveryPct,
    });
  }
  await recordFormerIsins(ctx.tx, formerIsins, ctx.source);
  await recordSymbolsSeen(ctx.tx, symbolsSeen);
  await recordFormerSymbols(ctx.tx, former, ctx.source);
  // A row under a former symbol moves its change date on; one under the new symbol can move it back.
  await dateSymbolChanges(ctx.tx, [...result.touched]);
  await bulk(
    ctx.tx,
    `INSERT INTO daily_quote (isin, trade_date, exchange, series, open, high, low, close, last, prev_close, volume,
                              traded_value, trades, delivery_qty, delivery_pct, source)
     SELECT r.isin, r.d, 'NSE', r.series, r.o, r.h, r.l, r.c, r.last, r.pc, r.v, r.tv, r.t, r.dq, r.dp, $2
       FROM json_to_recordset($1::json) AS r(isin text, d date, series text, o numeric, h numeric, l numeric,
            c numeric, last numeric, pc numeric, v bigint, tv numeric, t int, dq bigint, dp numeric)
     ON CONFLICT (isin, exchange, trade_date) DO UPDATE SET
       series = EXCLUDED.series, open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
       close = EXCLUDED.close, last = EXCLUDED.last, prev_close = EXCLUDED.prev_close,
       -- A zero never replaces a real figure (a converted file's blanks), nor a lakh-rounded
       -- turnover the exact rupee one of the same day.
       volume = CASE WHEN EXCLUDED.volume = 0 THEN daily_quote.volume ELSE EXCLUDED.volume END,
       traded_value = CASE
         WHEN EXCLUDED.traded_value IS NULL OR EXCLUDED.traded_value = 0 THEN daily_quote.traded_value
         WHEN abs(EXCLUDED.traded_value - daily_quote.traded_value) < 1000
              AND mod(EXCLUDED.traded_value, 1000) = 0 THEN daily_quote.traded_value
         ELSE EXCLUDED.traded_value END,
       trades = CASE WHEN EXCLUDED.trades IS NULL OR EXCLUDED.trades = 0 THEN coalesce(daily_quote.trades, EXCLUDED.trades)
         ELSE EXCLUDED.trades END,
       delivery_qty = CASE WHEN EXCLUDED.delivery_qty IS NULL OR EXCLUDED.delivery_qty = 0
         THEN coalesce(daily_quote.delivery_qty, EXCLUDED.delivery_qty) ELSE EXCLUDED.delivery_qty END,
       delivery_pct = CASE WHEN EXCLUDED.delivery_pct IS NULL OR EXCLUDED.delivery_pct = 0
         THEN coalesce(daily_quote.delivery_pct, EXCLUDED.delivery_pct) ELSE EXCLUDED.delivery_pct END,
       source = EXCLUDED.source, ingested_at = now()
     WHERE (daily_quote.open, daily_quote.high, daily_quote.low, daily_quote.close, daily_quote.volume)
       IS DISTINCT FROM (EXCLUDED.open, EXCLUDED.high, EXCLUDED.low, EXCLUDED.close, EXCLUDED.volume)
        OR (EXCLUDED.trades IS NOT NULL AND EXCLUDED.trades IS DISTINCT FROM daily_quote.trades)
        OR (EXCLUDED.delivery_qty IS NOT NULL AND EXCLUDED.delivery_qty IS DISTINCT FROM daily_quote.delivery_qty)
        OR (EXCLUDED.delivery_pct IS NOT NULL AND EXCLUDED.delivery_pct IS DISTINCT FROM daily_quote.delivery_pct)
        -- Turnover in lakh (the full bhavcopy) is rounded to Rs 1,000: a smaller gap is the same figure.
        OR abs(EXCLUDED.traded_value - daily_quote.traded_value) >= 1000
        OR (EXCLUDED.traded_value IS NOT NULL AND daily_quote.traded_value IS NULL)
        OR (EXCLUDED.traded_value <> daily_quote.traded_value AND mod(EXCLUDED.traded_value, 1000) <> 0
            AND mod(daily_quote.traded_value, 1000) = 0)`,
    rows,
    [ctx.source],
  );
  result.stored = rows.length;
  return result;
}
