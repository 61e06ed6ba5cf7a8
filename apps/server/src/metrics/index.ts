import { type Db, observeDb } from '@bahi/market-data/db';
import { checkFreshness, loadSyncConfig } from '@bahi/market-data/ingest';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { rejectionsOf } from '../api/rate-limit.ts';
import type { ResponseCache } from '../api/response-cache.ts';
import { DbStats } from './db-stats.ts';
import { HttpStats } from './http-stats.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { type CacheFigures, createMetricsRegistry } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}

/** What is measured while the server runs: requests (fed by the access-log controller) and database calls. */
export interface Measurements {
  http: HttpStats;
  db: DbStats;
  /** The database with every call measured. */
  observedDb: Db;
}

/** Starts measuring: the database's calls are timed through the returned `observedDb`. */
export function startMeasuring(db: Db): Measurements {
  const dbStats = new DbStats(() => db.poolStats?.());
  return { http: new HttpStats(), db: dbStats, observedDb: observeDb(db, dbStats.observe) };
}

const figures = (c: ResponseCache<unknown>): CacheFigures => ({
  hits: c.hits,
  misses: c.misses,
  bytes: c.bytes,
  size: c.size,
  maxBytes: c.maxBytes,
});

/**
 * The metrics registry over the app's measurements and GET /metrics behind the token. Call
 * after the data API is registered (its caches are read at scrape time either way).
 */
export function registerMetrics(app: FastifyInstance, m: Measurements, token: string): Registry {
  const registry = createMetricsRegistry({
    http: m.http,
    db: m.db,
    rejections: rejectionsOf(app),
    caches: () =>
      app.hasDecorator('dataApi')
        ? {
            answers: figures(app.dataApi.answers as ResponseCache<unknown>),
            bodies: figures(app.dataApi.cache as ResponseCache<unknown>),
          }
        : null,
    prepared: () => (app.hasDecorator('dataApi') ? app.dataApi.prepared : null),
    keyLookups: () => (app.hasDecorator('dataApi') ? app.dataApi.keys.lookups : null),
    freshness: () =>
      checkFreshness(
        app.deps.db,
        app.hasDecorator('dataApi') ? app.dataApi.sync : (app.config.dataSync ?? loadSyncConfig({})),
        app.deps.clock(),
      ),
    onError: (err) => app.log.error({ err }, 'metrics: the data status could not be read'),
  });
  app.decorate('metricsRegistry', registry);
  registerMetricsRoute(app, registry, token);
  return registry;
}

/**
 * The app's metrics registry, or null when /metrics is off (no METRICS_TOKEN). A cluster worker
 * hands it to prom-client's `AggregatorRegistry.setRegistries([...])`, so the primary can answer
 * for every worker with `clusterMetrics()`.
 */
export function metricsRegistry(app: FastifyInstance): Registry | null {
  return app.hasDecorator('metricsRegistry') ? app.metricsRegistry : null;
}
