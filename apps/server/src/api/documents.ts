import { type PlanCode, sampleSymbols } from '@bahi/contracts';
import type { FastifyInstance } from 'fastify';
import type { DocumentKeep } from '../plugins/kept-documents.ts';
import { apiBasePath } from '../plugins/swagger.ts';
import { buildFingerprint } from './code-fingerprint.ts';
import { type ApiDocument, finishResponses } from './document-responses.ts';
import { type Endpoint, type Example, produce, resolveCompanies } from './endpoint.ts';
import { boundExample, describeCuts, type ListCut } from './example-bounds.ts';
import { keptOf, type PreparedBody, prepareBody, preparedOf, sendPrepared } from './prepared-body.ts';
import { documentPath, serializerOf, tokenDescription } from './route-schema.ts';
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

interface DocExample {
  /** The real answer, its lists cut to a few items (example-bounds.ts). */
  response: unknown;
  request: Example;
  /** The lists cut, with their real lengths. */
  cuts: ListCut[];
}

/**
 * The real response of each endpoint's documented example request, from the loaded data, sized
 * for reading: every document (both API documents, and the Postman collection, PDF and llms.txt
 * made from them) gets its examples from here.
 */
export async function collectExamples(endpoints: Endpoint[], svc: DataApiServices) {
  const version = await svc.version.current();
  const examples = new Map<string, DocExample>();
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
      // Serialized by the route's own response schema, as a live answer is: the entry lands in the
      // shared response cache under the live request's key, and the example shows what clients get.
      const entry = await produce(e, svc, { params, query }, companies, version, serializerOf(e));
      const { value, cuts } = boundExample(JSON.parse(entry.body.toString('utf8')));
      examples.set(documentPath(e.path), { response: value, request: example, cuts });
    } catch {
      // No data for the example (e.g. an empty database): the document is served without it.
    }
  }
  return examples;
}

function withExamples(doc: Doc, examples: Map<string, DocExample>, openapi: boolean): Doc {
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
  for (const [path, { response: example, request, cuts }] of examples) {
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
    if (cuts.length > 0) {
      ok.description = `${ok.description ?? 'OK'}. ${describeCuts(cuts)}`;
      ok['x-example-lists'] = cuts;
    }
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

/** The plans whose keys may call an endpoint, by its access rule. */
const plansFor: Record<Endpoint['access'], PlanCode[]> = {
  market: ['B', 'I', 'P', 'E'],
  symbol: ['B', 'I', 'P', 'E'],
  paid: ['I', 'P', 'E'],
};

/**
 * Who may call each operation, for tools that offer live calls with the reader's key:
 * `x-plans` (plan codes) and, where Basic covers only the sample companies, `x-basic-symbols`.
 */
function withAccess(doc: ApiDocument, endpoints: Endpoint[]): void {
  for (const e of endpoints) {
    const op = doc.paths?.[documentPath(e.path)]?.get as Record<string, unknown> | undefined;
    if (!op) continue;
    op['x-plans'] = plansFor[e.access];
    if (e.access === 'symbol') op['x-basic-symbols'] = [...sampleSymbols];
  }
}

/** Both API documents, finished, from the route schemas and the examples. */
export function buildDocuments(
  app: FastifyInstance,
  endpoints: Endpoint[],
  examples: Map<string, DocExample>,
): { swagger2: ApiDocument; openapi: ApiDocument } {
  const swagger2 = withExamples(app.swagger2() as Doc, examples, false) as ApiDocument;
  const openapi = withExamples(app.swagger() as Doc, examples, true) as ApiDocument;
  for (const [doc, openapiDoc] of [
    [swagger2, false],
    [openapi, true],
  ] as const) {
    finishResponses(doc, openapiDoc);
    withAccess(doc, endpoints);
  }
  return { swagger2, openapi };
}

/** Where built documents are kept across restarts, and the public URL they name (`PUBLIC_URL`). */
export interface DocumentsKept {
  keep: DocumentKeep;
  publicUrl: string;
}

/**
 * GET /swagger/doc.json (Swagger 2.0) and /openapi.json (OpenAPI 3.1), both generated from the
 * route schemas, with examples taken from the data; built, serialized and compressed once per
 * data version, served with ETags in the coding the client accepts. With a keep, both are kept
 * under the data version, the build and the public URL (everything they are made from, decision
 * 0374), and a restart reads them back instead of building them again.
 */
export function registerDocuments(
  app: FastifyInstance,
  endpoints: Endpoint[],
  svc: DataApiServices,
  kept: DocumentsKept | null = null,
): void {
  type Built = { version: number; swagger2: PreparedBody; openapi: PreparedBody };
  let built: Built | null = null;
  let building: Promise<Built> | null = null;
  const type = 'application/json; charset=utf-8';
  const keyOf = (name: string, version: number) =>
    `api-document ${name} v${version} ${buildFingerprint()} ${kept?.publicUrl}`;
  const readKept = async (version: number): Promise<Built | null> => {
    if (!kept) return null;
    try {
      const [swagger2, openapi] = await Promise.all(
        ['swagger2', 'openapi'].map((name) => kept.keep.read(keyOf(name, version))),
      );
      if (!swagger2 || !openapi) return null;
      return { version, swagger2: preparedOf(swagger2, type), openapi: preparedOf(openapi, type) };
    } catch (err) {
      app.log.warn({ err }, 'the API documents kept were not read; they are built again');
      return null;
    }
  };
  const build = async (version: number): Promise<Built> => {
    const found = await readKept(version);
    if (found) return found;
    const docs = buildDocuments(app, endpoints, await collectExamples(endpoints, svc));
    const [swagger2, openapi] = await Promise.all([
      prepareBody(JSON.stringify(docs.swagger2), type),
      prepareBody(JSON.stringify(docs.openapi), type),
    ]);
    if (kept) {
      const keep = async (name: string, body: PreparedBody) =>
        kept.keep.keep(keyOf(name, version), `api-document ${name}`, keptOf(body));
      Promise.all([keep('swagger2', swagger2), keep('openapi', openapi)]).catch((err: unknown) =>
        app.log.warn({ err }, 'the API documents were not kept; the next start builds them again'),
      );
    }
    return { version, swagger2, openapi };
  };
  async function documents(): Promise<Built> {
    const version = await svc.version.current();
    if (built?.version === version) return built;
    if (!building) {
      building = build(version).finally(() => {
        building = null;
      });
    }
    built = await building;
    return built;
  }
  const headers = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };
  app.get('/swagger/doc.json', async (req, reply) =>
    sendPrepared(req, reply.headers(headers), (await documents()).swagger2),
  );
  app.get('/openapi.json', async (req, reply) =>
    sendPrepared(req, reply.headers(headers), (await documents()).openapi),
  );
}

export { apiBasePath };

export async function exampleOf(e: Endpoint, svc: DataApiServices): Promise<Example> {
  return typeof e.example === 'function' ? e.example(svc.db) : e.example;
}
