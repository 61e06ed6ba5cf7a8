import type { Queryable } from '@bahi/market-data/db';
import type { Company } from './endpoint.ts';

/** The company for an NSE symbol (case-insensitive), a former symbol, a BSE code or an ISIN. */
export async function resolveSymbol(db: Queryable, symbol: string): Promise<Company | null> {
  const key = symbol.trim().toUpperCase();
  const { rows } = await db.query<Company>(
    `SELECT c.isin, c.symbol, c.name FROM company c
      WHERE c.isin = (
        SELECT isin FROM (
          SELECT isin, 0 AS rank, NULL::date AS d FROM company WHERE upper(symbol) = $1
          UNION ALL
          SELECT isin, 1, changed_on FROM symbol_history WHERE upper(old_symbol) = $1
        ) m ORDER BY rank, d DESC NULLS LAST LIMIT 1)`,
    [key],
  );
  return rows[0] ?? null;
}
