import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@bahi/contracts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
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

/**
 * Fastify options every instance of the server shares (the app and the test harnesses):
 * validation, the router's limits and the early errors above.
 */
export const sharedServerOptions = {
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
