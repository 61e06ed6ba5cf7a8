import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onRequest hook for routes whose answers carry a token or an API key: no cache, shared or
 * private, may keep them (errors included).
 */
export function noStore(_req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('cache-control', 'no-store');
  done();
}
