/**
 * Query strings the framework has validated as one of an operation's prepared variants
 * (decision 0328). A query's validation does not depend on the path's symbol, so once the
 * framework has taken `financials/ITC?statement_type=s&period=annual` through its validation to
 * a prepared variant, the answer front knows what the same query string means for any other
 * symbol and can read that company's prepared answer itself.
 *
 * Keyed by the operation and the query string exactly as sent, less the API key (`requestKey`):
 * another order, spelling or encoding of the same parameters is another entry, learned from the
 * framework in turn. Bounded: past `limit` entries (junk variations such as `&&&` validate too)
 * the map starts again, and the shapes in use are learned again, one framework request each.
 */
export class PreparedShapes {
  /** The canonical parameters, and the query as validated (for a 402's detail, decision 0370). */
  private readonly known = new Map<
    string,
    { params: string; validated: Readonly<Record<string, unknown>> }
  >();
  /**
   * Query strings of operations with a canonical form (decision 0341), as validated: whether one
   * stands for a prepared variant depends on the company, so the front puts it in its canonical
   * form for each.
   */
  private readonly queries = new Map<string, Readonly<Record<string, unknown>>>();
  /**
   * Query strings the framework has validated to a range it cut out of a prepared answer
   * (decision 0350), as validated: the front cuts the same range for another company itself.
   * Apart from the variants, so that many ranges asked do not push the variants out.
   */
  private readonly cuts = new Map<string, Readonly<Record<string, unknown>>>();

  constructor(private readonly limit = 1024) {}

  /**
   * Records a query string the framework validated to a prepared variant of `e`: its canonical
   * parameters (`params`), or, for an endpoint with a canonical form, the validated query itself
   * (`validated`, the API key left out), which stands for a different variant per company.
   */
  learnVariant(
    e: { operationId: string; canonical?: unknown },
    query: string,
    validated: Readonly<Record<string, unknown>>,
    params: string,
  ): void {
    if (e.canonical) this.learnQuery(e.operationId, query, validated);
    else this.learn(e.operationId, query, params, validated);
  }

  /** Records that `query` (the URL's query string, token left out) validates to `params`. */
  private learn(
    operationId: string,
    query: string,
    params: string,
    validated: Readonly<Record<string, unknown>>,
  ): void {
    const key = `${operationId}?${query}`;
    if (this.known.get(key)?.params === params) return;
    if (this.known.size >= this.limit) this.known.clear();
    this.known.set(key, { params, validated: sameShape(validated) });
  }

  /** Records that `query` validates to `validated` (the API key left out), for `getQuery`. */
  private learnQuery(operationId: string, query: string, validated: Readonly<Record<string, unknown>>): void {
    this.remember(this.queries, `${operationId}?${query}`, validated);
  }

  /** Records that `query` validated to `validated` (the API key left out), a range cut (0350). */
  learnCut(operationId: string, query: string, validated: Readonly<Record<string, unknown>>): void {
    this.remember(this.cuts, `${operationId}?${query}`, validated);
  }

  /** Keeps the first validated query learned under `key`, starting the map again past `limit`. */
  private remember(
    map: Map<string, Readonly<Record<string, unknown>>>,
    key: string,
    validated: Readonly<Record<string, unknown>>,
  ): void {
    if (map.has(key)) return;
    if (map.size >= this.limit) map.clear();
    map.set(key, sameShape(validated));
  }

  /** The query the framework validated `query` to and cut a range for, if learned (0350). */
  getCut(operationId: string, query: string): Readonly<Record<string, unknown>> | undefined {
    return this.cuts.get(`${operationId}?${query}`);
  }

  /** The query the framework validated `query` to, if learned with `learnQuery`. */
  getQuery(operationId: string, query: string): Readonly<Record<string, unknown>> | undefined {
    return this.queries.get(`${operationId}?${query}`);
  }

  /**
   * The canonical parameters (`paramsKey`) the framework validated `query` to, and the query as
   * validated (a 402's detail names it, decision 0370), if learned.
   */
  variant(
    operationId: string,
    query: string,
  ): { params: string; validated: Readonly<Record<string, unknown>> } | undefined {
    return this.known.get(`${operationId}?${query}`);
  }

  get size(): number {
    return this.known.size;
  }
}

/** The query string of a URL without its API key (`requestKey`'s output), or '' for none. */
export function queryOf(keyedUrl: string): string {
  const q = keyedUrl.indexOf('?');
  return q < 0 ? '' : keyedUrl.slice(q + 1);
}

/**
 * A copy of a validated query as a plain object with its parameters in name order. The framework
 * validates into objects of its own making (a prototype-less record, the parameters asked first,
 * the defaults after) and the warm-up into plain ones: kept in one shape, the front's code that
 * reads them, compiled by V8 during the warm-up, is not thrown away at a client's first request.
 */
function sameShape(validated: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(validated).sort()) copy[name] = validated[name];
  return copy;
}
