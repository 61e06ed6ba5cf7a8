import type { Queryable } from '../db/index.ts';

/** Where a fact came from: a file or generator name, and the date the fact describes. */
export interface Provenance {
  source: string;
  asOf: string;
}

export interface CompanyRef {
  isin: string;
  symbol: string | null;
  name: string;
  sectorCode: string | null;
  industryCode: string | null;
  layout: string;
  hasConsolidated: boolean;
  sharesOutstanding: number | null;
}

/**
 * Finds a company by NSE symbol (case-insensitive), by a former symbol (symbol history), by
 * BSE code or by ISIN. Null when nothing matches.
 */
export async function resolveCompany(q: Queryable, symbol: string): Promise<CompanyRef | null> {
  const key = symbol.trim().toUpperCase();
  if (!key) return null;
  const { rows } = await q.query<CompanyRef>(
    `SELECT c.isin, c.symbol, c.name, c.sector_code AS "sectorCode", c.industry_code AS "industryCode",
            c.layout, c.has_consolidated AS "hasConsolidated", c.shares_outstanding AS "sharesOutstanding"
       FROM company c
      WHERE c.isin = (
        SELECT isin FROM (
          SELECT isin, 0 AS rank, NULL::date AS d FROM company WHERE upper(symbol) = $1
          UNION ALL
          SELECT isin, 1, changed_on FROM symbol_history WHERE upper(old_symbol) = $1
          UNION ALL
          SELECT isin, 2, NULL FROM company WHERE bse_code = $1 OR isin = $1
        ) m ORDER BY rank, d DESC NULLS LAST LIMIT 1)`,
    [key],
  );
  return rows[0] ?? null;
}

/** Resolves many symbols at once; the map is keyed by the symbol as asked. */
export async function resolveCompanies(
  q: Queryable,
  symbols: readonly string[],
): Promise<Map<string, CompanyRef>> {
  const out = new Map<string, CompanyRef>();
  for (const s of symbols) {
    const ref = await resolveCompany(q, s);
    if (ref) out.set(s, ref);
  }
  return out;
}

export const isoDate = (d: string | Date | null): string | null =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
