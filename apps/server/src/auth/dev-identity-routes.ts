import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { noStore } from '../plugins/no-store.ts';
import { type DevIdentityProvider, devIssuerPath } from './dev-identity-provider.ts';

/**
 * The development identity provider's endpoints: discovery, its key set, and the sign-in step
 * where a person types a name and an email and receives an ID token for the site.
 */
export function devIdentityRoutes(provider: DevIdentityProvider) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(`${devIssuerPath}/.well-known/openid-configuration`, async () => ({
      issuer: provider.issuer,
      jwks_uri: `${provider.issuer}/jwks.json`,
      id_token_signing_alg_values_supported: ['ES256'],
    }));
    app.get(`${devIssuerPath}/jwks.json`, async () => provider.jwks);
    app.post(
      `${devIssuerPath}/id-token`,
      {
        schema: {
          summary: 'Development sign-in: a name and an email give an ID token',
          body: Type.Object(
            {
              name: Type.String({ minLength: 2, maxLength: 100, pattern: '\\S' }),
              email: Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
            },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ id_token: Type.String() }) },
        },
        onRequest: noStore,
      },
      async (req) => {
        const { name, email } = req.body as { name: string; email: string };
        return { id_token: await provider.issue({ name, email }, app.deps.clock()) };
      },
    );
  };
}
