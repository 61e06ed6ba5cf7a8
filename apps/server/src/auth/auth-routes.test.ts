import { testDatabases } from '@bahi/market-data/db/test-databases';
import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByKey } from '../accounts/api-keys.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { devClientId } from './dev-identity-provider.ts';
import { refreshReuseGraceSeconds } from './refresh-tokens.ts';

const t0 = new Date('2026-03-01T09:00:00Z');

for (const target of testDatabases()) {
  describe(`sign-in and sessions on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let now = t0;
    let devKey: JWK;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig(), { db, clock: () => now });
      app.addHook('onClose', () => db.close());
      const { rows } = await db.query<{ value: string }>(
        "SELECT value FROM app_secrets WHERE name = 'dev_identity_signing_key'",
      );
      devKey = JSON.parse(rows[0]!.value);
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    async function devIdToken(name: string, email: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/dev-identity/id-token',
        payload: { name, email },
      });
      expect(res.statusCode).toBe(200);
      return res.json().id_token;
    }

    /** The browser's refresh call with a refresh token. */
    function refresh(token: string) {
      return app.inject({
        method: 'POST',
        url: '/api/v1/refresh-token',
        headers: { 'x-refresh-token': token },
      });
    }

    function exchange(token: string, type = 'One-tap') {
      return app.inject({
        method: 'POST',
        url: '/google-auth-api/api/v1/token',
        headers: { 'content-type': 'application/json', 'x-token-type': type, 'x-token': token },
      });
    }

    async function forge(
      claims: Record<string, unknown>,
      key?: Parameters<SignJWT['sign']>[0],
      kid = devKey.kid,
    ) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ email: 'eve@example.com', email_verified: true, name: 'Eve Example', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(app.identity.dev!.issuer)
        .setAudience((claims.aud as string) ?? devClientId)
        .setSubject('dev:eve@example.com')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 300)
        .sign(key ?? (await importJWK(devKey, 'ES256')));
    }

    it('first sign-in creates a Basic user with a key; the next one returns the same key', async () => {
      const res = await exchange(await devIdToken('Asha Rao', 'Asha@Example.com'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.api_user).toEqual({
        email: 'asha@example.com',
        first_name: 'Asha',
        last_name: 'Rao',
        token: expect.stringMatching(/^bahi_[0-9A-Za-z]{40}$/),
        subscription_plan: 'B',
        subscription_expiration_date: null,
        billing_cycle: 'NA',
        subscription_status: 'active',
      });
      expect(body.expiry).toBe(t0.getTime() / 1000 + 15 * 60);
      expect((await findUserByKey(app.deps.db, body.api_user.token))?.email).toBe('asha@example.com');
      const again = (await exchange(await devIdToken('Asha Rao', 'asha@example.com'))).json();
      expect(again.api_user.token).toBe(body.api_user.token);
      expect(again.refresh_token).not.toBe(body.refresh_token);
    });

    it('refuses ID tokens signed by an unknown key, for another audience, expired or unverified', async () => {
      const stranger = (await generateKeyPair('ES256')).privateKey;
      const cases = [
        await forge({}, stranger),
        await forge({}, stranger, 'unknown-kid'),
        await forge({ aud: 'someone-else' }),
        await forge({ email_verified: false }),
      ];
      const expired = await devIdToken('Old Token', 'old@example.com');
      for (const token of cases) {
        const res = await exchange(token);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().code).toBe('unauthorized');
      }
      now = new Date(t0.getTime() + 10 * 60 * 1000);
      try {
        const res = await exchange(expired);
        expect(res.statusCode).toBe(401);
        expect(res.json().detail).toMatch(/expired/);
      } finally {
        now = t0;
      }
      expect((await exchange('not.a.jwt')).statusCode).toBe(401);
      expect((await exchange(await forge({}))).statusCode).toBe(200);
    });

    it('validates the headers of the token exchange', async () => {
      const missing = await app.inject({ method: 'POST', url: '/google-auth-api/api/v1/token' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().param).toBe('x-token-type');
      const wrongType = await exchange('x', 'Basic');
      expect(wrongType.statusCode).toBe(400);
    });

    it('exchanges a valid access token (Bearer) and rejects a bad one', async () => {
      const first = (await exchange(await devIdToken('Ravi Kumar', 'ravi@example.com'))).json();
      const res = await exchange(first.access_token, 'Bearer');
      expect(res.statusCode).toBe(200);
      expect(res.json().api_user).toMatchObject({ email: 'ravi@example.com', token: first.api_user.token });
      expect((await exchange(`${first.access_token}x`, 'Bearer')).statusCode).toBe(401);
    });

    it('rotates refresh tokens and revokes the session when a spent one comes back', async () => {
      const signIn = (await exchange(await devIdToken('Meera S', 'meera@example.com'))).json();
      now = new Date(t0.getTime() + 20 * 60 * 1000);
      try {
        const r1 = await refresh(signIn.refresh_token);
        expect(r1.statusCode).toBe(200);
        const next = r1.json();
        expect(next.refresh_token).not.toBe(signIn.refresh_token);
        expect(next.expiry).toBe(now.getTime() / 1000 + 15 * 60);
        const me = await app.inject({
          url: '/api/v2/api-token',
          headers: { authorization: `Bearer ${next.access_token}` },
        });
        expect(me.json().token).toBe(signIn.api_user.token);
        // The old token again, past the grace: reuse, so the whole family dies, including the
        // fresh successor.
        now = new Date(now.getTime() + (refreshReuseGraceSeconds + 1) * 1000);
        expect((await refresh(signIn.refresh_token)).statusCode).toBe(401);
        expect((await refresh(next.refresh_token)).statusCode).toBe(401);
        expect((await refresh('bahi_rt_nonsense')).statusCode).toBe(401);
        // Its access tokens end with it: no profile, and no new session in exchange for one.
        const after = await app.inject({
          url: '/api/v2/api-token',
          headers: { authorization: `Bearer ${next.access_token}` },
        });
        expect(after.statusCode).toBe(401);
        expect((await exchange(next.access_token, 'Bearer')).statusCode).toBe(401);
      } finally {
        now = t0;
      }
    });

    it('a spent refresh token presented again within the grace gets another successor; the grace counts from its first use', async () => {
      const signIn = (await exchange(await devIdToken('Tara S', 'tara@example.com'))).json();
      const used = new Date(t0.getTime() + 20 * 60 * 1000);
      now = used;
      try {
        const first = await refresh(signIn.refresh_token);
        expect(first.statusCode).toBe(200);
        // A second tab that has not seen the rotation yet presents the same token a moment later.
        now = new Date(used.getTime() + (refreshReuseGraceSeconds - 1) * 1000);
        const second = await refresh(signIn.refresh_token);
        expect(second.statusCode).toBe(200);
        const [a, b] = [first.json(), second.json()];
        expect(b.refresh_token).not.toBe(a.refresh_token);
        // Both tabs keep a working session: each one's access token reads the profile, and each
        // one's refresh token rotates once more.
        for (const next of [a, b]) {
          const me = await app.inject({
            url: '/api/v2/api-token',
            headers: { authorization: `Bearer ${next.access_token}` },
          });
          expect(me.statusCode).toBe(200);
          expect(me.json().token).toBe(signIn.api_user.token);
        }
        expect((await refresh(a.refresh_token)).statusCode).toBe(200);
        expect((await refresh(b.refresh_token)).statusCode).toBe(200);
        // Presented again past the grace counted from its first use: theft, the session ends.
        now = new Date(used.getTime() + refreshReuseGraceSeconds * 1000);
        expect((await refresh(signIn.refresh_token)).statusCode).toBe(401);
        const after = await app.inject({
          url: '/api/v2/api-token',
          headers: { authorization: `Bearer ${b.access_token}` },
        });
        expect(after.statusCode).toBe(401);
      } finally {
        now = t0;
      }
    });

    it('logout ends the session of its refresh token', async () => {
      const signIn = (await exchange(await devIdToken('Lata M', 'lata@example.com'))).json();
      const out = await app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { 'x-refresh-token': signIn.refresh_token, 'content-type': 'application/json' },
      });
      expect(out.statusCode).toBe(204);
      const res = await refresh(signIn.refresh_token);
      expect(res.statusCode).toBe(401);
      expect((await exchange(signIn.access_token, 'Bearer')).statusCode).toBe(401);
      const me = await app.inject({
        url: '/api/v2/api-token',
        headers: { authorization: `Bearer ${signIn.access_token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('after logout no token of the session refreshes, not even a spent one inside the grace', async () => {
      const signIn = (await exchange(await devIdToken('Uma K', 'uma@example.com'))).json();
      const used = new Date(t0.getTime() + 20 * 60 * 1000);
      now = used;
      try {
        const rotated = await refresh(signIn.refresh_token);
        expect(rotated.statusCode).toBe(200);
        const next = rotated.json();
        // A tab that read the profile before the rotation logs out with the spent token.
        const out = await app.inject({
          method: 'POST',
          url: '/api/v1/logout',
          headers: { 'x-refresh-token': signIn.refresh_token },
        });
        expect(out.statusCode).toBe(204);
        // Inside the grace, where without the logout this token would get another successor.
        now = new Date(used.getTime() + (refreshReuseGraceSeconds - 1) * 1000);
        expect((await refresh(signIn.refresh_token)).statusCode).toBe(401);
        expect((await refresh(next.refresh_token)).statusCode).toBe(401);
        const me = await app.inject({
          url: '/api/v2/api-token',
          headers: { authorization: `Bearer ${next.access_token}` },
        });
        expect(me.statusCode).toBe(401);
      } finally {
        now = t0;
      }
    });

    it('an access-token exchange continues the session: logging out ends what it issued too', async () => {
      const signIn = (await exchange(await devIdToken('Nisha P', 'nisha@example.com'))).json();
      const again = (await exchange(signIn.access_token, 'Bearer')).json();
      await app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { 'x-refresh-token': signIn.refresh_token, 'content-type': 'application/json' },
      });
      for (const token of [again.access_token, signIn.access_token])
        expect((await exchange(token, 'Bearer')).statusCode).toBe(401);
      const refreshed = await refresh(again.refresh_token);
      expect(refreshed.statusCode).toBe(401);
    });

    it('api-token needs a valid access token and shows the subscription', async () => {
      expect((await app.inject('/api/v2/api-token')).statusCode).toBe(401);
      const signIn = (await exchange(await devIdToken('Kiran P', 'kiran@example.com'))).json();
      const res = await app.inject({
        url: '/api/v2/api-token',
        headers: { authorization: `Bearer ${signIn.access_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        token: signIn.api_user.token,
        subscription_plan: 'B',
        subscription_expiration_date: null,
        billing_cycle: 'NA',
        subscription_status: 'active',
      });
      now = new Date((signIn.expiry + 1) * 1000);
      try {
        const late = await app.inject({
          url: '/api/v2/api-token',
          headers: { authorization: `Bearer ${signIn.access_token}` },
        });
        expect(late.statusCode).toBe(401);
      } finally {
        now = t0;
      }
    });

    it('regenerating the key revokes the old one at once, also in the data API key cache', async () => {
      const signIn = (await exchange(await devIdToken('Dev Patel', 'dev@example.com'))).json();
      const old = signIn.api_user.token;
      const symbols = (key: string) => app.inject(`/api/v1/stock-symbols?token=${key}`);
      // A data request looks the key up, and the data API caches its owner.
      expect((await symbols(old)).statusCode).toBe(200);
      expect((await app.dataApi.keys.lookup(old))?.email).toBe('dev@example.com');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/api-token/regenerate',
        headers: { authorization: `Bearer ${signIn.access_token}` },
      });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().token;
      expect(fresh).toMatch(/^bahi_[0-9A-Za-z]{40}$/);
      expect(fresh).not.toBe(old);
      expect(await app.dataApi.keys.lookup(old)).toBeNull();
      expect((await symbols(old)).statusCode).toBe(401);
      expect((await symbols(fresh)).statusCode).toBe(200);
      expect((await app.dataApi.keys.lookup(fresh))?.email).toBe('dev@example.com');
      const shown = await app.inject({
        url: '/api/v2/api-token',
        headers: { authorization: `Bearer ${signIn.access_token}` },
      });
      expect(shown.json().token).toBe(fresh);
      expect((await app.inject({ method: 'POST', url: '/api/v2/api-token/regenerate' })).statusCode).toBe(
        401,
      );
    });
  });
}

describe('identity configuration', () => {
  it('with Google configured: no development provider, and the site is told to use Google', async () => {
    const app = await buildApp(testConfig({ googleClientId: 'client-123.apps.example' }));
    try {
      expect((await app.inject({ method: 'POST', url: '/dev-identity/id-token' })).statusCode).toBe(404);
      expect((await app.inject('/api/v1/auth/config')).json()).toEqual({
        provider: 'google',
        client_id: 'client-123.apps.example',
      });
    } finally {
      await app.close();
    }
  });
});
