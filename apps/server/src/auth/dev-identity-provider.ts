import type { Queryable } from '@bahi/market-data/db';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  SignJWT,
} from 'jose';

/**
 * The development identity provider: an OpenID-style issuer inside the server for when Google
 * is not configured. Its ES256 key pair is generated once and kept in app_secrets; its ID
 * tokens carry iss/aud/sub/exp/email/email_verified/name like Google's and are verified by the
 * same code (createIdTokenVerifier) against its JWKS. Never active in production.
 */
export const devIssuerPath = '/dev-identity';
/** The client id the site presents to the development provider (the audience of its tokens). */
export const devClientId = 'bahi-web-dev';
export const devIdTokenLifetimeSeconds = 5 * 60;

export interface DevIdentityProvider {
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet;
  keys: ReturnType<typeof createLocalJWKSet>;
  issue(person: { name: string; email: string }, now: Date): Promise<string>;
}

export async function createDevIdentityProvider(
  db: Queryable,
  publicUrl: string,
  env: 'development' | 'production' | 'test',
): Promise<DevIdentityProvider> {
  if (env === 'production') throw new Error('the development identity provider is refused in production');
  const privateJwk = await loadOrCreateKey(db);
  const { d: _d, ...publicJwk } = privateJwk;
  const key = await importJWK(privateJwk, 'ES256');
  const jwks: JSONWebKeySet = { keys: [{ ...publicJwk, use: 'sig', alg: 'ES256' }] };
  const issuer = `${publicUrl}${devIssuerPath}`;
  return {
    issuer,
    audience: devClientId,
    jwks,
    keys: createLocalJWKSet(jwks),
    async issue(person, now) {
      const email = person.email.trim().toLowerCase();
      const names = person.name.trim().split(/\s+/);
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email,
        email_verified: true,
        name: person.name.trim(),
        given_name: names[0] ?? '',
        family_name: names.slice(1).join(' '),
      })
        .setProtectedHeader({ alg: 'ES256', kid: privateJwk.kid!, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(devClientId)
        .setSubject(`dev:${email}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + devIdTokenLifetimeSeconds)
        .sign(key);
    },
  };
}

async function loadOrCreateKey(db: Queryable): Promise<JWK> {
  const name = 'dev_identity_signing_key';
  const existing = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  if (!existing.rows[0]) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(jwk);
    // Two processes starting together: the first insert wins and both read it back.
    await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      JSON.stringify(jwk),
    ]);
  }
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return JSON.parse(rows[0]!.value) as JWK;
}
