import fastJson from 'fast-json-stringify';
import { type TObject, type TSchema, Type } from 'typebox';
import { Envelope, errorResponses, StringEnum } from './schemas.ts';

/**
 * Who may call: `market` every plan (market-wide lists); `symbol` every plan, but Basic only for
 * the sample companies; `paid` Individual, Professional and Enterprise only.
 */
export type Access = 'market' | 'symbol' | 'paid';

/** What an operation's schema is made from: the parts of an endpoint (`Endpoint`) it reads. */
export interface RouteSpec {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  params?: TObject;
  query?: TObject;
  data: TSchema;
  tabular: boolean;
  access: Access;
}

/** One of `token` or `Authorization: Bearer` is required: the parameter is optional only with the header. */
export const tokenDescription =
  'Your API key (from the profile page). Required unless an Authorization: Bearer <key> header is sent instead.';

export const tokenParam = Type.Optional(Type.String({ description: tokenDescription }));

export const formatParam = Type.Optional(
  StringEnum(['json', 'csv'] as const, {
    default: 'json',
    description: 'Response format: json (default) or csv (one row per record, header line first)',
  }),
);

/** The one schema per operation: validates input, serializes output, feeds both API documents. */
export function routeSchema(e: RouteSpec) {
  const query = Type.Object(
    {
      ...(e.query?.properties ?? {}),
      ...(e.tabular ? { format: formatParam } : {}),
      token: tokenParam,
    },
    { additionalProperties: false },
  );
  return {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    description: `${e.description} ${accessNote[e.access]}`,
    ...(e.params ? { params: e.params } : {}),
    querystring: query,
    produces: e.tabular ? ['application/json', 'text/csv'] : ['application/json'],
    security: [{ token: [] as string[] }, { bearer: [] as string[] }] as Record<string, string[]>[],
    response: {
      200: { ...Envelope(e.data), description: 'OK' },
      ...errorResponses,
    },
  };
}

const serializers = new WeakMap<RouteSpec, (body: unknown) => string>();

/**
 * The operation's 200 serializer: its route schema, compiled with the library Fastify compiles it
 * with, so what it writes is what the route's `reply.serialize` writes, byte for byte. Compiled
 * once per operation.
 */
export function serializerOf(e: RouteSpec): (body: unknown) => string {
  let serialize = serializers.get(e);
  if (!serialize) {
    serialize = fastJson(routeSchema(e).response[200] as never) as (body: unknown) => string;
    serializers.set(e, serialize);
  }
  return serialize;
}

/** Fastify path to document path: `/financials/:symbol` → `/financials/{symbol}`. */
export function documentPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

/** Which plans may call an endpoint, stated in its documented description. */
export const accessNote: Record<Access, string> = {
  market: 'Plans: every plan, Basic included.',
  symbol: 'Plans: every plan; Basic covers the three sample companies (ITC, RELIANCE, HDFCBANK).',
  paid: 'Plans: paid plans only (Individual, Professional, Enterprise).',
};
