import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserById, type User } from '../accounts/users.ts';
import { AppError } from '../errors.ts';
import { isSessionOpen } from './refresh-tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: import('./access-tokens.ts').AccessTokenSigner;
  }
}

const bearerScheme = /^bearer[ \t]+/i;

/** The credentials of an `Authorization: Bearer <credentials>` header (the scheme is case-insensitive, RFC 9110). */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = bearerScheme.exec(header);
  return m ? header.slice(m[0].length).trim() || null : null;
}

/** The access token of a request: `Authorization: Bearer <token>`, or `?token=` where a route allows it. */
export function accessTokenOf(req: FastifyRequest, opts: { allowQuery?: boolean } = {}): string | null {
  const bearer = bearerOf(req.headers.authorization);
  if (bearer) return bearer;
  if (opts.allowQuery) {
    const q = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return null;
}

/** The signed-in user of a request, or a 401 problem. */
export async function requireUser(req: FastifyRequest, opts: { allowQuery?: boolean } = {}): Promise<User> {
  const token = accessTokenOf(req, opts);
  if (!token) throw new AppError('unauthorized', 'Sign in first: send your access token as a Bearer token.');
  const { user } = await verifySession(req.server, token);
  return user;
}

/**
 * The user and session of an access token: valid, unexpired, and its session still open (not
 * logged out, not revoked for a reused refresh token). Otherwise a 401 problem.
 */
export async function verifySession(
  app: FastifyInstance,
  token: string,
): Promise<{ user: User; sessionId: string }> {
  const now = app.deps.clock();
  const claims = await app.accessTokens.verify(token, now);
  if (!claims) throw new AppError('unauthorized', 'The access token is invalid or has expired.');
  if (!(await isSessionOpen(app.deps.db, claims.userId, claims.sessionId, now)))
    throw new AppError('unauthorized', 'The session of this access token has ended: sign in again.');
  const user = await findUserById(app.deps.db, claims.userId);
  if (!user) throw new AppError('unauthorized', 'The account for this access token no longer exists.');
  return { user, sessionId: claims.sessionId };
}
