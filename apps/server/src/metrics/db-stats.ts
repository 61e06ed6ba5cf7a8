import type { DbOperation, PoolStats } from '@bahi/market-data/db';
import { type CountSeries, LatencySeries } from './latency.ts';

const operations: DbOperation[] = ['query', 'exec', 'transaction', 'copy'];

const countsBy = (outcome: 'ok' | 'error') =>
  new Map<DbOperation, CountSeries>(operations.map((op) => [op, { labels: { op, outcome }, value: 0 }]));

/** Database calls by operation and outcome, and their time, as plain numbers (see observeDb). */
export class DbStats {
  readonly latency = new Map<DbOperation, LatencySeries>(
    operations.map((op) => [op, new LatencySeries({ op })]),
  );
  readonly ok = countsBy('ok');
  readonly failed = countsBy('error');

  /** The pool behind the database, when it has one. */
  constructor(readonly pool: () => PoolStats | undefined) {}

  readonly observe = (op: DbOperation, ms: number, failed: boolean): void => {
    this.latency.get(op)!.observe(ms);
    (failed ? this.failed : this.ok).get(op)!.value += 1;
  };

  *calls(): Iterable<CountSeries> {
    yield* this.ok.values();
    yield* this.failed.values();
  }
}
