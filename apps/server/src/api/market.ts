import { resolveCompany } from '@bahi/market-data';
import type { Queryable } from '@bahi/market-data/db';
import type { Company } from './endpoint.ts';

/** The company for an NSE symbol (case-insensitive), a former symbol, a BSE code or an ISIN. */
export async function resolveSymbol(db: Queryable, symbol: string): Promise<Company | null> {
  const ref = await resolveCompany(db, symbol);
  return ref ? { isin: ref.isin, symbol: ref.symbol ?? ref.isin, name: ref.name } : null;
}
