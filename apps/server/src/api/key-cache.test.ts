import { randomBytes } from 'node:crypto';
import { type Db, marketDataMigrations, migrate, type Queryable } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueKey } from '../accounts/api-keys.ts';
import { upsertUser } from '../accounts/users.ts';
import { serverMigrations } from '../app.ts';
import { KeyCache } from './key-cache.ts';

const ttlMs = 1_000;

describe.each(testDatabases())('API keys cached in the process, on $name', (target) => {
  let db: Db;
  let key: string;
  let userId: number;
  const secret = randomBytes(32);
  /** Statements the cache sent; a gate, when set, holds them until it opens. */
  let statements = 0;
  let gate: Promise<void> | null = null;
  let failing = false;
  const counting: Queryable = {
    query: async (sql: string, params?: unknown[]) => {
      statements += 1;
      if (gate) await gate;
      if (failing) throw new Error('connection lost');
      return db.query(sql, params);
    },
  } as Queryable;
  const errors: unknown[] = [];
  const cache = () =>
    new KeyCache(counting, {
      ttlMs,
      negativeTtlMs: 500,
      maxEntries: 100,
      refreshAfter: 0.8,
      onError: (err) => errors.push(err),
    });
  /** Lets the statements under way land (a PGlite or PostgreSQL round trip). */
  const settle = () => new Promise((r) => setTimeout(r, 100));

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, [marketDataMigrations, serverMigrations]);
    const user = await upsertUser(db, { email: 'keys@example.com', firstName: 'Key', lastName: 'Holder' });
    userId = user.id;
  }, 60_000);
  beforeEach(async () => {
    key = await issueKey(db, userId, secret);
    statements = 0;
    gate = null;
    failing = false;
    errors.length = 0;
  });
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  it('looks a key up once however many requests ask for it at the same time', async () => {
    const keys = cache();
    expect(keys.peek(key, 0)).toBeUndefined();
    const owners = await Promise.all(Array.from({ length: 20 }, () => keys.owner(key, 0)));
    expect(statements).toBe(1);
    expect(new Set(owners.map((o) => o?.user.id))).toEqual(new Set([userId]));
    expect(keys.peek(key, 10)?.user.id).toBe(userId);
    expect(statements).toBe(1);
  });

  it('refreshes a key in use before it expires, so its requests never wait for a lookup', async () => {
    const keys = cache();
    await keys.owner(key, 0);
    // Early in its lifetime: no statement.
    expect(keys.peek(key, 500)?.user.id).toBe(userId);
    expect(statements).toBe(1);
    // In the last fifth: the owner serves at once, and one refresh starts, however many ask.
    for (let i = 0; i < 10; i++) expect(keys.peek(key, 850)?.user.id).toBe(userId);
    // (started once the callers' code is done)
    await Promise.resolve();
    expect(statements).toBe(2);
    await settle();
    // Past the first read's expiry the refreshed owner serves, without a statement...
    expect(keys.peek(key, 1_500)?.user.id).toBe(userId);
    expect(await keys.owner(key, 1_500)).not.toBeNull();
    expect(statements).toBe(2);
    // ...and past the refresh's own expiry (850 + 1,000) it is looked up again.
    expect(keys.peek(key, 1_850)).toBeUndefined();
  });

  it('a key revoked elsewhere stops working once the refresh reads it, within the TTL', async () => {
    const keys = cache();
    await keys.owner(key, 0);
    // Another process regenerates the key: this process is not told.
    const replacement = await issueKey(db, userId, secret);
    expect(keys.peek(key, 100)?.user.id).toBe(userId);
    expect(keys.peek(key, 900)?.user.id).toBe(userId);
    await settle();
    expect(keys.peek(key, 950)).toBeNull();
    expect((await keys.owner(replacement, 950))?.user.id).toBe(userId);
  });

  it('does not keep an owner read before the user was invalidated', async () => {
    const keys = cache();
    await keys.owner(key, 0);
    let open!: () => void;
    gate = new Promise<void>((r) => {
      open = r;
    });
    expect(keys.peek(key, 900)?.user.id).toBe(userId);
    await Promise.resolve();
    expect(statements).toBe(2);
    // The key is regenerated in this process while the refresh reads the old row.
    keys.invalidateUser(userId);
    open();
    gate = null;
    await settle();
    expect(keys.peek(key, 950)).toBeUndefined();
  });

  it('a failed refresh is reported and the owner serves until it expires, then is looked up', async () => {
    const keys = cache();
    await keys.owner(key, 0);
    failing = true;
    expect(keys.peek(key, 900)?.user.id).toBe(userId);
    await settle();
    expect(errors).toHaveLength(1);
    expect(keys.peek(key, 990)?.user.id).toBe(userId);
    expect(keys.peek(key, 1_000)).toBeUndefined();
    await expect(keys.owner(key, 1_000)).rejects.toThrow('connection lost');
    failing = false;
    expect((await keys.owner(key, 1_000))?.user.id).toBe(userId);
  });

  it('does not refresh a key whose entry was dropped before its refresh started', async () => {
    const keys = cache();
    await keys.owner(key, 0);
    expect(keys.peek(key, 900)?.user.id).toBe(userId);
    keys.invalidateUser(userId);
    await settle();
    expect(statements).toBe(1);
    expect(keys.peek(key, 950)).toBeUndefined();
  });

  it('does not refresh unknown keys ahead of time', async () => {
    const keys = cache();
    const unknown = `bahi_${'A'.repeat(40)}`;
    expect(await keys.owner(unknown, 0)).toBeNull();
    expect(keys.peek(unknown, 450)).toBeNull();
    expect(statements).toBe(1);
    expect(keys.peek(unknown, 500)).toBeUndefined();
  });

  it('a held key serves only callers that ask for held keys, is never looked up, and expires', async () => {
    const keys = cache();
    const held = `bahi_${'H'.repeat(40)}`;
    const owner = { user: { id: -1 } as never, keyId: -1, subject: 'warm-up' };
    keys.hold(held, owner, 1_000, 0);
    // Due for refresh from the start: every request takes that branch, none sends a statement.
    for (const now of [0, 10, 900]) {
      expect(keys.peek(held, now, true)).toBe(owner);
      expect(keys.peek(held, now)).toBeNull();
    }
    expect(await keys.owner(held, 950)).toBeNull();
    await settle();
    expect(statements).toBe(0);
    expect(errors).toEqual([]);
    expect(keys.peek(held, 999, true)).toBe(owner);
    // Past its time it is an unknown key, looked up as any other.
    expect(keys.peek(held, 1_000, true)).toBeUndefined();
    keys.hold(held, owner, 1_000, 0);
    keys.invalidateKey(held);
    expect(keys.peek(held, 10, true)).toBeUndefined();
  });
});
