import type { FastifyInstance } from 'fastify';
import { apiBasePath } from '../plugins/swagger.ts';
import { type Endpoint, type Example, produce, resolveCompanies } from './endpoint.ts';
import { documentPath } from './route-schema.ts';
import type { DataApiServices } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    swagger2: FastifyInstance['swagger'];
  }
}

type Param = { name: string; in: string; type?: string; [k: string]: unknown };
type Doc = {
  paths?: Record<
    string,
    Record<string, { parameters?: Param[]; responses?: Record<string, Record<string, unknown>> }>
  >;
};

const tokenDescription =
  'Your API key (from the profile page). May be sent as Authorization: Bearer <key> instead.';

/** The real response of each endpoint's documented example request, from the loaded data. */
export async function collectExamples(endpoints: Endpoint[], svc: DataApiServices) {
  const version = await svc.version.current();
  const examples = new Map<string, { response: unknown; request: Example }>();
  for (const e of endpoints) {
    try {
      const example = await exampleOf(e, svc);
      const params = example.params ?? {};
      const query = example.query ?? {};
      const companies = await resolveCompanies(
        svc,
        e.symbols?.(params as never, query as never) ?? [],
        version,
      );
      const entry = await produce(e, svc, { params, query }, companies, version, JSON.stringify);
      examples.set(documentPath(e.path), {
        response: JSON.parse(entry.body.toString('utf8')),
        request: example,
      });
    } catch {
      // No data for the example (e.g. an empty database): the document is served without it.
    }
  }
  return examples;
}

function withExamples(
  doc: Doc,
  examples: Map<string, { response: unknown; request: Example }>,
  openapi: boolean,
): Doc {
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths ?? {})) {
    const op = item.get;
    if (!op) continue;
    op.parameters ??= [];
    // @fastify/swagger lists a query API key only under security; the docs list it as an argument too.
    if (!op.parameters.some((p) => p.name === 'token')) {
      op.parameters.push(
        openapi
          ? {
              name: 'token',
              in: 'query',
              required: false,
              description: tokenDescription,
              schema: { type: 'string' },
            }
          : { name: 'token', in: 'query', required: false, type: 'string', description: tokenDescription },
      );
    }
    // Repeated query parameters (symbol=ITC&symbol=RELIANCE).
    if (!openapi)
      for (const p of op.parameters) if (p.type === 'array' && p.in === 'query') p.collectionFormat = 'multi';
  }
  for (const [path, { response: example, request }] of examples) {
    const op = copy.paths?.[path]?.get;
    // The example request's values, so the docs' samples and live links ask for data that exists.
    for (const p of op?.parameters ?? []) {
      const value =
        p.in === 'path' ? request.params?.[p.name] : p.in === 'query' ? request.query?.[p.name] : undefined;
      if (value === undefined) continue;
      if (openapi) p.example = value;
      else p['x-example'] = value;
    }
    const ok = op?.responses?.['200'];
    if (!ok) continue;
    if (openapi) {
      const content = ok.content as Record<string, Record<string, unknown>> | undefined;
      if (content?.['application/json']) content['application/json'].example = example;
    } else {
      ok.examples = { 'application/json': example };
    }
  }
  return openapi ? copy : (swagger2Nullables(copy) as Doc);
}

/** Keys whose values are data (examples), not schemas, and are copied as they are. */
const dataKeys = new Set(['examples', 'example', 'x-example', 'default', 'enum']);

/**
 * Swagger 2.0 has neither `anyOf` nor a `null` type: a field that is one type or null becomes that
 * type with `x-nullable: true` (the vendor extension code generators read); a union of several
 * types becomes an untyped schema listing them under `x-anyOf`.
 */
function swagger2Nullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(swagger2Nullables);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = dataKeys.has(k) ? v : swagger2Nullables(v);
  const { anyOf, ...rest } = out;
  if (Array.isArray(anyOf)) {
    const types = anyOf as Record<string, unknown>[];
    const nonNull = types.filter((t) => t.type !== 'null');
    const nullable = nonNull.length < types.length ? { 'x-nullable': true } : {};
    if (nonNull.length === 1) return { ...nonNull[0], ...rest, ...nullable };
    // A union of several types (a line item that is a number or a text): any value, the
    // alternatives kept in a vendor extension.
    return { ...rest, ...nullable, 'x-anyOf': nonNull };
  }
  if (Array.isArray(out.type) && out.type.includes('null')) {
    const nonNull = out.type.filter((t) => t !== 'null');
    if (nonNull.length === 1) return { ...out, type: nonNull[0], 'x-nullable': true };
  }
  return out;
}

/**
 * GET /swagger/doc.json (Swagger 2.0) and /openapi.json (OpenAPI 3.1), both generated from the
 * route schemas, with examples taken from the data at build time and rebuilt per data version.
 */
export function registerDocuments(app: FastifyInstance, endpoints: Endpoint[], svc: DataApiServices): void {
  let built: { version: number; swagger2: string; openapi: string } | null = null;
  async function documents() {
    const version = await svc.version.current();
    if (built?.version !== version) {
      const examples = await collectExamples(endpoints, svc);
      built = {
        version,
        swagger2: JSON.stringify(withExamples(app.swagger2() as Doc, examples, false)),
        openapi: JSON.stringify(withExamples(app.swagger() as Doc, examples, true)),
      };
    }
    return built;
  }
  const headers = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };
  app.get('/swagger/doc.json', async (_req, reply) =>
    reply
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send((await documents()).swagger2),
  );
  app.get('/openapi.json', async (_req, reply) =>
    reply
      .headers(headers)
      .type('application/json; charset=utf-8')
      .send((await documents()).openapi),
  );
}

export { apiBasePath };

export async function exampleOf(e: Endpoint, svc: DataApiServices): Promise<Example> {
  return typeof e.example === 'function' ? e.example(svc.db) : e.example;
}
