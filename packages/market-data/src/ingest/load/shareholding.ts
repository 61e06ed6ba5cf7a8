import type { ShareholdingRecord } from '../parsers/shareholding.ts';
import { bulk, emptyResult, type LoadContext, type LoadResult } from './common.ts';
import { resolveSymbols } from './symbols.ts';

const COLUMN: Record<ShareholdingRecord['category'], string> = {
  promoter: 'promoter_pct',
  promoter_pledged: 'promoter_pledged_pct',
  fii: 'fpi_pct',
  dii: 'dii_pct',
  mutual_fund: 'mutual_funds_pct',
  government: 'government_pct',
  public: 'public_pct',
  shareholders: 'shareholders',
};

/**
 * Quarterly shareholding: categories are merged into one row per company and quarter end; a
 * later file fills in categories an earlier one lacked and never blanks one it does not carry.
 * A quarter without a promoter figure is rejected (the pattern is not usable without it).
 */
export async function loadShareholding(
  ctx: LoadContext,
  records: readonly ShareholdingRecord[],
): Promise<LoadResult> {
  const result = emptyResult();
  const isins = await resolveSymbols(
    ctx.tx,
    records.map((r) => r.symbol),
  );
  const rows = new Map<string, Record<string, unknown> & { line: number }>();
  for (const r of records) {
    const isin = isins.get(r.symbol.toUpperCase());
    if (!isin) {
      result.rejected.push({ line: r.line, reason: `not in the company master: ${r.symbol}` });
      continue;
    }
    const key = `${isin}|${r.periodEnd}`;
    const row = rows.get(key) ?? { isin, period_end: r.periodEnd, line: r.line };
    row[COLUMN[r.category]] = r.value;
    rows.set(key, row);
  }
  const kept = [...rows.values()].filter((row) => {
    if (row.promoter_pct !== undefined) return true;
    result.rejected.push({ line: row.line, reason: `no promoter holding: ${row.period_end}` });
    return false;
  });
  const cols = Object.values(COLUMN);
  await bulk(
    ctx.tx,
    `INSERT INTO shareholding (isin, period_end, ${cols.join(', ')}, source, as_of)
     SELECT r.isin, r.period_end, ${cols.map((c) => `r.${c}`).join(', ')}, $2, r.period_end
       FROM json_to_recordset($1::json) AS r(isin text, period_end date,
            ${cols.map((c) => `${c} ${c === 'shareholders' ? 'int' : 'numeric'}`).join(', ')})
     ON CONFLICT (isin, period_end) DO UPDATE SET
       ${cols.map((c) => `${c} = coalesce(EXCLUDED.${c}, shareholding.${c})`).join(', ')},
       source = EXCLUDED.source, ingested_at = now()
     WHERE (${cols.map((c) => `shareholding.${c}`).join(', ')}) IS DISTINCT FROM
           (${cols.map((c) => `coalesce(EXCLUDED.${c}, shareholding.${c})`).join(', ')})`,
    kept,
    [ctx.source],
  );
  result.stored = kept.length;
  return result;
}
