import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@bahi/contracts';
import AjvCompiler, { type ValidatorFactory } from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifyServerOptions,
} from 'fastify';
import { problem } from '../errors.ts';

/**
 * What Fastify refuses before any route runs (a malformed percent-encoding or UTF-8 in the URL, a
 * path segment over the router's limit), in the one problem shape. The URL is not echoed: it
 * may carry an API key.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const detail =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path segment of the URL is too long.'
      : 'The URL is not valid: check its percent-encoding (%XX) and that it is UTF-8.';
  // Sent before any hook runs, so the headers every answer carries are set here.
  reply
    .code(400)
    .type('application/problem+json')
    .header('x-request-id', req.id)
    .header('x-content-type-options', 'nosniff')
    .send(problem('bad_request', detail, req.id));
}

/**
 * What Node's HTTP parser refuses before a request exists (a request line and headers over
 * 16 KB, a request that is not HTTP, one that stalls), written to the socket as problem+json
 * with a fresh request id.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail]: [number, ErrorCode, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'request_too_large',
          'The URL and headers together exceed 16 KB: send fewer or shorter parameters.',
        ]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request did not arrive in full in time.']
        : [400, 'bad_request', 'The request is not valid HTTP/1.1.'];
  const requestId = randomUUID();
  const body = JSON.stringify(problem(code, detail, requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
        `X-Request-Id: ${requestId}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** A calendar date the database can hold: YYYY-MM-DD, year 0001 to 9999, a real day. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const compileSerializers = SerializerSelector();

/**
 * The serializers and validators not compiled yet: each with its route (`METHOD url`), and its
 * status (a serializer) or the part of the request it validates (a validator).
 */
const pendingSchemas = new Map<() => unknown, { route: string; of: string; validates: boolean }>();

/**
 * `compile`, run on the first call of what it returns (and by `compilePendingSchemas`), once:
 * kept among the pending schemas, with `schema` (its route and what it compiles), until then.
 */
function onFirstUse<T>(schema: { route: string; of: string; validates: boolean }, compile: () => T): () => T {
  let compiled: T | undefined;
  const compileNow = () => {
    if (compiled === undefined) {
      pendingSchemas.delete(compileNow);
      compiled = compile();
    }
    return compiled;
  };
  pendingSchemas.set(compileNow, schema);
  return compileNow;
}

/**
 * Fastify's response serializers (fast-json-stringify, as Fastify builds them), each compiled when
 * its route first answers with its status instead of when the route is registered (decision
 * 0368): every route declares the error statuses' bodies as well, a few hundred serializers of
 * which a process uses few (the data endpoints write their own bodies), and compiling them all
 * took about half a second of a restart's five on one core.
 */
export const lazySerializers: typeof compileSerializers = (externalSchemas, options) => {
  const compile = compileSerializers(externalSchemas, options);
  return (route) => {
    const serializer = onFirstUse(
      { route: `${route.method} ${route.url}`, of: String(route.httpStatus), validates: false },
      () => compile(route),
    );
    return (doc) => serializer()(doc);
  };
};

/**
 * What Fastify's Ajv compiler is at run time: its declared types take a schema where Fastify
 * passes the route's definition (method, url, part, schema).
 */
type Validator = ReturnType<FastifySchemaCompiler<unknown>>;
type RouteValidatorCompiler = (route: {
  method: string;
  url: string;
  httpPart?: string;
  schema?: unknown;
}) => Validator;
type ValidatorBuilder = (externalSchemas: unknown, options: unknown) => RouteValidatorCompiler;
const compileValidators = AjvCompiler() as unknown as ValidatorBuilder;

/** Header names a headers schema names in upper case (Node lowercases received ones). */
function upperCaseHeaderNames(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) upperCaseHeaderNames(s, found);
  else if (schema !== null && typeof schema === 'object') {
    const { properties, required } = schema as { properties?: object; required?: unknown };
    if (properties && typeof properties === 'object')
      for (const name of Object.keys(properties)) if (name !== name.toLowerCase()) found.push(name);
    if (Array.isArray(required))
      for (const name of required)
        if (typeof name === 'string' && name !== name.toLowerCase()) found.push(name);
    for (const value of Object.values(schema)) upperCaseHeaderNames(value, found);
  }
  return found;
}

