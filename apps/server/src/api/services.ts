import type { Db } from '@bahi/market-data/db';
import { loadSyncConfig, type SyncConfig } from '@bahi/market-data/ingest';
import type { Config } from '../config.ts';
import { DataVersion } from './data-version.ts';
import type { Answer, Company } from './endpoint.ts';
import { KeyCache } from './key-cache.ts';
import { resolveSymbol } from './market.ts';
import { RateLimiter } from './rate-limit.ts';
import { ResponseCache } from './response-cache.ts';

/** Resolved symbols per data version: a request's symbol costs no query after the first. */
export class SymbolCache {
  private readonly entries = new Map<string, Company | null>();
  private version = -1;
  constructor(private readonly db: Db) {}

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

/** The data API's in-process state, one per app. */
export interface DataApiServices {
  db: Db;
  keys: KeyCache;
  limiter: RateLimiter;
  cache: ResponseCache;
  /** Answers by request URL (without the key): the fast path for repeated requests. */
  answers: ResponseCache<Answer>;
  version: DataVersion;
  symbols: SymbolCache;
  /** The data sync's settings, for the data status. */
  sync: SyncConfig;
  clock: () => Date;
}

export function createServices(
  db: Db,
  config: Pick<Config, 'redisUrl' | 'dataSync'>,
  opts: { rateLimitPrefix?: string; clock?: () => Date } = {},
): DataApiServices {
  return {
    db,
    keys: new KeyCache(db),
    limiter: new RateLimiter(config.redisUrl, opts.rateLimitPrefix),
    cache: new ResponseCache(),
    answers: new ResponseCache<Answer>(),
    version: new DataVersion(db),
    symbols: new SymbolCache(db),
    sync: config.dataSync ?? loadSyncConfig({}),
    clock: opts.clock ?? (() => new Date()),
  };
}
