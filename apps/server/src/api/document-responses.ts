import { isDeepStrictEqual } from 'node:util';
import { Problem } from './schemas.ts';

type Json = Record<string, unknown>;
type Operation = { responses?: Record<string, Json> };
export type ApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  definitions?: Record<string, unknown>;
  responses?: Record<string, Json>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The rate-limit fields the data API writes (rate-limit.ts, setRateLimitHeaders) on every answer
 * to a request whose key it accepted, whatever the status.
 */
export const rateLimitHeaders = {
  'RateLimit-Policy': {
    type: 'string',
    description: 'The key’s limit (IETF draft field): "per-minute";q=<calls>;w=60',
  },
  RateLimit: {
    type: 'string',
    description:
      'Calls left and seconds until the window resets (IETF draft field): "per-minute";r=<left>;t=<s>',
  },
  'X-RateLimit-Limit': { type: 'integer', description: 'Calls allowed per minute for this key' },
  'X-RateLimit-Remaining': { type: 'integer', description: 'Calls left in the current minute' },
  'X-RateLimit-Reset': {
    type: 'integer',
    description: 'Unix time (seconds) when the minute’s window resets',
  },
} as const;

/** Written on 429 answers (rate-limit.ts, rateLimitedError). */
export const retryAfterHeader = {
  'Retry-After': { type: 'integer', description: 'Seconds until the next call will be accepted' },
} as const;

const problemContentType = 'application/problem+json';
const problemNote =
  'Body: application/problem+json. The rate-limit fields are present once the key has been accepted.';

/**
 * Finishes an API document's answers, in place: every 2xx and 4xx answer lists the rate-limit
 * headers (429 also Retry-After); the error answers, the same for every operation, are written
 * once (`responses` in Swagger 2.0, `components.responses` in OpenAPI 3.1) and referenced, their
 * body the one Problem schema as application/problem+json; a CSV answer is described as text.
 */
export function finishResponses(doc: ApiDocument, openapi: boolean): void {
  const problem = plainProblem();
  const problemRef = openapi ? '#/components/schemas/Problem' : '#/definitions/Problem';
  const shared = new Map<string, string>();
  const named: Record<string, Json> = {};

  const headersFor = (status: string): Json => {
    const fields: Record<string, { type: string; description: string }> = {
      ...rateLimitHeaders,
      ...(status === '429' ? retryAfterHeader : {}),
    };
    const out: Json = {};
    for (const [name, h] of Object.entries(fields)) {
      out[name] = openapi
        ? { $ref: `#/components/headers/${name}` }
        : { type: h.type, description: h.description };
    }
    return out;
  };

  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const responses = op.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (response.$ref) continue;
        if (/^2\d\d$/.test(status)) {
          response.headers = { ...(response.headers as Json), ...headersFor(status) };
          if (openapi) describeCsvAsText(response);
          continue;
        }
        const error: Json = openapi
          ? errorAnswerOpenapi(response, problem, problemRef)
          : errorAnswerSwagger2(response, problem, problemRef);
        if (status.startsWith('4')) error.headers = headersFor(status);
        const text = JSON.stringify(error);
        let name = shared.get(text);
        if (!name) {
          name = `Problem${status}`;
          for (let n = 2; named[name]; n++) name = `Problem${status}_${n}`;
          named[name] = error;
          shared.set(text, name);
        }
        responses[status] = { $ref: openapi ? `#/components/responses/${name}` : `#/responses/${name}` };
      }
    }
  }

  const problemSchema = { ...problem, description: problemDescription };
  if (openapi) {
    doc.components ??= {};
    const components = doc.components;
    components.schemas = { ...components.schemas, Problem: problemSchema };
    components.responses = { ...components.responses, ...named };
    const headers: Json = {};
    for (const [name, h] of Object.entries({ ...rateLimitHeaders, ...retryAfterHeader })) {
      headers[name] = { description: h.description, schema: { type: h.type } };
    }
    components.headers = { ...components.headers, ...headers };
  } else {
    doc.definitions = { ...doc.definitions, Problem: problemSchema };
    doc.responses = { ...doc.responses, ...named };
  }
}

const { description: problemDescription, ...problemBody } = JSON.parse(JSON.stringify(Problem)) as Json;

/** The Problem schema as the documents write it, without its description. */
function plainProblem(): Json {
  return structuredClone(problemBody);
}

/** True when a schema is the Problem schema (whatever description it carries). */
function isProblem(schema: unknown, problem: Json): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { description: _, ...rest } = schema as Json;
  return isDeepStrictEqual(rest, problem);
}

function errorAnswerSwagger2(response: Json, problem: Json, ref: string): Json {
  const { schema, ...rest } = response;
  const description = `${String(response.description ?? '')}. ${problemNote}`;
  return {
    ...rest,
    description,
    ...(schema ? { schema: isProblem(schema, problem) ? { $ref: ref } : schema } : {}),
  };
}

function errorAnswerOpenapi(response: Json, problem: Json, ref: string): Json {
  const content = (response.content ?? {}) as Record<string, { schema?: unknown }>;
  const schemas = Object.values(content).map((c) => c.schema);
  const description = `${String(response.description ?? '')}. ${problemNote}`;
  if (schemas.length > 0 && schemas.every((s) => isProblem(s, problem))) {
    return { ...response, description, content: { [problemContentType]: { schema: { $ref: ref } } } };
  }
  return { ...response, description };
}

/** A CSV answer is text, not the JSON envelope the route's schema describes. */
function describeCsvAsText(response: Json): void {
  const content = response.content as Record<string, Json> | undefined;
  if (content?.['text/csv']) {
    content['text/csv'] = {
      schema: { type: 'string', description: 'One line per record, header line first (format=csv)' },
    };
  }
}
