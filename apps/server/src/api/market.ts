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
 * A value read from the database once per data version: loaded when first asked for (or
 * `prepare`d), kept until the version changes. A failed load is not kept: the next use loads
 * again.
 */
export class PerVersion<T> {
  private pending: Promise<T> | null = null;
  private version = -1;
  /** The value once loaded, for `peek`. */
  private loaded: { version: number; value: T } | null = null;
  constructor(private readonly load: () => Promise<T>) {}

  /** The version's value without waiting; undefined while it is not loaded. */
  peek(version: number): T | undefined {
    return this.loaded?.version === version ? this.loaded.value : undefined;
  }

  /** Starts loading the version's value without waiting for it. */
  prepare(version: number): void {
    // An older version's turn has passed (a set of it completed late, say).
    if (version < this.version) return;
    // A failed load is handled (and dropped) in `of`; the next use loads it again.
    this.of(version).catch(() => undefined);
  }

  of(version: number): Promise<T> {
    if (version !== this.version || !this.pending) {
      this.version = version;
      const loading = this.load();
      this.pending = loading;
      loading.then(
        (value) => {
          if (this.pending === loading) this.loaded = { version, value };
        },
        () => {
          if (this.pending === loading) this.pending = null;
        },
      );
    }
    return this.pending;
  }
}

/**
 * Symbols resolved in memory: every company's identifiers are loaded once per data version
 * (two queries), so resolving a request's symbols costs no query (decision 0321).
 */
export class SymbolCache {
  private readonly directory: PerVersion<CompanyDirectory>;
  constructor(db: Queryable) {
    this.directory = new PerVersion(() => loadCompanyDirectory(db));
  }

  /**
   * The company without waiting: null for a symbol the version's directory does not know,
   * undefined while that directory is not loaded (the caller takes the asynchronous path).
   */
  peek(symbol: string, version: number): Company | null | undefined {
    const directory = this.directory.peek(version);
    if (!directory) return undefined;
    const ref = directory.resolve(symbol);
    return ref ? companyOf(ref) : null;
  }

  async resolve(symbol: string, version: number): Promise<Company | null> {
    const ref = (await this.directory.of(version)).resolve(symbol);
    return ref ? companyOf(ref) : null;
  }

  /** Every company of the version's directory, in ISIN order. */
  async all(version: number): Promise<Company[]> {
    return (await this.directory.of(version)).companies().map(companyOf);
  }

  /**
   * Starts loading the directory of `version` without waiting for it, so the first requests
   * after a start or a data change do not wait for it (about 50–100 ms on the default universe).
   */
  prepare(version: number): void {
    this.directory.prepare(version);
  }
}
