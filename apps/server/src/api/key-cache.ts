import type { Queryable } from '@bahi/market-data/db';
import { findUserByKey, hashKey } from '../accounts/api-keys.ts';
import type { User } from '../accounts/users.ts';

interface Entry {
  user: User | null;
  expiresAt: number;
}

/**
 * In-process cache of API key → owner, so a data request costs no database round trip. Entries
 * live `ttlMs` (unknown keys a shorter time); `invalidateUser` drops a user's entries at once,
 * which regeneration and revocation call so an old key stops working in this process immediately.
 * Other processes notice within the TTL.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly opts: { ttlMs: number; negativeTtlMs: number; maxEntries: number } = {
      ttlMs: 30_000,
      negativeTtlMs: 5_000,
      maxEntries: 100_000,
    },
  ) {}

  async lookup(key: string, now = Date.now()): Promise<User | null> {
    const hash = hashKey(key);
    const hit = this.entries.get(hash);
    if (hit && hit.expiresAt > now) return hit.user;
    const user = await findUserByKey(this.db, key);
    if (this.entries.size >= this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(hash);
    this.entries.set(hash, { user, expiresAt: now + (user ? this.opts.ttlMs : this.opts.negativeTtlMs) });
    return user;
  }

  /** Drops every cached key of the user (call after regenerating, revoking or changing the plan). */
  invalidateUser(userId: number): void {
    for (const [hash, entry] of this.entries) if (entry.user?.id === userId) this.entries.delete(hash);
  }

  /** Drops one key (by its clear value). */
  invalidateKey(key: string): void {
    this.entries.delete(hashKey(key));
  }

  clear(): void {
    this.entries.clear();
  }
}
