import { randomBytes } from 'node:crypto';
import { marketDataMigrations, migrate } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { findUserByKey, generateKey, issueKey, keyPattern, revealKey } from './api-keys.ts';
import { effectivePlan, setSubscription, upsertUser } from './users.ts';

const secret = randomBytes(32);

for (const target of testDatabases()) {
  describe(`api keys on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations, serverMigrations]);
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('issues a key that resolves to its owner and can be shown again', async () => {
      const user = await upsertUser(db, { email: 'Asha@Example.com', firstName: 'Asha', lastName: 'Rao' });
      expect(user).toMatchObject({ email: 'asha@example.com', plan: 'B' });
      const key = await issueKey(db, user.id, secret);
      expect(key).toMatch(keyPattern);
      expect((await findUserByKey(db, key))?.id).toBe(user.id);
      expect(await revealKey(db, user.id, secret)).toBe(key);
      const stored = await db.query<{ key_hash: string; key_encrypted: string }>(
        'SELECT key_hash, key_encrypted FROM api_keys WHERE user_id = $1',
        [user.id],
      );
      expect(JSON.stringify(stored.rows)).not.toContain(key);
    });

    it('regenerating revokes the old key at once', async () => {
      const user = await upsertUser(db, { email: 'ravi@example.com', firstName: 'Ravi', lastName: 'K' });
      const first = await issueKey(db, user.id, secret);
      const second = await issueKey(db, user.id, secret);
      expect(await findUserByKey(db, first)).toBeNull();
      expect((await findUserByKey(db, second))?.id).toBe(user.id);
      expect(await findUserByKey(db, generateKey())).toBeNull();
      expect(await findUserByKey(db, 'not-a-key')).toBeNull();
    });

    it('a lapsed or halted paid plan governs access as Basic', async () => {
      const user = await upsertUser(db, { email: 'meera@example.com', firstName: 'Meera', lastName: 'S' });
      const now = new Date('2026-06-01T00:00:00Z');
      await setSubscription(db, user.id, {
        plan: 'I',
        billingCycle: 'quarterly',
        status: 'active',
        expiresAt: new Date('2026-09-01T00:00:00Z'),
      });
      const key = await issueKey(db, user.id, secret);
      const active = (await findUserByKey(db, key))!;
      expect(effectivePlan(active, now)).toBe('I');
      expect(effectivePlan(active, new Date('2026-09-02T00:00:00Z'))).toBe('B');
      expect(effectivePlan({ ...active, subscriptionStatus: 'halted' }, now)).toBe('B');
    });
  });
}
