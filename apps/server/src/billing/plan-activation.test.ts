import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '../accounts/api-keys.ts';
import { upsertUser } from '../accounts/users.ts';
import { defineEndpoint } from '../api/endpoint.ts';
import { dataApiApp, testSecret } from '../api/testing/harness.ts';
import { createAccessTokenSigner } from '../auth/access-tokens.ts';
import { accessTokenFor } from '../auth/testing.ts';
import { registerBilling } from './index.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/** A per-company endpoint: Basic may read only the sample companies. */
const profile = defineEndpoint({
  path: '/test-profile/:symbol',
  operationId: 'testProfile',
  tag: 'Company',
  summary: 'Test profile',
  description: 'Name of a company',
  params: Type.Object({ symbol: Type.String({ pattern: '^[A-Za-z0-9&-]{1,20}$' }) }),
  data: Type.Array(Type.Object({ symbol: Type.String(), name: Type.String() })),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  load: async ({ companies }) => ({
    data: companies.map((c) => ({ symbol: c.symbol, name: c.name })),
    asOf: '2026-03-31',
    source: 'test-fixture',
  }),
});

for (const target of testDatabases()) {
  describe(`a paid plan reaches the data API at once on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;

    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db, { endpoints: [profile] });
      app.decorate('accessTokens', await createAccessTokenSigner(db, null, 'test'));
      await registerBilling(app);
      await db.query(
        `INSERT INTO company (isin, symbol, name, source, as_of) VALUES
           ('INE154A01025', 'ITC', 'Sample Tobacco Group', 'test-fixture', '2026-03-31'),
           ('INE467B01029', 'TCS', 'Listed Software Company', 'test-fixture', '2026-03-31')`,
      );
    });
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it('a Basic key refused a non-sample company gets it right after the Individual payment is verified', async () => {
      const user = await upsertUser(db, { email: 'upgrade@example.com', firstName: 'Up', lastName: 'Grade' });
      const key = await issueKey(db, user.id, testSecret);
      expect((await app.inject(`/api/v1/test-profile/ITC?token=${key}`)).statusCode).toBe(200);
      const before = await app.inject(`/api/v1/test-profile/TCS?token=${key}`);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toMatchObject({ code: 'forbidden' });

      const token = await accessTokenFor(app, user.id, new Date());
      const started = await app.inject({
        method: 'POST',
        url: '/api/v1/subscribe-api?plan=api_individual',
        headers: { authorization: `Bearer ${token}` },
        payload: { phone_number: '+919876543210' },
      });
      expect(started.statusCode).toBe(200);
      const subscriptionId = started.json().subscription_id as string;
      const paid = await (app.billing.provider as SandboxProvider).pay(subscriptionId, new Date());
      const verified = await app.inject({
        method: 'POST',
        url: '/rzp/verify-subscription',
        payload: { payment_id: paid.paymentId, subscription_id: subscriptionId, signature: paid.signature },
      });
      expect(verified.json()).toEqual({ status: 'success' });

      const after = await app.inject(`/api/v1/test-profile/TCS?token=${key}`);
      expect(after.statusCode).toBe(200);
      expect(after.json().data).toEqual([{ symbol: 'TCS', name: 'Listed Software Company' }]);
    });
  });
}
