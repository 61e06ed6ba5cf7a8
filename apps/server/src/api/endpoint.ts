import { type PlanCode, sampleSymbols } from '@bahi/contracts';
import { type QuoteSpan, rowsPerStep, yieldToEventLoop } from '@bahi/market-data';
import type { Queryable } from '@bahi/market-data/db';
import type { SyncConfig } from '@bahi/market-data/ingest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TObject, TSchema } from 'typebox';
import { AppError } from '../errors.ts';
import { toCsv } from './csv.ts';
import type { Company } from './market.ts';
import { queryOf } from './prepared-shapes.ts';
import { entryFromPrepared } from './prepared-store.ts';
import {
  type Answer,
  type CachedResponse,
  CompressedEntry,
  codingFor,
  compressAbove,
  etagMatches,
  etagOf,
  makeEntry,
  ownBytes,
  readyRepresentation,
  representation,
  type Sent,
} from './response-cache.ts';
import { type Access, routeSchema, serializerOf } from './route-schema.ts';
import { cutOfPieces } from './row-pieces.ts';
import type { DataApiServices } from './services.ts';
import { dataHead } from './slice-rows.ts';

export type { Company } from './market.ts';

/** Tags in the order of the documentation (SPEC §2), each with its description. */
export const tagList = [
  { name: 'Company', description: 'Listed companies: symbols, profiles and search by sector or industry' },
  { name: 'Financials', description: 'Financial statements and revenue by segment' },
  { name: 'Financial Analysis', description: 'Ratios, financial metrics and basic financials' },
  { name: 'Price', description: 'Daily quotes, historical adjusted prices and price ratios' },
  { name: 'Peers', description: 'Companies in the same sector or industry' },
  { name: 'Shareholdings', description: 'Shareholding patterns by quarter' },
  { name: 'Corporate Action', description: 'Dividends, bonuses, splits, rights and buybacks' },
  {
    name: 'Commodities',
    description: 'Monthly commodity and raw material prices, and daily MCX futures by contract',
  },
  { name: 'Exchange', description: 'Exchange holidays' },
  { name: 'Superinvestors', description: 'Portfolios of well-known investors' },
  { name: 'Data Status', description: 'How fresh each data set is and when it is next synced' },
] as const;
export type Tag = (typeof tagList)[number]['name'];

export type { Access } from './route-schema.ts';

export interface LoadContext<P, Q> {
  db: Queryable;
  params: P;
  query: Q;
  /** The companies named by the request, resolved (old symbols included), in request order. */
  companies: Company[];
  /** The data sync's settings (sources and schedules). */
  sync: SyncConfig;
  /** The time of the request. */
  now: Date;
}

export interface Loaded {
  data: unknown;
  asOf: string;
  source: string;
}

export interface Example {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
}

export interface Endpoint<P extends TObject = TObject, Q extends TObject = TObject> {
  /** Path under /api/v1, Fastify style (`/financials/:symbol`). */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  params?: P;
  query?: Q;
  /** Schema of `data` in the 200 body. */
  data: TSchema;
  /** Tabular endpoints also answer `format=csv`: one line per row of `data` (or of `csvRows(data)`). */
  tabular: boolean;
  csvRows?: (data: never) => Record<string, unknown>[];
  access: Access;
  /**
   * A live answer (changes with the clock, not only with the data): never cached, and not
   * counted against the caller's rate limit.
   */
  live?: true;
  /** The symbols the request names, for resolution and access checks. */
  symbols?: (params: Static<P>, query: Static<Q>) => string[];
  /** The documented example request, for a sample company. */
  example: Example | ((db: Queryable) => Promise<Example>);
  /**
   * Query variants whose answers are prepared for every company when the data changes
   * (decision 0326), each with the query's defaults filled in: a scan of the universe with one
   * of them reads a stored answer instead of running `load`. Per-company endpoints only.
   */
  prepare?: Record<string, string>[];
  /**
   * The query in its canonical form for these companies, when another query asks the same
   * question and gets the same answer byte for byte (decision 0341): a date range covering all
   * of a company's quotes, however it is written, becomes one query, so those requests share
   * one cached and one prepared answer. Returns `query` itself when it has no other form.
   * `spans` are the companies' quote spans by ISIN.
   */
  canonical?: (query: Static<Q>, companies: Company[], spans: ReadonlyMap<string, QuoteSpan>) => Static<Q>;
  /**
   * A date range that is not a prepared variant is cut out of a prepared answer that holds it
   * (decision 0347): the rows in the range, as bytes, in the serializer's envelope with the
   * slice's own provenance. Only for an endpoint whose every row is the same whatever the range.
   */
  slice?: Slice<Static<Q>>;
  /** Reads the data; null means valid parameters but nothing to serve (402). */
  load: (ctx: LoadContext<Static<P>, Static<Q>>) => Promise<Loaded | null>;
}

