import { type CompanyDirectory, type CompanyRef, loadCompanyDirectory } from '@bahi/market-data';
import type { Queryable } from '@bahi/market-data/db';

/** A company named by a request, resolved from whatever symbol the request used. */
export interface Company {
  isin: string;
  symbol: string;
  name: string;
  /** The company as the directory resolved it, handed to the read functions (no second lookup). */
  ref: CompanyRef;
}

const companyOf = (ref: CompanyRef): Company => ({
  isin: ref.isin,
  symbol: ref.symbol ?? ref.isin,
  name: ref.name,
  ref,
});

/**
 * Symbols resolved in memory: every company's identifiers are loaded once per data version
 * (two queries), so resolving a request's symbols costs no query (decision 0321).
 */
export class SymbolCache {
  private directory: Promise<CompanyDirectory> | null = null;
  private version = -1;
  /** The directory once loaded, for `peek`. */
  private loaded: { version: number; directory: CompanyDirectory } | null = null;
  constructor(private readonly db: Queryable) {}

  /**
   * The company without waiting: null for a symbol the version's directory does not know,
   * undefined while that directory is not loaded (the caller takes the asynchronous path).
   */
  peek(symbol: string, version: number): Company | null | undefined {
    if (this.loaded?.version !== version) return undefined;
    const ref = this.loaded.directory.resolve(symbol);
    return ref ? companyOf(ref) : null;
  }

  async resolve(symbol: string, version: number): Promise<Company | null> {
    const ref = (await this.directoryOf(version)).resolve(symbol);
    return ref ? companyOf(ref) : null;
  }

  /** Every company of the version's directory, in ISIN order. */
  async all(version: number): Promise<Company[]> {
    return (await this.directoryOf(version)).companies().map(companyOf);
  }

  /**
   * Starts loading the directory of `version` without waiting for it, so the first requests
   * after a start or a data change do not wait for it (about 50–100 ms on the default universe).
   */
  prepare(version: number): void {
    // A failed load is handled (and dropped) in directoryOf; the next request loads it again.
    void this.directoryOf(version);
  }

  private directoryOf(version: number): Promise<CompanyDirectory> {
    if (version !== this.version || !this.directory) {
      this.version = version;
      const loading = loadCompanyDirectory(this.db);
      this.directory = loading;
      loading.then(
        (directory) => {
          if (this.directory === loading) this.loaded = { version, directory };
        },
        // A failed load is not kept: the next request tries again.
        () => {
          if (this.directory === loading) this.directory = null;
        },
      );
    }
    return this.directory;
  }
}
