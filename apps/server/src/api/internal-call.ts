import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const internalCallHeader = 'x-bahi-internal-call';
const token = randomBytes(24).toString('base64url');

/**
 * Headers that mark an in-process call (`app.inject`) made on behalf of a request that already
 * passed the HTTPS check, such as an MCP tool call: the value is random per process and never
 * leaves it, so no client can send it.
 */
export const internalCallHeaders: Record<string, string> = { [internalCallHeader]: token };

export function isInternalCall(req: FastifyRequest): boolean {
  return req.headers[internalCallHeader] === token;
}
