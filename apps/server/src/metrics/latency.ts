/** Upper bounds (seconds) of the latency histograms' buckets, Prometheus' `le`. */
export const latencyBuckets = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

const boundsMs = latencyBuckets.map((s) => s * 1000);

/**
 * One histogram series kept as plain numbers: observing is a short scan and two additions, with
 * nothing allocated, so it can sit on the request path. Prometheus reads it at scrape time.
 */
export class LatencySeries {
  /** Observations per bucket (not cumulative); the last one is past every bound (+Inf). */
  readonly counts = new Float64Array(boundsMs.length + 1);
  /** Sum of the observations, in seconds. */
  sum = 0;
  count = 0;

  constructor(readonly labels: Readonly<Record<string, string>>) {}

  observe(ms: number): void {
    let i = 0;
    while (i < boundsMs.length && ms > boundsMs[i]!) i++;
    this.counts[i]! += 1;
    this.sum += ms / 1000;
    this.count += 1;
  }
}

/** A counter series kept as a plain number, read at scrape time. */
export interface CountSeries {
  readonly labels: Readonly<Record<string, string>>;
  value: number;
}
