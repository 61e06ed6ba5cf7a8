import { resolveCompany } from '@bahi/market-data';
import type { Queryable } from '@bahi/market-data/db';

/** A company named by a request, resolved from whatever symbol the request used. */
export interface Company {
  isin: string;
  symbol: string;
  name: string;
}

/** The company for an NSE symbol (case-insensitive), a former symbol, a BSE code or an ISIN. */
export async function resolveSymbol(db: Queryable, symbol: string): Promise<Company | null> {
  const ref = await resolveCompany(db, symbol);
  return ref ? { isin: ref.isin, symbol: ref.symbol ?? ref.isin, name: ref.name } : null;
}

/** Resolved symbols per data version: a request's symbol costs no query after the first. */
export class SymbolCache {
  private readonly entries = new Map<string, Company | null>();
  private version = -1;
  constructor(private readonly db: Queryable) {}

  async resolve(symbol: string, version: number): Promise<Company | null> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const key = symbol.toUpperCase();
    if (this.entries.has(key)) return this.entries.get(key)!;
    const found = await resolveSymbol(this.db, key);
    if (this.entries.size > 50_000) this.entries.clear();
    this.entries.set(key, found);
    return found;
  }
}