export interface Slice<Q> {
  /**
   * The first and last day `query` asks of a company with these quotes (the defaults as the
   * read makes them; no `to`: up to the last), or undefined when it cannot be cut.
   */
  range: (query: Q, span: QuoteSpan) => { from: string; to?: string } | undefined;
  /**
   * The prepared query whose answer holds every row of `range` (the smallest such: the default
   * year for a range inside it, else the whole history), before its canonical form.
   */
  holder: (query: Q, span: QuoteSpan, range: { from: string; to?: string }) => Q;
  /** Each row's string fields the provenance reads, the row's date first. */
  fields: readonly string[];
  /**
   * How a prepared answer's pieces (decision 0348) keep the fields after the date, for a cut
   * that holds a piece whole and does not read its rows (decision 0354): each field's greatest
   * value, or each of its distinct values (a field not named here).
   */
  kept?: Readonly<Record<string, 'max' | 'distinct'>>;
  /**
   * A slice's provenance from its rows' `fields` and the holder's provenance. It must depend on
   * the rows only through the last row's date and, per field after the date, what `kept` keeps
   * of it: a piece a cut holds whole is handed to it as rows that hold just that (the piece's
   * last date, its greatest values, its distinct values one to a row).
   */
  provenance: (
    rows: readonly Record<string, string>[],
    holder: { asOf: string; source: string },
  ) => { asOf: string; source: string };
}

export function defineEndpoint<P extends TObject, Q extends TObject>(e: Endpoint<P, Q>): Endpoint {
  return e as unknown as Endpoint;
}

export function authorize(e: Pick<Endpoint, 'access'>, plan: PlanCode, companies: Company[]): void {
  if (e.access === 'market' || plan !== 'B') return;
  if (e.access === 'paid') {
    throw new AppError(
      'forbidden',
      'This endpoint needs a paid plan (Individual, Professional or Enterprise).',
    );
  }
  const outside = companies.filter((c) => !(sampleSymbols as readonly string[]).includes(c.symbol));
  if (outside.length > 0) {
    throw new AppError(
      'forbidden',
      `The Basic plan covers the sample companies ${sampleSymbols.join(', ')} only; ${outside
        .map((c) => c.symbol)
        .join(', ')} needs a paid plan.`,
    );
  }
}

/**
 * The companies the request names, in request order, each once: `symbol=ITC&symbol=itc`, or a
 * current and a former symbol of one company, answer for that company once.
 */
export async function resolveCompanies(svc: DataApiServices, symbols: string[], version: number) {
  const out: Company[] = [];
  for (const s of symbols) {
    const c = await svc.symbols.resolve(s, version);
    if (!c) throw new AppError('not_found', `Unknown symbol "${s}".`, { param: 'symbol' });
    if (!out.some((o) => o.isin === c.isin)) out.push(c);
  }
  return out;
}

const ignoredInKey = new Set(['token', 'format', 'symbol']);

/** The parameters that tell answers apart (the symbol is named by the companies instead). */
function paramsKey(input: Record<string, unknown>): string {
  return Object.keys(input)
    .filter((k) => !ignoredInKey.has(k))
    .sort()
    .map((k) => `${k}=${JSON.stringify(input[k])}`)
    .join('&');
}

/** The canonical key of an answer: operation, format, companies, other parameters, version. */
export function cacheKey(
  e: Endpoint,
  companies: Company[],
  input: Record<string, unknown>,
  format: string,
  v: number,
) {
  return keyOf(e, companies, paramsKey(input), format, v);
}

const keyOf = (e: Endpoint, companies: Company[], params: string, format: string, v: number) =>
  `${v}|${e.operationId}|${format}|${companies.map((c) => c.isin).join(',')}|${params}`;

