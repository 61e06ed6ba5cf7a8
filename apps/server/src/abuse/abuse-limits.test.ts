import { randomBytes } from 'node:crypto';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertUser } from '../accounts/users.ts';
import { wrongKeysPerMinute } from '../api/access.ts';
import { buildApp } from '../app.ts';
import { accessTokenFor } from '../auth/testing.ts';
import { paymentEventsOf, verificationFailuresOf } from '../billing/billing-store.ts';
import { testConfig } from '../config.ts';
import { abuseLimits } from './abuse-limits.ts';

/** A fresh (loopback, so plain HTTP is allowed) client address per call: counters of other tests or runs never meet. */
const address = () => `127.${[1, 2, 3].map(() => randomBytes(1)[0]! % 250).join('.')}`;
const randomKey = () => `bahi_${randomBytes(30).toString('base64url').replace(/[-_]/g, 'x').slice(0, 40)}`;

for (const target of testDatabases()) {
  describe(`abuse limits on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let seq = 0;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig(), { db });
      app.addHook('onClose', () => db.close());
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    async function newUser() {
      seq += 1;
      const user = await upsertUser(app.deps.db, {
        email: `abuse${seq}.${randomBytes(3).toString('hex')}@example.com`,
        firstName: 'A',
        lastName: 'B',
      });
      return { user, auth: { authorization: `Bearer ${await accessTokenFor(app, user.id, new Date())}` } };
    }

    function signIn(remoteAddress: string) {
      return app.inject({
        method: 'POST',
        url: '/google-auth-api/api/v1/token',
        remoteAddress,
        headers: { 'x-token-type': 'One-tap', 'x-token': 'not-a-real-id-token' },
      });
    }

    it('limits sign-in attempts per address, with Retry-After', async () => {
      const ip = address();
      const limit = abuseLimits['sign-in'].perAddress;
      for (let i = 0; i < limit; i++) expect((await signIn(ip)).statusCode).toBe(401);
      const refused = await signIn(ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', request_id: expect.any(String) });
      expect((await signIn(address())).statusCode).toBe(401);
    });

    it('limits refresh attempts per address', async () => {
      const ip = address();
      const refresh = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/refresh-token',
          remoteAddress: ip,
          headers: { 'x-refresh-token': 'spent-or-forged' },
        });
      for (let i = 0; i < abuseLimits.refresh.perAddress; i++) expect((await refresh()).statusCode).toBe(401);
      expect((await refresh()).statusCode).toBe(429);
    });

    it('limits subscription creation per user: no burst of provider subscriptions', async () => {
      const { auth } = await newUser();
      const statuses: number[] = [];
      for (let i = 0; i < abuseLimits.subscribe.perSubject + 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/subscribe-api?plan=api_individual',
          remoteAddress: address(),
          headers: auth,
          payload: { phone_number: '+91 98765 43210' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(abuseLimits.subscribe.perSubject);
      expect(statuses.slice(abuseLimits.subscribe.perSubject).every((s) => s === 429)).toBe(true);
    });

    it('limits forged verifications per subscription, counting them outside the payment log', async () => {
      const { auth } = await newUser();
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/subscribe-api?plan=api_individual',
        headers: auth,
        payload: { phone_number: '+91 98765 43210' },
      });
      const subscriptionId = created.json().subscription_id as string;
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/rzp/verify-subscription',
          remoteAddress: address(),
          payload: { payment_id: `pay_${i}`, subscription_id: subscriptionId, signature: 'f'.repeat(64) },
        });
        statuses.push(res.statusCode);
      }
      const limit = abuseLimits.verify.perSubject;
      expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
      const events = await paymentEventsOf(app.deps.db, subscriptionId);
      expect(events.filter((e) => e.kind === 'checkout.verify')).toEqual([]);
      expect(await verificationFailuresOf(app.deps.db, subscriptionId)).toBe(limit);
    });

    it('limits verifications per address across subscription ids', async () => {
      const ip = address();
      const verify = (i: number) =>
        app.inject({
          method: 'POST',
          url: '/rzp/verify-subscription',
          remoteAddress: ip,
          payload: { payment_id: 'pay_x', subscription_id: `sub_unknown${i}`, signature: 'f'.repeat(64) },
        });
      for (let i = 0; i < abuseLimits.verify.perAddress; i++) expect((await verify(i)).statusCode).toBe(200);
      expect((await verify(-1)).statusCode).toBe(429);
    });

    it('refuses an address guessing keys with 429 before any further key lookup', async () => {
      const ip = address();
      const lookups = vi.spyOn(app.dataApi.keys, 'owner');
      try {
        const get = () =>
          app.inject({ url: `/api/v1/holidays-calender?token=${randomKey()}`, remoteAddress: ip });
        for (let i = 0; i < wrongKeysPerMinute; i++) expect((await get()).statusCode).toBe(401);
        const before = lookups.mock.calls.length;
        for (let i = 0; i < 20; i++) {
          const res = await get();
          expect(res.statusCode).toBe(429);
          expect(res.headers['retry-after']).toMatch(/^\d+$/);
        }
        expect(lookups.mock.calls.length).toBe(before);
        // Another address is not affected.
        const other = await app.inject({
          url: `/api/v1/holidays-calender?token=${randomKey()}`,
          remoteAddress: address(),
        });
        expect(other.statusCode).toBe(401);
      } finally {
        lookups.mockRestore();
      }
    });

    it.each([
      ['POST', '/google-auth-api/api/v1/token'],
      ['POST', '/api/v1/refresh-token'],
      ['GET', '/api/v2/api-token'],
    ] as const)('%s %s may never be stored by a cache', async (method, url) => {
      const { auth } = await newUser();
      const res = await app.inject({ method, url, headers: auth, remoteAddress: address() });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('sends no-store with a sign-in, a refresh and the API key', async () => {
      const idToken = (
        await app.inject({
          method: 'POST',
          url: '/dev-identity/id-token',
          payload: { name: 'Cache Tester', email: `cache${randomBytes(3).toString('hex')}@example.com` },
        })
      ).json().id_token as string;
      const signedIn = await app.inject({
        method: 'POST',
        url: '/google-auth-api/api/v1/token',
        headers: { 'x-token-type': 'One-tap', 'x-token': idToken },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('no-store');
      const { access_token, refresh_token } = signedIn.json();
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        headers: { 'x-refresh-token': refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control']).toBe('no-store');
      const key = await app.inject({
        url: '/api/v2/api-token',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(key.statusCode).toBe(200);
      expect(key.json().token).toMatch(/^bahi_/);
      expect(key.headers['cache-control']).toBe('no-store');
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('abuse limits shared through Redis', () => {
  it('counts sign-in attempts of one address across two server instances', async () => {
    const [target] = testDatabases();
    const db = await target!.open();
    const config = testConfig({ redisUrl: redisUrl! });
    const a = await buildApp(config, { db });
    const b = await buildApp(config, { db });
    try {
      const ip = address();
      const signIn = (app: typeof a) =>
        app.inject({
          method: 'POST',
          url: '/google-auth-api/api/v1/token',
          remoteAddress: ip,
          headers: { 'x-token-type': 'One-tap', 'x-token': 'forged' },
        });
      const limit = abuseLimits['sign-in'].perAddress;
      for (let i = 0; i < limit; i++) expect((await signIn(i % 2 ? a : b)).statusCode).toBe(401);
      expect((await signIn(a)).statusCode).toBe(429);
      expect((await signIn(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await db.close();
      await target!.drop();
    }
    // Two whole servers are built: allow for a busy machine.
  }, 120_000);
});
