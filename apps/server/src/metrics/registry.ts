import type { DataSetStatus } from '@bahi/market-data/ingest';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Rejections } from '../api/rate-limit.ts';
import { registerCounter, registerHistogram } from './collectors.ts';
import type { DbStats } from './db-stats.ts';
import type { HttpStats } from './http-stats.ts';
import type { CountSeries } from './latency.ts';

/** What a cache tells the metrics: lookups found and not, bytes and entries held, its bound. */
export interface CacheFigures {
  hits: number;
  misses: number;
  bytes: number;
  size: number;
  maxBytes: number;
}

/** Where the figures come from; everything but `freshness` is plain numbers read when scraped. */
export interface MetricsSources {
  http: HttpStats;
  db: DbStats;
  rejections: Rejections;
  /** The data API's two answer caches (by URL, and the canonical bodies), once it is registered. */
  caches: () => Record<'answers' | 'bodies', CacheFigures> | null;
  /** Lookups of answers prepared when the data changed (decision 0326), once the data API is registered. */
  prepared: () => { hits: number; misses: number; cuts: number; files: { reads: number } | null } | null;
  /** Statements that looked an API key up, once the data API is registered. */
  keyLookups: () => number | null;
  /** Each data set's freshness, computed at scrape time. */
  freshness: () => Promise<DataSetStatus[]>;
  /** A figure that could not be read (the scrape answers without it). */
  onError: (err: Error) => void;
}

const seconds = (iso: string | null) => (iso === null ? null : Date.parse(iso) / 1000);
const daySeconds = (date: string | null) => (date === null ? null : Date.parse(`${date}T00:00:00Z`) / 1000);

/**
 * The server's Prometheus registry (its own, not prom-client's global one, so each app has its
 * own). Each figure says how a cluster primary should combine the workers' figures
 * (`aggregator`), so that a primary can later serve them all with prom-client's
 * AggregatorRegistry over each worker's `metricsRegistry(app)`.
 */
