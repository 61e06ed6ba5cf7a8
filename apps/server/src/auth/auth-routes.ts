import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { abuseLimiterOf } from '../abuse/abuse-limits.ts';
import { ApiTokenSchema, ensureKey, presentApiToken } from '../accounts/api-token.ts';
import { type User, upsertUser } from '../accounts/users.ts';
import { AppError } from '../errors.ts';
import { noStore } from '../plugins/no-store.ts';
import { endSession, extendSession, rotateRefreshToken, startSession } from './refresh-tokens.ts';
import { verifySession } from './require-user.ts';

const SessionTokens = {
  access_token: Type.String(),
  refresh_token: Type.String(),
  expiry: Type.Integer({ description: 'Expiry of the access token, epoch seconds' }),
};

const SignInResponse = Type.Object({
  api_user: Type.Object({
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    ...ApiTokenSchema.properties,
  }),
  ...SessionTokens,
});

const RefreshHeaders = Type.Object({
  'x-refresh-token': Type.String({ minLength: 1, maxLength: 200 }),
});

/**
 * The auth host (SPEC §7): token exchange, refresh with rotation, logout. The encapsulated JSON
 * parser accepts an empty body, since the site posts these with Content-Type JSON and no body.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const abuse = await abuseLimiterOf(app);
  app.addHook('onRequest', noStore);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('bad_request', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.get(
    '/api/v1/auth/config',
    {
      schema: {
        summary: 'Which identity provider the site signs in with',
        response: {
          200: Type.Object({
            provider: Type.Union([Type.Literal('google'), Type.Literal('development')]),
            client_id: Type.String(),
          }),
        },
      },
    },
    async () => ({ provider: app.identity.provider, client_id: app.identity.clientId }),
  );

  app.post(
    '/google-auth-api/api/v1/token',
    {
      schema: {
        summary: 'Exchange an identity token (One-tap) or an access token (Bearer) for a session',
        headers: Type.Object({
          'x-token-type': Type.Union([Type.Literal('One-tap'), Type.Literal('Bearer')]),
          'x-token': Type.String({ minLength: 1, maxLength: 8192 }),
        }),
        response: { 200: SignInResponse },
      },
    },
    async (req) => {
      await abuse.byAddress('sign-in', req);
      const type = req.headers['x-token-type'] as 'One-tap' | 'Bearer';
      const credential = req.headers['x-token'] as string;
      const now = app.deps.clock();
      let user: User;
      let session: { sessionId: string; refreshToken: string };
      if (type === 'One-tap') {
        const identity = await app.identity.verifier.verify(credential, now);
        user = await upsertUser(app.deps.db, identity);
        await abuse.bySubject('sign-in', `user:${user.id}`);
        session = await startSession(app.deps.db, user.id, now);
      } else {
        // An access token continues its own session, and only while that session is open: it
        // never outlives a logout or a revocation.
        const verified = await verifySession(app, credential);
        user = verified.user;
        await abuse.bySubject('sign-in', `user:${user.id}`);
        session = {
          sessionId: verified.sessionId,
          refreshToken: await extendSession(app.deps.db, user.id, verified.sessionId, now),
        };
      }
      const key = await ensureKey(app.deps.db, user.id, app.apiKeySecret);
      const access = await app.accessTokens.sign(user.id, session.sessionId, now);
      const refresh = session.refreshToken;
      req.log.info({ userId: user.id, via: type }, 'signed in');
      return {
        api_user: {
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          ...presentApiToken(user, key, now),
        },
        access_token: access.token,
        refresh_token: refresh,
        expiry: access.expiresAt,
      };
    },
  );

  app.post(
    '/api/v1/refresh-token',
    {
      schema: {
        summary: 'Trade a refresh token for a new access token and a new refresh token',
        headers: RefreshHeaders,
        response: { 200: Type.Object(SessionTokens) },
      },
    },
    async (req) => {
      await abuse.byAddress('refresh', req);
      const now = app.deps.clock();
      const result = await rotateRefreshToken(app.deps.db, req.headers['x-refresh-token'] as string, now);
      if (!result.ok) {
        if (result.reason === 'reused') req.log.warn('spent refresh token presented again: session revoked');
        throw new AppError('unauthorized', 'The session has ended: sign in again.');
      }
      if (result.graced) req.log.info('refresh token presented again within the grace: another successor');
      await abuse.bySubject('refresh', `user:${result.userId}`);
      const access = await app.accessTokens.sign(result.userId, result.sessionId, now);
      return { access_token: access.token, refresh_token: result.refreshToken, expiry: access.expiresAt };
    },
  );

  app.post(
    '/api/v1/logout',
    { schema: { summary: 'End the session of a refresh token', headers: RefreshHeaders } },
    async (req, reply) => {
      await endSession(app.deps.db, req.headers['x-refresh-token'] as string, app.deps.clock());
      return reply.code(204).send();
    },
  );
}
