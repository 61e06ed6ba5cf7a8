import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Coding, compressOnce, preferredCoding } from '../plugins/content-coding.ts';
import { etagMatches, type Sent } from './response-cache.ts';

/** A body built once and served many times, with its compressed copies made in advance. */
export interface PreparedBody {
  contentType: string;
  plain: Sent;
  coded: Record<Coding, Sent>;
}

/**
 * Makes the body's br and gzip copies once, at the strongest settings (it runs once per data
 * version, not per request), each representation with its own strong ETag (RFC 9110 §8.8.3).
 */
export async function prepareBody(body: string | Buffer, contentType: string): Promise<PreparedBody> {
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const tag = createHash('sha256').update(buf).digest('base64url').slice(0, 27);
  const [br, gzipped] = await Promise.all([compressOnce(buf, 'br'), compressOnce(buf, 'gzip')]);
  return {
    contentType,
    plain: { body: buf, etag: `"${tag}"`, coding: null },
    coded: {
      br: { body: br, etag: `"${tag}-br"`, coding: 'br' },
      gzip: { body: gzipped, etag: `"${tag}-gzip"`, coding: 'gzip' },
    },
  };
}

/**
 * Answers with the representation the client accepts (Accept-Encoding), or 304 when
 * If-None-Match names it. Caches are told the answer varies with Accept-Encoding.
 */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedBody): FastifyReply {
  const coding = preferredCoding(req.headers['accept-encoding']);
  const sent = coding ? prepared.coded[coding] : prepared.plain;
  reply.header('vary', 'Accept-Encoding');
  reply.header('etag', sent.etag);
  if (etagMatches(req.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  if (sent.coding) reply.header('content-encoding', sent.coding);
  return reply.type(prepared.contentType).send(sent.body);
}
