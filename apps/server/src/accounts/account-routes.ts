import type { FastifyInstance } from 'fastify';
import { invalidateUserKeys } from '../api/index.ts';
import { requireUser } from '../auth/require-user.ts';
import { noStore } from '../plugins/no-store.ts';
import { issueKey } from './api-keys.ts';
import { ApiTokenSchema, ensureKey, presentApiToken } from './api-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** AES-256-GCM key for the display copy of API keys. */
    apiKeySecret: Buffer;
  }
}

/** The signed-in user's API key and subscription (SPEC §7), and key regeneration. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', noStore);
  app.get(
    '/api/v2/api-token',
    {
      schema: { summary: "The signed-in user's API key and subscription", response: { 200: ApiTokenSchema } },
    },
    async (req) => {
      const user = await requireUser(req);
      const key = await ensureKey(app.deps.db, user.id, app.apiKeySecret);
      return presentApiToken(user, key, app.deps.clock());
    },
  );

  app.post(
    '/api/v2/api-token/regenerate',
    {
      schema: {
        summary: 'Replace the API key; the old key stops working at once',
        response: { 200: ApiTokenSchema },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const key = await issueKey(app.deps.db, user.id, app.apiKeySecret);
      invalidateUserKeys(app, user.id);
      req.log.info({ userId: user.id }, 'api key regenerated');
      return presentApiToken(user, key, app.deps.clock());
    },
  );
}
