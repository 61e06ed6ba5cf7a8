import { marketDataMigrations, migrate, openDb } from '@bahi/market-data/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { accessTokenLifetimeSeconds, createAccessTokenSigner } from './access-tokens.ts';

describe('access tokens', () => {
  let db: Awaited<ReturnType<typeof openDb>>;
  beforeAll(async () => {
    db = await openDb({ kind: 'pglite' });
    await migrate(db, [marketDataMigrations, serverMigrations]);
  });
  afterAll(() => db.close());

  it('verify the user until the lifetime runs out', async () => {
    const signer = await createAccessTokenSigner(db, null, 'test');
    const now = new Date('2026-01-01T10:00:00Z');
    const sid = '7d3c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f';
    const { token, expiresAt } = await signer.sign(42, sid, now);
    expect(expiresAt).toBe(now.getTime() / 1000 + accessTokenLifetimeSeconds);
    expect(await signer.verify(token, new Date(now.getTime() + 60_000))).toEqual({
      userId: 42,
      sessionId: sid,
    });
    expect(await signer.verify(token, new Date((expiresAt + 1) * 1000))).toBeNull();
  });

  it('reject tokens signed with another secret or tampered', async () => {
    const ours = await createAccessTokenSigner(db, null, 'test');
    const theirs = await createAccessTokenSigner(db, Buffer.alloc(32, 7).toString('base64'), 'test');
    const now = new Date();
    const sid = '7d3c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f';
    const { token } = await theirs.sign(1, sid, now);
    expect(await ours.verify(token, now)).toBeNull();
    const mine = (await ours.sign(1, sid, now)).token;
    const [h, , s] = mine.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '2' })).toString('base64url')}.${s}`;
    expect(await ours.verify(forged, now)).toBeNull();
    expect(await ours.verify('garbage', now)).toBeNull();
  });

  it('refuse a correctly signed token that has no expiry', async () => {
    const secret = Buffer.alloc(32, 9);
    const signer = await createAccessTokenSigner(db, secret.toString('base64'), 'test');
    const now = new Date('2026-01-01T10:00:00Z');
    const sid = '7d3c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f';
    const claims = (exp: boolean) => {
      const jwt = new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('5')
        .setIssuer('bahi')
        .setAudience('bahi-web')
        .setIssuedAt(Math.floor(now.getTime() / 1000));
      return (exp ? jwt.setExpirationTime('10m') : jwt).sign(new Uint8Array(secret));
    };
    expect(await signer.verify(await claims(true), now)).toEqual({ userId: 5, sessionId: sid });
    expect(await signer.verify(await claims(false), now)).toBeNull();
  });

  it('refuse a generated secret in production', async () => {
    await expect(createAccessTokenSigner(db, null, 'production')).rejects.toThrow(/must be configured/);
  });
});