/**
 * The canonical key of a prepared (JSON) answer for one company, `params` from `paramsKey`:
 * `keyOf` for that one company, without its list.
 */
export const preparedKey = (e: Endpoint, company: Company, params: string, v: number) =>
  `${v}|${e.operationId}|json|${company.isin}|${params}`;

/**
 * The query a `prepare` variant stands for once validated, as Fastify's validation makes it:
 * the schema's defaults, then the variant, each value of a number or integer property as a
 * number.
 */
export function variantQuery(e: Endpoint, variant: Record<string, string>): Record<string, unknown> {
  const properties = routeSchema(e).querystring.properties as Record<
    string,
    { default?: unknown; type?: string }
  >;
  const query: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (schema.default !== undefined) query[name] = schema.default;
  }
  for (const [name, value] of Object.entries(variant)) {
    const type = properties[name]?.type;
    query[name] = type === 'integer' || type === 'number' ? Number(value) : value;
  }
  return query;
}

const preparedKeys = new WeakMap<Endpoint, Set<string>>();

/** The `paramsKey` of each of the endpoint's `prepare` variants, made once. */
function preparedParams(e: Endpoint): Set<string> {
  let keys = preparedKeys.get(e);
  if (!keys) {
    keys = new Set((e.prepare ?? []).map((v) => paramsKey(variantQuery(e, v))));
    preparedKeys.set(e, keys);
  }
  return keys;
}

/**
 * Each of the endpoint's `prepare` variants as a query string (its parameters in the variant's
 * order), the query the framework's validation makes of it, and that query's `paramsKey`.
 */
export function preparedQueries(
  e: Endpoint,
): { query: string; validated: Record<string, unknown>; params: string }[] {
  return (e.prepare ?? []).map((v) => {
    const validated = variantQuery(e, v);
    return { query: new URLSearchParams(v).toString(), validated, params: paramsKey(validated) };
  });
}

/** Whether a validated request is one of the endpoint's `prepare` variants (symbol aside). */
export function isPreparedVariant(e: Endpoint, input: Record<string, unknown>): boolean {
  return isPreparedParams(e, paramsKey(input));
}

/** The same, for a request's `paramsKey` already made. */
function isPreparedParams(e: Endpoint, params: string): boolean {
  return e.prepare !== undefined && preparedParams(e).has(params);
}

/**
 * The same bytes as `serialize({ data, meta })`, made `rowsPerStep` rows at a time with the
 * event loop handed back between: each slice goes through the same serializer, and its rows are
 * cut out of the envelope (`{"data":[` rows `],"meta":…}`) that an empty list gives.
 */
export async function serializeInSlices(
  serialize: (body: unknown) => string,
  data: readonly unknown[],
  meta: unknown,
): Promise<string> {
  const empty = serialize({ data: [], meta });
  const head = '{"data":[';
  const tail = empty.slice(head.length);
  if (!empty.startsWith(head) || !tail.startsWith(']')) return serialize({ data, meta });
  const parts: string[] = [];
  for (let i = 0; i < data.length; i += rowsPerStep) {
    if (i > 0) await yieldToEventLoop();
    const slice = serialize({ data: data.slice(i, i + rowsPerStep), meta });
    parts.push(slice.slice(head.length, slice.length - tail.length));
  }
  return head + parts.join(',') + tail;
}

