import type { Aggregator, Metric, Registry } from 'prom-client';
import { type CountSeries, type LatencySeries, latencyBuckets } from './latency.ts';

type Value = { value: number; labels: Record<string, string | number>; metricName?: string };

/**
 * A metric read from plain numbers at scrape time. The registry asks each metric for `get()`
 * (text and the JSON a cluster primary aggregates alike), so series counted outside prom-client
 * on the request path cost nothing until scraped.
 */
function register(
  registry: Registry,
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => Value[],
): void {
  const metric = {
    name,
    help,
    type,
    // Across cluster workers each process counts its own requests: sum them.
    aggregator: 'sum' as Aggregator,
    get: async () => ({ name, help, type, aggregator: 'sum' as Aggregator, values: values() }),
    reset: () => undefined,
  };
  // prom-client's type names its four classes; the registry itself needs only name and get().
  registry.registerMetric(metric as unknown as Metric);
}

/** A counter over plain-number series. */
export function registerCounter(
  registry: Registry,
  name: string,
  help: string,
  series: () => Iterable<CountSeries>,
): void {
  register(registry, name, help, 'counter', () =>
    Array.from(series(), (s) => ({ labels: { ...s.labels }, value: s.value })),
  );
}

/** A histogram over plain-number latency series (buckets of `latencyBuckets`, in seconds). */
export function registerHistogram(
  registry: Registry,
  name: string,
  help: string,
  series: () => Iterable<LatencySeries>,
): void {
  register(registry, name, help, 'histogram', () => {
    const out: Value[] = [];
    for (const s of series()) {
      let acc = 0;
      latencyBuckets.forEach((le, i) => {
        acc += s.counts[i]!;
        out.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le }, value: acc });
      });
      out.push({ metricName: `${name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      out.push({ metricName: `${name}_sum`, labels: { ...s.labels }, value: s.sum });
      out.push({ metricName: `${name}_count`, labels: { ...s.labels }, value: s.count });
    }
    return out;
  });
}
