import type { Db } from '@bahi/market-data/db';
import type { Config } from '../config.ts';
import { DataVersion } from './data-version.ts';
import { KeyCache } from './key-cache.ts';
import { SymbolCache } from './market.ts';
import { RateLimiter } from './rate-limit.ts';
import { type Answer, ResponseCache } from './response-cache.ts';

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
}

export function createServices(
  db: Db,
  config: Pick<Config, 'redisUrl'>,
  opts: { rateLimitPrefix?: string } = {},
): DataApiServices {
  return {
    db,
    keys: new KeyCache(db),
    limiter: new RateLimiter(config.redisUrl, opts.rateLimitPrefix),
    cache: new ResponseCache(),
    answers: new ResponseCache<Answer>(),
    version: new DataVersion(db),
    symbols: new SymbolCache(db),
  };
}
