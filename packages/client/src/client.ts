import createClient, { type Client } from 'openapi-fetch';
import { BahiError } from './errors.ts';
import type { paths } from './generated/api-types.ts';
import operationTable from './generated/operations.json' with { type: 'json' };
import { type Arguments, type Operation, requestPath } from './operations.ts';
import { bahiFetch, type TransportOptions } from './transport.ts';

export const apiBasePath = '/api/v1';

export interface BahiClientOptions extends Omit<TransportOptions, 'apiKey'> {
  apiKey: string;
  /** The site's base URL (e.g. https://bahi.example); the API is under /api/v1 there. */
  baseUrl: string;
}

/** Paths of the API that answer GET. */
export type DataPath = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];
/** The 200 body of a path: `{ data, meta }`. */
export type Body<P extends DataPath> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;
/** The `data` part of a path's 200 body. */
export type Data<P extends DataPath> = Body<P> extends { data: infer D } ? D : never;
type Init<P extends DataPath> = paths[P] extends { get: { parameters: infer Q } } ? { params: Q } : never;

/** Every operation of the API, generated from its document. */
export const operations = operationTable as Operation[];

/**
 * The Bahi API client: typed calls by path (`get`), generic calls by operation (`call`), the key
 * as a bearer header, problems thrown as BahiError, 429 retried after Retry-After.
 */
export class BahiClient {
  /** The underlying openapi-fetch client, typed from the API document. */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  private readonly fetcher: (input: Request) => Promise<Response>;

  constructor(opts: BahiClientOptions) {
    if (!opts.apiKey) throw new TypeError('BahiClient needs an apiKey');
    this.baseUrl = `${opts.baseUrl.replace(/\/+$/, '')}${apiBasePath}`;
    this.fetcher = bahiFetch(opts);
    this.raw = createClient<paths>({ baseUrl: this.baseUrl, fetch: this.fetcher });
  }

  /** The whole 200 body (`data` and `meta`) of a GET; throws BahiError otherwise. */
  async get<P extends DataPath>(path: P, init: Init<P>): Promise<Body<P>> {
    // openapi-fetch's overloads are checked through Init<P> above; the call itself is generic.
    const get = this.raw.GET as unknown as (
      p: string,
      i: unknown,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, init);
    if (!response.ok || error !== undefined) throw BahiError.from(response, error);
    return data as Body<P>;
  }

  /** The `data` part of a GET. */
  async data<P extends DataPath>(path: P, init: Init<P>): Promise<Data<P>> {
    return ((await this.get(path, init)) as { data: Data<P> }).data;
  }

  /**
   * Calls an operation by its operationId or snake_case name with named arguments (path and
   * query parameters together); returns the whole 200 body.
   */
  async call(operation: string, args: Arguments = {}): Promise<{ data: unknown; meta: unknown }> {
    const op = operations.find((o) => o.operationId === operation || o.name === operation);
    if (!op) throw new TypeError(`Unknown operation "${operation}"`);
    const response = await this.fetcher(
      new Request(`${this.baseUrl}${requestPath(op, args)}`, { headers: { accept: 'application/json' } }),
    );
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): kept as text for the error.
    }
    if (!response.ok) throw BahiError.from(response, body);
    return body as { data: unknown; meta: unknown };
  }
}
