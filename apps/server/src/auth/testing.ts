import type { FastifyInstance } from 'fastify';
import { startSession } from './refresh-tokens.ts';

/** An access token for a new session of the user, as sign-in issues it (for tests). */
export async function accessTokenFor(
  app: FastifyInstance,
  userId: number,
  now: Date = app.deps.clock(),
): Promise<string> {
  const { sessionId } = await startSession(app.deps.db, userId, now);
  return (await app.accessTokens.sign(userId, sessionId, now)).token;
}