/**
 * Fastify's request validators (Ajv with the options below, as Fastify builds them), each compiled
 * when its route first validates that part of a request instead of when the route is registered
 * (decision 0368): about a third of a second of a restart on one core, for routes most processes
 * rarely or never serve (the data endpoints are asked by the warm-up first). Fastify lowercases
 * a headers schema's names only for its own compiler; this one refuses upper-case names at
 * registration instead, since a received header's name is always lower case.
 */
const lazyValidatorBuilder: ValidatorBuilder = (externalSchemas, options) => {
  const compile = compileValidators(externalSchemas, options);
  return (route) => {
    if (route.httpPart === 'headers') {
      const upper = upperCaseHeaderNames(route.schema);
      if (upper.length > 0)
        throw new Error(
          `${route.method} ${route.url}: a headers schema names headers in lower case, as they are received (${upper.join(', ')})`,
        );
    }
    const validator = onFirstUse(
      { route: `${route.method} ${route.url}`, of: String(route.httpPart), validates: true },
      () => compile(route),
    );
    const lazy: Validator = (data: unknown) => {
      const validate = validator();
      const result = validate(data);
      // Fastify reads the errors of a failed validation off the function it called.
      if (result === false) lazy.errors = validate.errors ?? null;
      return result;
    };
    lazy.errors = null;
    return lazy;
  };
};
export const lazyValidators = lazyValidatorBuilder as unknown as ValidatorFactory;

/**
 * Compiles every response serializer and request validator not compiled yet, so that a test finds
 * a schema that cannot compile (it would otherwise fail the first request of its route that
 * needs it): how many were compiled, or an error naming each route and status or part whose
 * schema does not compile.
 */
export function compilePendingSchemas(): number {
  const pending = [...pendingSchemas];
  const failed: string[] = [];
  for (const [compileNow, { route, of }] of pending) {
    try {
      compileNow();
    } catch (err) {
      failed.push(`${route} ${of}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (failed.length > 0) throw new Error(`schemas that do not compile: ${failed.join('; ')}`);
  return pending.length;
}

/** The pending validators of the route `method url`, each a compile to run once. */
function pendingValidatorsOf(method: string, url: string): (() => unknown)[] {
  const route = `${method} ${url}`;
  const found: (() => unknown)[] = [];
  for (const [compileNow, schema] of pendingSchemas)
    if (schema.validates && schema.route === route) found.push(compileNow);
  return found;
}

/** How many of the route's request validators are not compiled yet. */
export function pendingValidators(method: string, url: string): number {
  return pendingValidatorsOf(method, url).length;
}

/**
 * Compiles the request validators of the route `method url` not compiled yet (decision 0371):
 * how many. The answer path's warm-up compiles its data routes' this way, so a client's first
 * request the framework validates does not wait for Ajv (about 20 ms on the bench's core).
 */
export function compileRouteValidators(method: string, url: string): number {
  const pending = pendingValidatorsOf(method, url);
  for (const compileNow of pending) compileNow();
  return pending.length;
}

/**
 * Fastify options every instance of the server shares (the app and the test harnesses):
 * validation, serialization, the router's limits and the early errors above.
 */
export const sharedServerOptions = {
  schemaController: {
    compilersFactory: { buildValidator: lazyValidators, buildSerializer: lazySerializers },
  },
  ajv: {
    customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false },
    // ajv-formats' `date` lets year 0000 through, which the database then refuses with a 500.
    onCreate: (ajv) => ajv.addFormat('date', { type: 'string', validate: isCalendarDate }),
  },
  // Long enough that an over-long symbol reaches validation (400 naming it), not a router 404.
  routerOptions: { maxParamLength: 512 },
  frameworkErrors,
  clientErrorHandler,
} satisfies FastifyServerOptions;