/** Runs an endpoint (without access checks) to a serialized, cacheable response. */
export async function produce(
  e: Endpoint,
  svc: DataApiServices,
  input: { params: Record<string, unknown>; query: Record<string, unknown> },
  companies: Company[],
  version: number,
  serialize: (body: unknown) => string,
  /** The request's URL: a prepared variant's query string is told to the answer front (0328). */
  url?: string,
): Promise<CachedResponse> {
  const format = input.query.format === 'csv' && e.tabular ? 'csv' : 'json';
  const query = canonicalQuery(e, svc, input.query, companies, version);
  const params = paramsKey({ ...input.params, ...query });
  const key = keyOf(e, companies, params, format, version);
  const prepared = format === 'json' && isPreparedParams(e, params);
  // Validated: the same query string means the same variant for any other symbol. For an
  // endpoint with a canonical form, whether it is a prepared variant depends on the company (the
  // default year is one company's whole history and another's prepared year, decision 0347):
  // the front is told the query, to put in its canonical form for each company (decision 0341).
  if (prepared && url !== undefined) {
    const { token: _token, ...validated } = input.query;
    svc.shapes.learnVariant(e, queryOf(requestKey(url)), validated, params);
  }
  const hit = e.live ? undefined : svc.cache.get(key);
  if (hit) return hit;
  // Prepared when the data changed: one read by primary key instead of the load (decision 0326).
  if (prepared && svc.prepared.isComplete(version, e.operationId)) {
    const row = await svc.prepared.get(version, e.operationId, key);
    if (row) {
      if (!row.gzip) throw new AppError('request_failed', missingDetail(e, companies, input));
      const entry = entryFromPrepared(row, row.gzip);
      svc.cache.set(key, entry);
      return entry;
    }
  }
  // A range inside a prepared answer: cut out of it (decision 0347).
  const cut =
    format === 'json' && e.slice && !prepared
      ? await cutFromHolder(e, e.slice, svc, input, query, companies, version, serialize)
      : undefined;
  if (cut) {
    svc.cache.set(key, cut);
    // Validated: the same query string is the same range for any other company, which the
    // front then cuts itself (decision 0350).
    if (url !== undefined) {
      const { token: _token, ...validated } = input.query;
      svc.shapes.learnCut(e.operationId, queryOf(requestKey(url)), validated);
    }
    return cut;
  }
  const entry = await build(e, svc, { params: input.params, query }, companies, version, serialize, format);
  if (!entry) throw new AppError('request_failed', missingDetail(e, companies, input));
  if (!e.live) svc.cache.set(key, entry);
  return entry;
}

/**
 * The answer front's cut (decision 0350): the answer to a validated `query` for `company`, when
 * it is a range cut out of a prepared answer as `produce` cuts it (its cached entry, or one cut
 * now and kept), or undefined when `produce` would answer it otherwise. Throws where `produce`
 * would (no data in the range).
 */
export async function cutForFront(
  e: Endpoint,
  svc: DataApiServices,
  symbol: string,
  query: Readonly<Record<string, unknown>>,
  company: Company,
  version: number,
): Promise<CachedResponse | undefined> {
  if (!e.slice || e.live || query.format === 'csv') return undefined;
  const companies = [company];
  const canonical = canonicalQuery(e, svc, query, companies, version);
  const params = paramsKey(canonical);
  if (isPreparedParams(e, params)) return undefined;
  const key = preparedKey(e, company, params, version);
  const hit = svc.cache.get(key);
  if (hit) return hit;
  const input = { params: { symbol }, query };
  const cut = await cutFromHolder(e, e.slice, svc, input, canonical, companies, version, serializerOf(e));
  if (cut) svc.cache.set(key, cut);
  return cut;
}

/**
 * The answer to a range, cut out of the prepared answer that holds it (the default year or the
 * whole history; decision 0347): the rows in the range, their bytes as prepared, in the envelope
 * the serializer makes with the slice's own provenance, so the answer is the one made on request
 * byte for byte. The rows are read from the holder's pieces near the range (decision 0348), not
 * from its whole body. Undefined when it cannot be cut (spans not loaded yet, the holder's set
 * not complete or its answer not prepared, no pieces, pieces or rows the scan refuses): it is
 * then made as asked.
 */