export function createMetricsRegistry(s: MetricsSources): Registry {
  const registry = new Registry();
  // process_* and nodejs_*: CPU, resident memory, heap, handles, GC and event-loop delay.
  collectDefaultMetrics({ register: registry });

  registerCounter(
    registry,
    'bahi_http_requests_total',
    'HTTP requests answered, by route pattern, method and status.',
    function* () {
      for (const r of s.http.routes.values()) yield* r.responses.values();
    },
  );
  registerHistogram(
    registry,
    'bahi_http_request_duration_seconds',
    'Time from the request to the end of its answer, by route pattern.',
    function* () {
      for (const r of s.http.routes.values()) yield r.latency;
    },
  );

  registerCounter(
    registry,
    'bahi_prepared_answer_lookups_total',
    'Cache misses that looked for an answer prepared when the data changed, by result.',
    () => {
      const p = s.prepared();
      if (!p) return [];
      return [
        { labels: { result: 'hit' }, value: p.hits },
        { labels: { result: 'miss' }, value: p.misses },
      ];
    },
  );
  registerCounter(
    registry,
    'bahi_prepared_answer_cuts_total',
    'Answers to a date range cut out of a prepared answer holding it (the default year or the whole history) instead of being made (decision 0347).',
    () => {
      const p = s.prepared();
      return p ? [{ labels: {}, value: p.cuts }] : [];
    },
  );
  registerCounter(
    registry,
    'bahi_answer_file_reads_total',
    'Prepared answers read from the local answer file instead of the database (decision 0329).',
    () => {
      const files = s.prepared()?.files;
      return files ? [{ labels: {}, value: files.reads }] : [];
    },
  );
  registerCounter(
    registry,
    'bahi_api_key_lookups_total',
    'Statements that looked an API key up: a key in use is refreshed once before its cached owner expires (decision 0332).',
    () => {
      const n = s.keyLookups();
      return n === null ? [] : [{ labels: {}, value: n }];
    },
  );
  registerCounter(
    registry,
    'bahi_response_cache_lookups_total',
    'Data API answer-cache lookups, by cache (answers by URL, canonical bodies) and result.',
    () => {
      const caches = s.caches();
      if (!caches) return [];
      return Object.entries(caches).flatMap(([cache, c]): CountSeries[] => [
        { labels: { cache, result: 'hit' }, value: c.hits },
        { labels: { cache, result: 'miss' }, value: c.misses },
      ]);
    },
  );
  const cacheGauge = (name: string, help: string, read: (c: CacheFigures) => number) => {
    const gauge: Gauge<'cache'> = new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [registry],
      aggregator: 'sum',
      collect: () => {
        gauge.reset();
        for (const [cache, c] of Object.entries(s.caches() ?? {})) gauge.set({ cache }, read(c));
      },
    });
  };
  cacheGauge('bahi_response_cache_bytes', 'Bytes the data API answer caches hold.', (c) => c.bytes);
  cacheGauge('bahi_response_cache_entries', 'Answers the data API caches hold.', (c) => c.size);
  cacheGauge(
    'bahi_response_cache_limit_bytes',
    'Bytes each answer cache may hold (RESPONSE_CACHE_MB).',
    (c) => c.maxBytes,
  );

  registerCounter(
    registry,
    'bahi_rate_limit_rejections_total',
    'Requests refused with 429, by limit: data-api, wrong-key, intake, and the abuse limits sign-in, refresh, subscribe, verify.',
    () => Array.from(s.rejections.counts, ([kind, value]) => ({ labels: { kind }, value })),
  );

  registerCounter(
    registry,
    'bahi_db_queries_total',
    'Database calls, by operation (query, exec, transaction, copy) and outcome (ok, error).',
    () => s.db.calls(),
  );
  registerHistogram(registry, 'bahi_db_query_duration_seconds', 'Time of database calls, by operation.', () =>
    s.db.latency.values(),
  );
  const poolGauge = (
    name: string,
    help: string,
    read: (p: { total: number; idle: number; waiting: number }) => number,
  ) => {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'sum',
      collect: () => {
        const pool = s.db.pool();
        if (pool) gauge.set(read(pool));
        else gauge.reset();
      },
    });
  };
  poolGauge('bahi_db_pool_connections', 'Database connections open.', (p) => p.total);
  poolGauge('bahi_db_pool_idle_connections', 'Database connections open and idle.', (p) => p.idle);
  poolGauge('bahi_db_pool_waiting_requests', 'Database calls waiting for a connection.', (p) => p.waiting);

  // 1 per process; under WORKERS=N the primary sums it: how many workers a scrape heard from.
  new Gauge({
    name: 'bahi_workers_reporting',
    help: 'Server processes whose figures this scrape includes.',
    registers: [registry],
    aggregator: 'sum',
  }).set(1);

  registerFreshness(registry, s);
  return registry;
}

/**
 * Per data set the figures of GET /api/v1/data-status, computed once per scrape (the four
 * gauges share one computation): latest data date, last successful sync and next run as Unix
 * seconds, and late as 0 or 1. A figure that is null (never synced, sync off) is left out.
 */
function registerFreshness(registry: Registry, s: MetricsSources): void {
  let pending: Promise<DataSetStatus[] | null> | null = null;
  const statuses = () => {
    pending ??= s
      .freshness()
      .catch((err: Error) => {
        s.onError(err);
        return null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  const gauge = (name: string, help: string, read: (d: DataSetStatus) => number | null) => {
    const g: Gauge<'data_set'> = new Gauge({
      name,
      help,
      labelNames: ['data_set'],
      registers: [registry],
      // Every worker reads the same database: one worker's figure stands for all.
      aggregator: 'first',
      collect: async () => {
        const list = await statuses();
        g.reset();
        for (const d of list ?? []) {
          const value = read(d);
          if (value !== null) g.set({ data_set: d.dataSet }, value);
        }
      },
    });
  };
  gauge(
    'bahi_data_latest_date_seconds',
    'Latest data date of each data set (midnight UTC), Unix seconds.',
    (d) => daySeconds(d.latestDataDate),
  );
  gauge('bahi_data_last_sync_seconds', 'Last successful sync of each data set, Unix seconds.', (d) =>
    seconds(d.lastSyncAt),
  );
  gauge('bahi_data_next_sync_seconds', 'Next scheduled sync of each data set, Unix seconds.', (d) =>
    seconds(d.nextRunAt),
  );
  gauge('bahi_data_late', 'Whether each data set is staler than its schedule allows (1) or not (0).', (d) =>
    d.late ? 1 : 0,
  );
}
