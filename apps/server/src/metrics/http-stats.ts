import { type CountSeries, LatencySeries } from './latency.ts';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A method's index in `methods`, or one past it for any other (counted as OTHER). */
function methodIndex(method: string): number {
  switch (method) {
    case 'GET':
      return 0;
    case 'HEAD':
      return 1;
    case 'POST':
      return 2;
    case 'PUT':
      return 3;
    case 'PATCH':
      return 4;
    case 'DELETE':
      return 5;
    case 'OPTIONS':
      return 6;
    default:
      return 7;
  }
}

/** One route's answers by method and status, and its latency. */
export class RouteStats {
  /** Keyed by status × 8 + method index: one integer Map lookup per request. */
  readonly responses = new Map<number, CountSeries>();
  readonly latency: LatencySeries;

  constructor(readonly route: string) {
    this.latency = new LatencySeries({ route });
  }
}

/**
 * Requests by route pattern (never the URL), method and status, and latency by route, counted
 * in plain numbers when each request completes (the access-log controller calls `record`). The
 * label sets are bounded: routes are the registered patterns plus `(no route)`, methods the
 * seven usual ones plus OTHER.
 */
export class HttpStats {
  readonly routes = new Map<string, RouteStats>();

  record(route: string, method: string, status: number, ms: number): void {
    let r = this.routes.get(route);
    if (r === undefined) {
      r = new RouteStats(route);
      this.routes.set(route, r);
    }
    r.latency.observe(ms);
    const m = methodIndex(method);
    const key = status * 8 + m;
    const series = r.responses.get(key);
    if (series !== undefined) series.value += 1;
    else
      r.responses.set(key, {
        labels: { route, method: methods[m] ?? 'OTHER', status: String(status) },
        value: 1,
      });
  }
}
