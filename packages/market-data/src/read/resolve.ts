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

/** Every company's identifiers in memory: resolves symbols without a query, as resolveCompany does. */
export interface CompanyDirectory {
  resolve(symbol: string): CompanyRef | null;
  readonly size: number;
  /** Every company, in ISIN order. */
  companies(): CompanyRef[];
}

/**
 * Loads the directory in two queries (companies, symbol history). Same precedence as
 * `resolveCompany`: the current NSE symbol, then the latest former symbol, then a BSE code or ISIN.
 * The companies come as one JSON text, parsed natively: embedded PGlite's row parser took 90–230
 * ms for the default universe's 5,003 rows, the JSON 30–60 ms, and every data request after a
 * start or a data load waits for the directory.
 */
export async function loadCompanyDirectory(q: Queryable): Promise<CompanyDirectory> {
  const { rows: all } = await q.query<{ companies: string | null }>(
    `SELECT json_agg(c)::text AS companies FROM (
       SELECT isin, symbol, name, sector_code AS "sectorCode", industry_code AS "industryCode", layout,
              has_consolidated AS "hasConsolidated", shares_outstanding AS "sharesOutstanding",
              bse_code AS "bseCode"
         FROM company) c`,
  );
  const rows = JSON.parse(all[0]?.companies ?? '[]') as (CompanyRef & { bseCode: string | null })[];
  const history = await q.query<{ isin: string; oldSymbol: string }>(
    `SELECT isin, old_symbol AS "oldSymbol" FROM symbol_history ORDER BY changed_on DESC`,
  );
  const bySymbol = new Map<string, CompanyRef>();
  const byIsin = new Map<string, CompanyRef>();
  const byFormer = new Map<string, CompanyRef>();
  const byOther = new Map<string, CompanyRef>();
  for (const { bseCode, ...ref } of rows) {
    byIsin.set(ref.isin, ref);
    if (ref.symbol) bySymbol.set(ref.symbol.toUpperCase(), ref);
  }
  for (const h of history.rows) {
    const key = h.oldSymbol.toUpperCase();
    const ref = byIsin.get(h.isin);
    if (ref && !byFormer.has(key)) byFormer.set(key, ref);
  }
  for (const { bseCode, isin } of rows) {
    const ref = byIsin.get(isin)!;
    if (bseCode && !byOther.has(bseCode)) byOther.set(bseCode, ref);
    if (!byOther.has(isin)) byOther.set(isin, ref);
  }
  return {
    size: byIsin.size,
    companies: () => [...byIsin.values()].sort((a, b) => (a.isin < b.isin ? -1 : a.isin > b.isin ? 1 : 0)),
    resolve(symbol) {
      const key = symbol.trim().toUpperCase();
      if (!key) return null;
      return bySymbol.get(key) ?? byFormer.get(key) ?? byOther.get(key) ?? null;
    },
  };
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

/** A company as a caller names it: a symbol (BSE code, ISIN) to resolve, or already resolved. */
export type CompanyName = string | CompanyRef;

/**
 * The company for a name: resolved with a query, or as given when the caller resolved it already
 * (the server resolves every request's symbols from its in-memory directory first).
 */
export async function refOf(q: Queryable, company: CompanyName): Promise<CompanyRef | null> {
  return typeof company === 'string' ? resolveCompany(q, company) : company;
}
