import type { Queryable } from '@bahi/market-data/db';
import { createRemoteJWKSet } from 'jose';
import type { Config } from '../config.ts';
import { createDevIdentityProvider, type DevIdentityProvider } from './dev-identity-provider.ts';
import { createIdTokenVerifier, googleIssuers, googleJwksUrl, type IdTokenVerifier } from './id-tokens.ts';

export interface IdentitySetup {
  provider: 'google' | 'development';
  /** The client id the site presents to the provider (the audience of its ID tokens). */
  clientId: string;
  verifier: IdTokenVerifier;
  /** The development provider when Google is not configured; never in production. */
  dev: DevIdentityProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentitySetup;
  }
}

/** Google when GOOGLE_CLIENT_ID is set, else the development provider; one verifier either way. */
export async function createIdentity(db: Queryable, config: Config): Promise<IdentitySetup> {
  if (config.googleClientId) {
    return {
      provider: 'google',
      clientId: config.googleClientId,
      verifier: createIdTokenVerifier({
        issuer: googleIssuers,
        audience: config.googleClientId,
        keys: createRemoteJWKSet(new URL(googleJwksUrl)),
      }),
      dev: null,
    };
  }
  const dev = await createDevIdentityProvider(db, config.publicUrl, config.env);
  return {
    provider: 'development',
    clientId: dev.audience,
    verifier: createIdTokenVerifier({ issuer: dev.issuer, audience: dev.audience, keys: dev.keys }),
    dev,
  };
}