async function cutFromHolder(
  e: Endpoint,
  slice: Slice<Record<string, unknown>>,
  svc: DataApiServices,
  input: { params: Record<string, unknown>; query: Record<string, unknown> },
  query: Record<string, unknown>,
  companies: Company[],
  version: number,
  serialize: (body: unknown) => string,
): Promise<CachedResponse | undefined> {
  const spans = svc.spans.peek(version);
  const span = companies.length === 1 ? spans?.get(companies[0]!.isin) : undefined;
  const range = span && slice.range(query, span);
  // A range that ends before it starts is refused by the load, as asked.
  if (!spans || !range || (range.to !== undefined && range.to < range.from)) return undefined;
  const holder = slice.holder(query, span, range);
  const params = paramsKey({ ...input.params, ...(e.canonical?.(holder, companies, spans) ?? holder) });
  if (!isPreparedParams(e, params) || !svc.prepared.isComplete(version, e.operationId)) return undefined;
  const row = await svc.prepared.pieces(version, e.operationId, keyOf(e, companies, params, 'json', version));
  if (!row) return undefined;
  if (row.length === 0) throw new AppError('request_failed', missingDetail(e, companies, input));
  // Only the pieces at the cut's edges are inflated and scanned (decisions 0348, 0354): one or
  // two of 16 rows for any range, where the whole default year's brotli took 0.15–1.5 ms (in
  // libuv's pool) and its scan 0.3–1 ms.
  const cut = row.pieces ? cutOfPieces(row.pieces, range.from, range.to, slice.fields) : undefined;
  if (!cut) return undefined;
  if (cut.rows.length === 0) throw new AppError('request_failed', missingDetail(e, companies, input));
  const meta = { ...slice.provenance(cut.rows, row), dataVersion: version };
  const empty = Buffer.from(serialize({ data: [], meta }), 'utf8');
  const tail = empty.subarray(dataHead.length);
  if (empty.compare(dataHead, 0, dataHead.length, 0, dataHead.length) !== 0 || tail[0] !== 0x5d /* ] */)
    return undefined;
  svc.prepared.cuts += 1;
  const length = dataHead.length + cut.length + tail.length;
  if (length < compressAbove)
    return makeEntry(
      Buffer.concat([dataHead, cut.bytes(), tail]),
      'application/json; charset=utf-8',
      version,
      meta,
    );
  // Held as its gzip copy alone, made of the pieces' own compressed bytes (decision 0350): about
  // a twentieth of the CPU a br copy made on request took (0.2-0.3 ms of a cut's 1 ms). The body
  // is not laid out (decision 0353), and the rows of the pieces it holds whole are not even
  // inflated (0354): its ETag names its holder's (a digest of the holder's body under this
  // version), where the cut lies in it and the envelope's end, and a client that asks it plain
  // or in br has it decompressed then.
  const etag = etagOf(version, [Buffer.from(`${row.etag} ${cut.span[0]} ${cut.span[1]} `), tail]);
  const gzip = ownBytes(cut.gzip(dataHead, tail));
  // Its own strong ETag: other bytes than a gzip of the body (and, since decision 0358, than the
  // copy with compressed edges the same cut had before).
  const held = { body: gzip, etag: `${etag.slice(0, -1)}-gzip-pieces2"`, coding: 'gzip' as const };
  return new CompressedEntry(held, length, etag, meta.asOf, meta.source);
}

/**
 * The parameters (`paramsKey`) of the prepared variant a validated query stands for once put in
 * its canonical form for this company, or undefined when it stands for none.
 */
export function preparedParamsFor(
  e: Endpoint,
  svc: Pick<DataApiServices, 'spans'>,
  query: Record<string, unknown>,
  company: Company,
  version: number,
): string | undefined {
  const params = paramsFor(e, svc, query, company, version);
  return isPreparedParams(e, params) ? params : undefined;
}

/**
 * The parameters (`paramsKey`) a validated query stands for once put in its canonical form for
 * this company: with `preparedKey`, the key its answer is kept under, prepared or cut.
 */
export function paramsFor(
  e: Endpoint,
  svc: Pick<DataApiServices, 'spans'>,
  query: Record<string, unknown>,
  company: Company,
  version: number,
): string {
  const canonical = canonicalQuery(e, svc, query, [company], version);
  let params = canonicalParams.get(canonical);
  if (params === undefined) {
    params = paramsKey(canonical);
    canonicalParams.set(canonical, params);
  }
  return params;
}

/**
 * `paramsKey` of a canonical query, made once per query object: the front asks with the query
 * its shapes hold for a query string, for every company, and a whole range's canonical form is
 * made once per query (`wholeRange`). Canonical queries are never changed once made.
 */
const canonicalParams = new WeakMap<object, string>();

/**
 * The request's query in the endpoint's canonical form, once the version's quote spans are
 * loaded (until then it is answered as asked, and the load is started if it was not).
 */
function canonicalQuery(
  e: Endpoint,
  svc: Pick<DataApiServices, 'spans'>,
  query: Record<string, unknown>,
  companies: Company[],
  version: number,
): Record<string, unknown> {
  if (!e.canonical) return query;
  const spans = svc.spans.peek(version);
  if (spans) return e.canonical(query, companies, spans);
  svc.spans.prepare(version);
  return query;
}

