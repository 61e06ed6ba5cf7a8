import type { Queryable } from '@bahi/market-data/db';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { localSecret } from '../accounts/secrets.ts';

/**
 * Access tokens: short-lived JWTs (HS256, 15 minutes) naming the user and the session (the
 * refresh-token family, `sid`), so ending the session (logout, a reused refresh token) ends its
 * access tokens too. The browser keeps the expiry (epoch seconds) in its stored profile and
 * refreshes with an opaque refresh token.
 */
export const accessTokenLifetimeSeconds = 15 * 60;
const issuer = 'bahi';
const audience = 'bahi-web';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessTokenSigner {
  sign(userId: number, sessionId: string, now: Date): Promise<{ token: string; expiresAt: number }>;
  /**
   * The user and session named by a valid, unexpired token, or null. Whether the session is
   * still open is the caller's check (`verifySession`).
   */
  verify(token: string, now: Date): Promise<{ userId: number; sessionId: string } | null>;
}

export async function createAccessTokenSigner(
  db: Queryable,
  configuredSecret: string | null,
  env: 'development' | 'production' | 'test',
): Promise<AccessTokenSigner> {
  const key = new Uint8Array(await localSecret(db, 'access_token_secret', configuredSecret, env));
  return {
    async sign(userId, sessionId, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const expiresAt = iat + accessTokenLifetimeSeconds;
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ['HS256'],
          currentDate: now,
          // A signed token without an expiry would never end: refused.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const id = Number(payload.sub);
        const sid = payload.sid;
        if (!Number.isSafeInteger(id) || id <= 0 || typeof sid !== 'string' || !uuidPattern.test(sid))
          return null;
        return { userId: id, sessionId: sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
