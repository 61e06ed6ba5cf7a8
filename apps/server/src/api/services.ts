import { getDataVersion, loadQuoteSpans, type QuoteSpan } from '@bahi/market-data';
import type { Db } from '@bahi/market-data/db';
import { loadSyncConfig, type SyncConfig } from '@bahi/market-data/ingest';
import type { Config } from '../config.ts';
import { DatabaseKeep, type TextKeep } from '../plugins/kept-documents.ts';
import { AnswerFiles } from './answer-file.ts';
import { codeFingerprint } from './code-fingerprint.ts';
import { DataVersion } from './data-version.ts';
import { KeyCache } from './key-cache.ts';
import { PerVersion, SymbolCache } from './market.ts';
import { PreparedShapes } from './prepared-shapes.ts';
import { PreparedAnswers } from './prepared-store.ts';
import { RateLimiter, Rejections } from './rate-limit.ts';
import {
  type Answer,
  type CachedResponse,
  entryBytes,
  entryOverhead,
  ResponseCache,
} from './response-cache.ts';

/** The data API's in-process state, one per app. */
export interface DataApiServices {
  db: Db;
  keys: KeyCache;
  limiter: RateLimiter;
  /** Requests refused by a limit, per kind (for /metrics). */
  rejections: Rejections;
  cache: ResponseCache<CachedResponse>;
  /** Answers by request URL (without the key): the fast path for repeated requests. */
  answers: ResponseCache<Answer>;
  version: DataVersion;
  symbols: SymbolCache;
  /**
   * Each company's first and last quote, for endpoints that put a date range in its canonical
   * form (decision 0341); loaded once a prepared set is complete here, or when first needed.
   */
  spans: PerVersion<Map<string, QuoteSpan>>;
  /** Answers prepared when the data changed (decision 0326). */
  prepared: PreparedAnswers;
  /** Query strings validated to prepared variants, for the answer front (decision 0328). */
  shapes: PreparedShapes;
  /** The data sync's settings, for the data status. */
  sync: SyncConfig;
  clock: () => Date;
}

export function createServices(
  db: Db,
  config: Pick<Config, 'redisUrl' | 'responseCacheMb' | 'dataSync' | 'answerFiles'>,
  opts: {
    rateLimitPrefix?: string;
    clock?: () => Date;
    rejections?: Rejections;
    /** A set not copied to the answer file (the copy failed). */
    onFileError?: (err: unknown) => void;
    /** A key's background refresh failed (its cached owner serves until it expires). */
    onKeyRefreshError?: (err: unknown) => void;
  } = {},
): DataApiServices {
  const code = codeFingerprint();
  const budget = config.responseCacheMb * 1024 * 1024;
  const version = new DataVersion(db);
  const symbols = new SymbolCache(db);
  // A new data version's company directory starts loading as soon as the version is read.
  version.onChange((v) => symbols.prepare(v));
  // The quote spans once a prepared set is complete (and copied): after the first answers of a
  // restarted process, not ahead of them on the embedded database's thread (decision 0341).
  // Kept per data version and code (decision 0374): made, they hold that thread for 0.5-0.7 s.
  const spans = new PerVersion(() => keptQuoteSpans(db, new DatabaseKeep(db), code));
  const prepared = new PreparedAnswers(
    db,
    code,
    undefined,
    config.answerFiles ? new AnswerFiles(db, code, config.answerFiles, opts.onFileError) : null,
  );
  prepared.onComplete((v) => spans.prepare(v));
  return {
    db,
    keys: new KeyCache(db, { onError: opts.onKeyRefreshError }),
    limiter: new RateLimiter(config.redisUrl, opts.rateLimitPrefix),
    rejections: opts.rejections ?? new Rejections(),
    // One byte budget for both maps: answers by URL (with their compressed copies) take three
    // quarters, the canonical entries (bodies only) the rest; both LRU. An answer prepared
    // compressed counts in the first at its gzip bytes until a client needs its body (measured
    // again then), in the second at its body's length from the start: it is not measured again.
    cache: new ResponseCache<CachedResponse>(Math.floor(budget / 4), (e) => e.length + entryOverhead),
    answers: new ResponseCache<Answer>(budget - Math.floor(budget / 4), (a) => entryBytes(a.entry)),
    version,
    symbols,
    spans,
    prepared,
    shapes: new PreparedShapes(),
    sync: config.dataSync ?? loadSyncConfig({}),
    clock: opts.clock ?? (() => new Date()),
  };
}

/**
 * The quote spans of the current data version as kept by an earlier process of the same code,
 * or made and kept (a failed read or write of the keep only costs making them). Data loaded
 * between the version's read and the spans' is a newer version, which reads its own.
 */
export async function keptQuoteSpans(db: Db, keep: TextKeep, code: string): Promise<Map<string, QuoteSpan>> {
  const key = `quote-spans v${await getDataVersion(db)} ${code}`;
  const text = await keep.readText(key).catch(() => null);
  if (text !== null) return new Map(JSON.parse(text) as [string, QuoteSpan][]);
  const spans = await loadQuoteSpans(db);
  await keep.keepText(key, 'quote-spans', JSON.stringify([...spans])).catch(() => undefined);
  return spans;
}
