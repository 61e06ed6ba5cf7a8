import type { Queryable } from '@bahi/market-data/db';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { localSecret } from '../accounts/secrets.ts';

/**
 * Access tokens: short-lived JWTs (HS256, 15 minutes) naming the user. The browser keeps the
 * expiry (epoch seconds) in its stored profile and refreshes with an opaque refresh token.
 */
export const accessTokenLifetimeSeconds = 15 * 60;
const issuer = 'bahi';
const audience = 'bahi-web';

export interface AccessTokenSigner {
  sign(userId: number, now: Date): Promise<{ token: string; expiresAt: number }>;
  /** The user id, or null when the token is invalid or expired. */
  verify(token: string, now: Date): Promise<number | null>;
}

export async function createAccessTokenSigner(
  db: Queryable,
  configuredSecret: string | null,
  env: 'development' | 'production' | 'test',
): Promise<AccessTokenSigner> {
  const key = new Uint8Array(await localSecret(db, 'access_token_secret', configuredSecret, env));
  return {
    async sign(userId, now) {
      const iat = Math.floor(now.getTime() / 1000);
      const expiresAt = iat + accessTokenLifetimeSeconds;
      const token = await new SignJWT({})
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
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