/** Loads and serializes an answer; null when the parameters are valid but there is no data. */
export async function build(
  e: Endpoint,
  svc: Pick<DataApiServices, 'db' | 'sync' | 'clock'>,
  input: { params: Record<string, unknown>; query: Record<string, unknown> },
  companies: Company[],
  version: number,
  serialize: (body: unknown) => string,
  format: 'json' | 'csv' = 'json',
): Promise<CachedResponse | null> {
  const loaded = await e.load({
    db: svc.db,
    params: input.params,
    query: input.query,
    companies,
    sync: svc.sync,
    now: svc.clock(),
  });
  if (!loaded) return null;
  // Rows arrive, are shaped, serialized and hashed in one turn of the event loop unless it is
  // handed back between: for a large answer (years of daily quotes) that is tens of
  // milliseconds other requests (a health check, a cached answer) would wait behind.
  const large = Array.isArray(loaded.data) && loaded.data.length > rowsPerStep;
  if (large) await yieldToEventLoop();
  const meta = { asOf: loaded.asOf, source: loaded.source, dataVersion: version };
  const json = large
    ? await serializeInSlices(serialize, loaded.data as unknown[], meta)
    : serialize({ data: loaded.data, meta });
  if (large) await yieldToEventLoop();
  return format === 'csv'
    ? makeEntry(
        toCsv(csvRowsOf(e, JSON.parse(json).data), columnsOf(e.data)),
        'text/csv; charset=utf-8',
        version,
        meta,
      )
    : makeEntry(json, 'application/json; charset=utf-8', version, meta);
}

/**
 * The request's cache key: its URL without the API key, so every subscriber asking the same
 * question shares one entry. The same URL always parses to the same parameters.
 */
export function requestKey(url: string): string {
  for (let i = url.indexOf('token='); i > 0; i = url.indexOf('token=', i + 6)) {
    const before = url.charCodeAt(i - 1);
    if (before !== 63 /* ? */ && before !== 38 /* & */) continue;
    const end = url.indexOf('&', i);
    return end < 0 ? url.slice(0, i - 1) : url.slice(0, i) + url.slice(end + 1);
  }
  return url;
}

const cacheControl = 'private, max-age=900, must-revalidate';

/** The cache key of a request's answer: the data version and the URL without the API key. */
export const answerKey = (version: number, url: string) => requestAnswerKey(version, requestKey(url));

/** The same, from the URL already without the key (`requestKey`). */
export const requestAnswerKey = (version: number, request: string) => `${version}|${request}`;

/**
 * The fields of a data answer that name its representation: ETag, caching, provenance (also on
 * a 304), as name, value, name, value...
 */
export function validatorFields(live: boolean, entry: CachedResponse, sent: Sent): string[] {
  return [
    'etag',
    sent.etag,
    // A live answer may change at any moment: stored, but checked again before each use.
    'cache-control',
    live ? 'private, no-cache' : cacheControl,
    'vary',
    'Accept-Encoding, Authorization',
    'x-data-as-of',
    entry.asOf,
    'x-data-source',
    entry.source,
  ];
}

/** The fields that describe a data answer's body (200 only). */
export function bodyFields(operationId: string, entry: CachedResponse, sent: Sent): string[] {
  const fields: string[] = [];
  if (entry.csv) fields.push('content-disposition', `attachment; filename="${operationId}.csv"`);
  if (sent.coding) fields.push('content-encoding', sent.coding);
  fields.push('content-type', entry.contentType);
  return fields;
}

