import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePlan, findUserById, upsertUser } from '../accounts/users.ts';
import { buildApp } from '../app.ts';
import { accessTokenFor } from '../auth/testing.ts';
import { testConfig } from '../config.ts';
import { findSubscription } from './billing-store.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const hour = 60 * 60 * 1000;

for (const target of testDatabases()) {
  describe(`one live subscription per user on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    const start = new Date('2026-04-01T10:00:00Z');
    let now = start;
    let sandbox: SandboxProvider;
    let seq = 0;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig(), { db, clock: () => now });
      app.addHook('onClose', () => db.close());
      sandbox = app.billing.provider as SandboxProvider;
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    async function newUser() {
      seq += 1;
      now = start;
      const user = await upsertUser(app.deps.db, {
        email: `lifecycle${seq}@example.com`,
        firstName: 'A',
        lastName: 'B',
      });
      const token = await accessTokenFor(app, user.id, now);
      return { user, auth: { authorization: `Bearer ${token}` } };
    }

    async function subscribe(auth: Record<string, string>, plan: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/subscribe-api?plan=${plan}`,
        headers: auth,
        payload: { phone_number: '+91 98765 43210' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().subscription_id as string;
    }

    function pay(subscriptionId: string) {
      return app.inject({ method: 'POST', url: `/sandbox/api/subscriptions/${subscriptionId}/pay` });
    }

    async function paid(subscriptionId: string) {
      const res = await pay(subscriptionId);
      expect(res.statusCode).toBe(200);
      const r = res.json();
      return {
        payment_id: r.razorpay_payment_id as string,
        subscription_id: r.razorpay_subscription_id as string,
        signature: r.razorpay_signature as string,
      };
    }

    async function verify(body: Record<string, string>) {
      const res = await app.inject({ method: 'POST', url: '/rzp/verify-subscription', payload: body });
      return res.json().status as string;
    }

    async function planOf(userId: number) {
      return effectivePlan((await findUserById(app.deps.db, userId))!, now);
    }

    async function providerStatus(subscriptionId: string) {
      return (await sandbox.fetchSubscription(subscriptionId)).status;
    }

    it('never lets an older, cheaper checkout replace a paid Enterprise plan', async () => {
      const { user, auth } = await newUser();
      const individual = await subscribe(auth, 'api_individual');
      // The Individual checkout is paid at the provider, but its verification has not arrived yet.
      const individualPaid = await paid(individual);
      const enterprise = await subscribe(auth, 'api_enterprise');
      expect(await verify(await paid(enterprise))).toBe('success');
      expect(await planOf(user.id)).toBe('E');

      expect(await verify(individualPaid)).toBe('failure');
      expect(await planOf(user.id)).toBe('E');
      // The superseded subscription is cancelled at the provider: it will never charge.
      expect(await providerStatus(individual)).toBe('cancelled');
      expect(await providerStatus(enterprise)).toBe('active');
      expect((await findSubscription(app.deps.db, individual))?.status).not.toBe('active');
    });

    it('refuses to take payment for a checkout a newer one superseded', async () => {
      const { user, auth } = await newUser();
      const individual = await subscribe(auth, 'api_individual');
      const enterprise = await subscribe(auth, 'api_enterprise');
      expect(await verify(await paid(enterprise))).toBe('success');
      const late = await pay(individual);
      expect(late.statusCode).toBe(409);
      expect(late.headers['content-type']).toContain('application/problem+json');
      expect(await planOf(user.id)).toBe('E');
    });

    it('cancels the old subscription at the provider on an upgrade, and its late events change nothing', async () => {
      const { user, auth } = await newUser();
      const individual = await subscribe(auth, 'api_individual');
      expect(await verify(await paid(individual))).toBe('success');
      expect(await planOf(user.id)).toBe('I');

      const professional = await subscribe(auth, 'api_professional');
      expect(await providerStatus(individual)).toBe('active');
      expect(await verify(await paid(professional))).toBe('success');
      expect(await planOf(user.id)).toBe('P');
      expect(await providerStatus(individual)).toBe('cancelled');
      expect((await findSubscription(app.deps.db, individual))?.status).toBe('cancelled');

      // The provider charges the old subscription anyway (it ignored the cancellation): the signed
      // event cancels it again and the plan stays Professional.
      await sandbox.setStatus(individual, 'active');
      const payload = JSON.stringify({
        event: 'subscription.charged',
        payload: { subscription: { entity: { id: individual } } },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/rzp/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sandbox.signWebhook(payload),
          'x-razorpay-event-id': `evt_${individual}`,
        },
        payload,
      });
      expect(res.json()).toEqual({ status: 'applied' });
      expect(await planOf(user.id)).toBe('P');
      expect(await providerStatus(individual)).toBe('cancelled');
    });

    it('expires a pending subscription that was not paid in time', async () => {
      const { user, auth } = await newUser();
      const individual = await subscribe(auth, 'api_individual');
      now = new Date(start.getTime() + 25 * hour);
      expect((await pay(individual)).statusCode).toBe(409);
      expect(await planOf(user.id)).toBe('B');

      // Paid just before the deadline at the provider, verified long after: refused and cancelled.
      now = start;
      const professional = await subscribe(auth, 'api_professional');
      now = new Date(start.getTime() + 23.9 * hour);
      const result = await paid(professional);
      now = new Date(start.getTime() + 30 * hour);
      expect(await verify(result)).toBe('failure');
      expect(await planOf(user.id)).toBe('B');
      expect((await findSubscription(app.deps.db, professional))?.status).toBe('expired');
      expect(await providerStatus(professional)).toBe('cancelled');
    });
  });
}
