import { type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../errors.ts';

/** Who an identity provider vouches for. */
export interface Identity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface IdTokenVerifier {
  /** The identity in a valid ID token; a 401 AppError otherwise. */
  verify(idToken: string, now: Date): Promise<Identity>;
}

export const googleIssuers = ['https://accounts.google.com', 'accounts.google.com'];
export const googleJwksUrl = 'https://www.googleapis.com/oauth2/v3/certs';

/**
 * Verifies an OpenID Connect ID token: signature against the issuer's JWKS, issuer, audience
 * (our client id), expiry (one minute of clock tolerance) and a verified email. The same
 * function serves Google and the development provider; only issuer and key set differ.
 */
export function createIdTokenVerifier(opts: {
  issuer: string | string[];
  audience: string;
  keys: JWTVerifyGetKey;
}): IdTokenVerifier {
  return {
    async verify(idToken, now) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(idToken, opts.keys, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: ['RS256', 'ES256'],
          currentDate: now,
          clockTolerance: 60,
          requiredClaims: ['exp', 'sub', 'email'],
        }));
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) {
          throw new AppError('unauthorized', `The identity token was refused: ${reasonOf(err)}.`);
        }
        throw err;
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!email) throw new AppError('unauthorized', 'The identity token has no email address.');
      if (payload.email_verified !== true && payload.email_verified !== 'true') {
        throw new AppError('unauthorized', 'The email address of this identity is not verified.');
      }
      const [first, last] = namesOf(payload);
      return { subject: String(payload.sub), email, firstName: first, lastName: last };
    },
  };
}

function reasonOf(err: InstanceType<typeof joseErrors.JOSEError>): string {
  if (err instanceof joseErrors.JWTExpired) return 'it has expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `claim "${err.claim}" is not acceptable`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (err instanceof joseErrors.JWKSNoMatchingKey) return 'it is signed by an unknown key';
  return 'it is malformed';
}

function namesOf(p: Record<string, unknown>): [string, string] {
  const given = typeof p.given_name === 'string' ? p.given_name.trim() : '';
  const family = typeof p.family_name === 'string' ? p.family_name.trim() : '';
  if (given || family) return [given.slice(0, 100), family.slice(0, 100)];
  const full = typeof p.name === 'string' ? p.name.trim().split(/\s+/) : [];
  return [(full[0] ?? '').slice(0, 100), full.slice(1).join(' ').slice(0, 100)];
}
