import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePlan, findUserById, upsertUser } from '../accounts/users.ts';
import { buildApp } from '../app.ts';
import { accessTokenFor } from '../auth/testing.ts';
import { testConfig } from '../config.ts';
import { paymentEventsOf, verificationFailuresOf } from './billing-store.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

for (const target of testDatabases()) {
  describe(`plans, subscriptions and payments on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    const now = new Date('2026-04-01T10:00:00Z');
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
      const user = await upsertUser(app.deps.db, {
        email: `buyer${seq}@example.com`,
        firstName: 'A',
        lastName: 'B',
      });
      const token = await accessTokenFor(app, user.id, now);
      return { user, auth: { authorization: `Bearer ${token}` } };
    }

    async function subscribe(
      auth: Record<string, string>,
      plan = 'api_individual',
      phone = '+91 98765 43210',
    ) {
      return app.inject({
        method: 'POST',
        url: `/api/v1/subscribe-api?plan=${plan}`,
        headers: auth,
        payload: { phone_number: phone },
      });
    }

    async function verify(body: Record<string, string>) {
      return app.inject({ method: 'POST', url: '/rzp/verify-subscription', payload: body });
    }

    async function paidCheckout(auth: Record<string, string>, plan = 'api_individual') {
      const res = await subscribe(auth, plan);
      expect(res.statusCode).toBe(200);
      const subscriptionId = res.json().subscription_id as string;
      const pay = await app.inject({
        method: 'POST',
        url: `/sandbox/api/subscriptions/${subscriptionId}/pay`,
      });
      const r = pay.json();
      return {
        subscriptionId,
        body: {
          payment_id: r.razorpay_payment_id,
          subscription_id: r.razorpay_subscription_id,
          signature: r.razorpay_signature,
        },
      };
    }

    async function planOf(userId: number) {
      const user = (await findUserById(app.deps.db, userId))!;
      return { user, effective: effectivePlan(user, now) };
    }

    it('creates a pending subscription with server-side amounts for a signed-in user', async () => {
      const { user, auth } = await newUser();
      const res = await subscribe(auth, 'api_professional');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        plan: 'professional',
        provider: 'sandbox',
        base_amount: 4237,
        gst_amount: 763,
        total_amount: 5000,
        currency: 'INR',
        checkout_script: '/sandbox/checkout.js',
      });
      expect(body.subscription_id).toMatch(/^sub_/);
      const view = await app.inject(`/sandbox/api/subscriptions/${body.subscription_id}`);
      expect(view.json()).toMatchObject({ amount: 5000, planName: 'Professional', status: 'created' });
      const events = await paymentEventsOf(app.deps.db, body.subscription_id);
      expect(events).toEqual([
        expect.objectContaining({
          kind: 'subscription.create',
          outcome: 'pending',
          userId: user.id,
          amount: 5000,
        }),
      ]);
      expect((await planOf(user.id)).effective).toBe('B');
    });

    it('refuses to start without sign-in, with a bad plan or phone, and for a plan already held', async () => {
      expect((await subscribe({})).statusCode).toBe(401);
      const { auth } = await newUser();
      const badPlan = await subscribe(auth, 'api_gold');
      expect(badPlan.statusCode).toBe(400);
      expect(badPlan.json()).toMatchObject({ code: 'bad_request', param: 'plan' });
      const noPhone = await subscribe(auth, 'api_individual', ' ');
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.headers['content-type']).toContain('application/problem+json');
      expect(noPhone.json()).toMatchObject({ param: 'phone_number', detail: 'Phone number is required' });
      const badPhone = await subscribe(auth, 'api_individual', '+91 58765 43210');
      expect(badPhone.json()).toMatchObject({
        param: 'phone_number',
        detail: 'Please enter a valid phone number',
      });

      const { body } = await paidCheckout(auth, 'api_professional');
      expect((await verify(body)).json()).toEqual({ status: 'success' });
      for (const plan of ['api_individual', 'api_professional']) {
        const again = await subscribe(auth, plan);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'conflict' });
      }
    });

    it('activates Individual quarterly on a verified payment, once, however often it is replayed', async () => {
      const { user, auth } = await newUser();
      const { subscriptionId, body } = await paidCheckout(auth);
      expect((await verify(body)).json()).toEqual({ status: 'success' });
      const after = await planOf(user.id);
      expect(after.effective).toBe('I');
      expect(after.user).toMatchObject({ billingCycle: 'quarterly', subscriptionStatus: 'active' });
      expect(after.user.subscriptionExpiresAt?.toISOString()).toBe('2026-07-01T10:00:00.000Z');

      expect((await verify(body)).json()).toEqual({ status: 'success' });
      expect((await verify(body)).json()).toEqual({ status: 'success' });
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.filter((e) => e.kind === 'checkout.verify' && e.outcome === 'success')).toHaveLength(1);
      expect(events.filter((e) => e.outcome === 'replayed')).toHaveLength(2);
      expect(events.find((e) => e.outcome === 'success')).toMatchObject({
        userId: user.id,
        plan: 'I',
        amount: 2000,
        providerPaymentId: body.payment_id,
      });
    });

    it('activates Professional with annual billing', async () => {
      const { user, auth } = await newUser();
      const { body } = await paidCheckout(auth, 'api_professional');
      expect((await verify(body)).json()).toEqual({ status: 'success' });
      const after = await planOf(user.id);
      expect(after.effective).toBe('P');
      expect(after.user.billingCycle).toBe('annual');
      expect(after.user.subscriptionExpiresAt?.toISOString()).toBe('2027-04-01T10:00:00.000Z');
    });

    it('answers failure to a forged signature, an unknown subscription or a swapped payment id, and changes nothing', async () => {
      const { user, auth } = await newUser();
      const { subscriptionId, body } = await paidCheckout(auth);
      const forged = [
        { ...body, signature: 'f'.repeat(64) },
        { ...body, signature: body.signature.slice(0, 63) },
        { ...body, signature: 'not hex at all' },
        { ...body, payment_id: 'pay_someoneElse1' },
        { ...body, subscription_id: 'sub_doesNotExist' },
      ];
      for (const attempt of forged) expect((await verify(attempt)).json()).toEqual({ status: 'failure' });
      expect((await planOf(user.id)).effective).toBe('B');
      // Failed verifications are counted, not appended to the permanent payment log one by one.
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.filter((e) => e.kind === 'checkout.verify')).toEqual([]);
      expect(await verificationFailuresOf(app.deps.db, subscriptionId)).toBe(4);
      // Anyone may call verify: an unknown subscription leaves no row in the permanent payment log.
      expect(await paymentEventsOf(app.deps.db, 'sub_doesNotExist')).toEqual([]);
      expect((await verify({ payment_id: 'x', subscription_id: 'y' })).statusCode).toBe(400);
    });

    it('records a failed checkout payment through the signed payment.failed webhook', async () => {
      const { user, auth } = await newUser();
      const res = await subscribe(auth);
      const subscriptionId = res.json().subscription_id as string;
      const fail = await app.inject({
        method: 'POST',
        url: `/sandbox/api/subscriptions/${subscriptionId}/fail`,
      });
      expect(fail.json().error.metadata.subscription_id).toBe(subscriptionId);
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.at(-1)).toMatchObject({
        kind: 'webhook.payment.failed',
        outcome: 'failure',
        userId: user.id,
      });
      expect((await planOf(user.id)).effective).toBe('B');
    });

    function webhook(event: string, subscriptionId: string, eventId: string, signature?: string) {
      const payload = JSON.stringify({
        entity: 'event',
        event,
        payload: { subscription: { entity: { id: subscriptionId, status: 'active' } } },
      });
      return app.inject({
        method: 'POST',
        url: '/rzp/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature ?? sandbox.signWebhook(payload),
          'x-razorpay-event-id': eventId,
        },
        payload,
      });
    }

    it('rejects a webhook with a bad signature', async () => {
      const { user, auth } = await newUser();
      const { subscriptionId, body } = await paidCheckout(auth);
      await verify(body);
      await sandbox.setStatus(subscriptionId, 'halted');
      const res = await webhook('subscription.halted', subscriptionId, 'evt_bad1', 'a'.repeat(64));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
      const unsigned = await app.inject({
        method: 'POST',
        url: '/rzp/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_bad2' },
        payload: '{"event":"subscription.halted"}',
      });
      expect(unsigned.statusCode).toBe(401);
      expect((await planOf(user.id)).effective).toBe('I');
    });

    it('applies a webhook event once, from the provider state, and a lapsed plan falls back to Basic', async () => {
      const { user, auth } = await newUser();
      const { subscriptionId, body } = await paidCheckout(auth);
      await verify(body);
      await sandbox.setStatus(subscriptionId, 'halted');
      const first = await webhook('subscription.halted', subscriptionId, 'evt_halt_1');
      expect(first.json()).toEqual({ status: 'applied' });
      expect(await planOf(user.id)).toMatchObject({ effective: 'B', user: { subscriptionStatus: 'halted' } });

      // The provider retries the charge and succeeds; then the old halted event is delivered again.
      await sandbox.pay(subscriptionId, now);
      expect((await webhook('subscription.charged', subscriptionId, 'evt_charge_2')).json()).toEqual({
        status: 'applied',
      });
      expect((await planOf(user.id)).effective).toBe('I');
      expect((await webhook('subscription.halted', subscriptionId, 'evt_halt_1')).json()).toEqual({
        status: 'duplicate',
      });
      expect((await planOf(user.id)).effective).toBe('I');
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.filter((e) => e.providerEventId === 'evt_halt_1')).toHaveLength(1);

      await sandbox.setStatus(subscriptionId, 'cancelled');
      await webhook('subscription.cancelled', subscriptionId, 'evt_cancel_3');
      expect(await planOf(user.id)).toMatchObject({
        effective: 'B',
        user: { subscriptionStatus: 'cancelled' },
      });
    });

    it('applies a signed body once even when it is replayed under a new event id', async () => {
      const { user, auth } = await newUser();
      const { subscriptionId, body } = await paidCheckout(auth);
      await verify(body);
      await sandbox.setStatus(subscriptionId, 'halted');
      const first = await webhook('subscription.halted', subscriptionId, 'evt_body_1');
      expect(first.json()).toEqual({ status: 'applied' });
      await sandbox.pay(subscriptionId, now);
      await webhook('subscription.charged', subscriptionId, 'evt_body_2');
      expect((await planOf(user.id)).effective).toBe('I');
      // The event id header is not signed: the captured halted body under a fresh id is a duplicate.
      await sandbox.setStatus(subscriptionId, 'halted');
      const replay = await webhook('subscription.halted', subscriptionId, 'evt_body_forged');
      expect(replay.json()).toEqual({ status: 'duplicate' });
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.filter((e) => e.providerEventId === 'evt_body_forged')).toEqual([]);
    });

    it('tells plan-change listeners when a payment activates a plan', async () => {
      const changed: number[] = [];
      const listener = (id: number) => changed.push(id);
      app.billing.planChangeListeners.add(listener);
      try {
        const { user, auth } = await newUser();
        const { body } = await paidCheckout(auth);
        await verify(body);
        await verify(body);
        expect(changed).toEqual([user.id]);
      } finally {
        app.billing.planChangeListeners.delete(listener);
      }
    });

    it('keeps payment events forever: updates and deletes are refused', async () => {
      await expect(app.deps.db.query('DELETE FROM payment_events')).rejects.toThrow(/append-only/);
      await expect(app.deps.db.query("UPDATE payment_events SET outcome = 'success'")).rejects.toThrow(
        /append-only/,
      );
    });
  });
}
