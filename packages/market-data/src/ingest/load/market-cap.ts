import type { MarketCapRecord } from '../parsers/market-cap.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';
import { resolveSymbols } from './symbols.ts';

/** Shares outstanding of each company from NSE's market-cap report ("Issue Size"). */
export async function loadMarketCap(
  ctx: LoadContext,
  records: readonly MarketCapRecord[],
): Promise<LoadResult> {
  const result = emptyResult();
  const isins = await resolveSymbols(
    ctx.tx,
    records.map((r) => r.symbol),
  );
  const rows: { isin: string; shares: number }[] = [];
  for (const r of records) {
    const isin = isins.get(r.symbol.toUpperCase());
    if (!isin) result.rejected.push({ line: r.line, reason: `not in the company master: ${r.symbol}` });
    else rows.push({ isin, shares: r.issueSize });
  }
  await bulk(
    ctx.tx,
    `UPDATE company c SET shares_outstanding = r.shares
       FROM json_to_recordset($1::json) AS r(isin text, shares bigint)
      WHERE c.isin = r.isin AND c.shares_outstanding IS DISTINCT FROM r.shares`,
    rows,
  );
  result.stored = rows.length;
  return result;
}
