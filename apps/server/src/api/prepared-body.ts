import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Coding, compressOnce, preferredCoding } from '../plugins/content-coding.ts';
import type { KeptDocument } from '../plugins/kept-documents.ts';
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
  const [br, gzip] = await Promise.all([compressOnce(buf, 'br'), compressOnce(buf, 'gzip')]);
  return preparedOf({ tag, plain: buf, br, gzip }, contentType);
}

/** A prepared body from its kept form (`keptOf`). */
export function preparedOf(kept: KeptDocument, contentType: string): PreparedBody {
  const { tag } = kept;
  return {
    contentType,
    plain: { body: kept.plain, etag: `"${tag}"`, coding: null },
    coded: {
      br: { body: kept.br, etag: `"${tag}-br"`, coding: 'br' },
      gzip: { body: kept.gzip, etag: `"${tag}-gzip"`, coding: 'gzip' },
    },
  };
}

/** A prepared body's form in a `DocumentKeep`. */
export function keptOf(prepared: PreparedBody): KeptDocument {
  return {
    tag: prepared.plain.etag.slice(1, -1),
    plain: prepared.plain.body,
    br: prepared.coded.br.body,
    gzip: prepared.coded.gzip.body,
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