export function handlerFor(e: Endpoint, svc: DataApiServices) {
  const live = e.live === true;
  const send = (req: FastifyRequest, reply: FastifyReply, entry: CachedResponse, sent: Sent) => {
    const validators = validatorFields(live, entry, sent);
    for (let i = 0; i < validators.length; i += 2) reply.header(validators[i]!, validators[i + 1]);
    if (etagMatches(req.headers['if-none-match'], sent.etag)) return reply.code(304).send();
    const fields = bodyFields(e.operationId, entry, sent);
    for (let i = 0; i < fields.length; i += 2) reply.header(fields[i]!, fields[i + 1]);
    return reply.send(sent.body);
  };

  // `looked` is the synchronous path's lookup (under the version it peeked), not repeated when
  // the version is the same, so each request counts as one cache hit or miss.
  const answer = async (
    req: FastifyRequest,
    reply: FastifyReply,
    looked?: { version: number; found?: Answer },
  ) => {
    const version = await svc.version.current();
    const key = answerKey(version, req.url);
    let found = e.live ? undefined : looked?.version === version ? looked.found : svc.answers.get(key);
    if (!found) {
      const params = (req.params ?? {}) as Record<string, unknown>;
      const query = (req.query ?? {}) as Record<string, unknown>;
      const companies = await resolveCompanies(
        svc,
        e.symbols?.(params as never, query as never) ?? [],
        version,
      );
      authorize(e, req.apiPlan ?? 'B', companies);
      const entry = await produce(
        e,
        svc,
        { params, query },
        companies,
        version,
        (b) => String(reply.serialize(b)),
        req.url,
      );
      found = { companies, entry, operationId: e.operationId };
      if (!e.live) svc.answers.set(key, found);
    } else {
      authorize(e, req.apiPlan ?? 'B', found.companies);
    }
    const coding = codingFor(found.entry, req.headers['accept-encoding']);
    const made = readyRepresentation(found.entry, coding) === undefined;
    const sent = await representation(found.entry, coding);
    // A compressed copy was made: count the entry's new size against the cache's bound.
    if (made) svc.answers.remeasure(key, found);
    return send(req, reply, found.entry, sent);
  };

  // A repeated request (fresh data version, answer cached, its coding made) is answered without
  // waiting on anything; the rest take the asynchronous path.
  return (req: FastifyRequest, reply: FastifyReply) => {
    const version = e.live ? undefined : svc.version.peek();
    if (version !== undefined) {
      const found = svc.answers.get(answerKey(version, req.url));
      if (found) {
        authorize(e, req.apiPlan ?? 'B', found.companies);
        const sent = readyRepresentation(found.entry, codingFor(found.entry, req.headers['accept-encoding']));
        if (sent) {
          send(req, reply, found.entry, sent);
          return undefined;
        }
      }
      return answer(req, reply, { version, found });
    }
    return answer(req, reply);
  };
}

/**
 * The 402 detail: what was asked and found missing, so a caller can tell which data is absent
 * (e.g. `… no historical prices, raw and adjusted on record for ITC with from=1995-01-02,
 * to=1995-01-31.`).
 */
export function missingDetail(
  e: Pick<Endpoint, 'summary'>,
  companies: readonly Pick<Company, 'symbol'>[],
  input: { params: Readonly<Record<string, unknown>>; query: Readonly<Record<string, unknown>> },
): string {
  // The parameters in order of their names, as in their key (`paramsKey`): the same detail
  // whatever order they were asked in (decision 0370).
  const asked = Object.entries({ ...input.params, ...input.query })
    .filter(([k, v]) => !ignoredInKey.has(k) && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
  const withWhat = asked.length > 0 ? ` with ${asked.join(', ')}` : '';
  const who = companies.length > 0 ? ` for ${companies.map((c) => c.symbol).join(', ')}` : '';
  return `The parameters are valid, but there is no data for this request: no ${e.summary.toLowerCase()} on record${who}${withWhat}.`;
}

function csvRowsOf(e: Endpoint, data: unknown): Record<string, unknown>[] {
  if (e.csvRows) return e.csvRows(data as never);
  return Array.isArray(data) ? data : [data as Record<string, unknown>];
}

/** The response's provenance from its rows: the latest as-of date and every distinct source. */
export function provenanceOf(
  rows: readonly { asOf?: string | null; source?: string | null }[],
  fallback: Loaded['asOf'] = '',
) {
  let asOf = fallback;
  const sources = new Set<string>();
  for (const r of rows) {
    if (r.asOf && r.asOf > asOf) asOf = r.asOf;
    if (r.source) sources.add(r.source);
  }
  return { asOf, source: [...sources].sort().join(', ') };
}

/** Column names of an array-of-objects data schema, so an empty CSV still has its header line. */
function columnsOf(schema: TSchema): string[] {
  const items = (schema as { items?: { properties?: Record<string, unknown> } }).items;
  return Object.keys(items?.properties ?? {});
}
