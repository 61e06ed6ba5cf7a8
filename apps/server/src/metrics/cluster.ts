import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from 'prom-client';

type MetricJson = MetricObjectWithValues<MetricValue<string>>;

/**
 * /metrics under WORKERS=N (decision 0324): whichever worker a scrape reaches asks the primary,
 * the primary collects every listening worker's figures as JSON and combines them with each
 * figure's aggregator (prom-client's AggregatorRegistry.aggregate: counters and histograms
 * summed, the data-status gauges taken from the first), and the worker answers with the text.
 * A worker that does not answer within `collectTimeoutMs` is left out; `bahi_workers_reporting`
 * says how many answered.
 */

/** A worker asks the primary for the whole cluster's figures. */
interface ScrapeRequest {
  type: 'bahi:metrics-scrape';
  id: number;
}
/** The primary asks a worker for its own figures... */
interface CollectRequest {
  type: 'bahi:metrics-collect';
  id: number;
}
/** ...which it answers as prom-client's JSON. */
interface CollectAnswer {
  type: 'bahi:metrics-collected';
  id: number;
  metrics?: MetricJson[];
  error?: string;
}
/** The primary's answer to a scrape: the combined text, or why there is none. */
interface ScrapeAnswer {
  type: 'bahi:metrics-text';
  id: number;
  text?: string;
  error?: string;
}

const isMessage = <T extends { type: string }>(m: unknown, type: T['type']): m is T =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;

export const collectTimeoutMs = 3_000;

/**
 * Primary side: answers workers' scrapes by collecting from `workers()` (those listening) and
 * combining. Returns a function that removes the listener.
 */
export function serveClusterMetrics(workers: () => Iterable<Worker>): () => void {
  let next = 0;
  const pending = new Map<number, { metrics: MetricJson[][]; waiting: Set<Worker>; finish: () => void }>();

  const onMessage = (from: Worker, message: unknown) => {
    if (isMessage<CollectAnswer>(message, 'bahi:metrics-collected')) {
      const p = pending.get(message.id);
      if (!p?.waiting.delete(from)) return;
      if (message.metrics) p.metrics.push(message.metrics);
      if (p.waiting.size === 0) p.finish();
      return;
    }
    if (!isMessage<ScrapeRequest>(message, 'bahi:metrics-scrape')) return;
    const id = next++;
    const asked = new Set(Array.from(workers()).filter((w) => w.isConnected()));
    const reply = (answer: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (from.isConnected()) from.send({ type: 'bahi:metrics-text', id: message.id, ...answer });
    };
    const entry = {
      metrics: [] as MetricJson[][],
      waiting: asked,
      finish: () => {
        clearTimeout(timer);
        pending.delete(id);
        AggregatorRegistry.aggregate(entry.metrics)
          .metrics()
          .then(
            (text) => reply({ text }),
            (err: Error) => reply({ error: err.message }),
          );
      },
    };
    const timer = setTimeout(entry.finish, collectTimeoutMs);
    pending.set(id, entry);
    if (asked.size === 0) return entry.finish();
    for (const w of asked) w.send({ type: 'bahi:metrics-collect', id } satisfies CollectRequest);
  };
  cluster.on('message', onMessage);
  return () => cluster.off('message', onMessage);
}

/**
 * Worker side: answers the primary's collections from `registry`, and returns the scrape: the
 * whole cluster's text through the primary. Outside a cluster the scrape is the registry's own text.
 */
export function clusterScrape(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker || !process.send) return () => registry.metrics();
  const waiting = new Map<number, (answer: ScrapeAnswer) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (isMessage<CollectRequest>(message, 'bahi:metrics-collect')) {
      registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: 'bahi:metrics-collected', id: message.id, metrics }),
        (err: Error) =>
          process.send?.({ type: 'bahi:metrics-collected', id: message.id, error: err.message }),
      );
    } else if (isMessage<ScrapeAnswer>(message, 'bahi:metrics-text')) {
      waiting.get(message.id)?.(message);
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer the metrics scrape in time'));
      }, collectTimeoutMs + 2_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text !== undefined) resolve(answer.text);
        else reject(new Error(answer.error ?? 'the primary sent no metrics'));
      });
      process.send?.({ type: 'bahi:metrics-scrape', id } satisfies ScrapeRequest);
    });
}
