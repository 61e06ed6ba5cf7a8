import type { Queryable } from '@bahi/market-data/db';
import { findActiveKey, keyPattern } from '../accounts/api-keys.ts';
import type { User } from '../accounts/users.ts';

interface Entry {
  owner: KeyOwner | null;
  expiresAt: number;
}

export interface KeyOwner {
  user: User;
  /** The key's row id: what logs name instead of the key. */
  keyId: number;
  /**
   * The rate-limit subject: the user, not the key, so regenerating the key does not start a
   * fresh count, and counters never hold key material.
   */
  subject: string;
}

/**
 * In-process cache of API key → owner, so a data request costs no database round trip and no
 * hashing after the first. Entries live `ttlMs` (unknown keys a shorter time); `invalidateUser`
 * drops a user's entries at once, which regeneration and revocation call so an old key stops
 * working in this process immediately. Other processes notice within the TTL. The map is keyed
 * by the key as presented: it lives only in this process's memory, like the request itself.
 * Only strings shaped like a key are looked up or cached, so junk cannot fill the memory.
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

  /** The cached answer for the key without waiting: owner, null (refused), or undefined (ask). */
  peek(key: string, now = Date.now()): KeyOwner | null | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return keyPattern.test(key) ? undefined : null;
    return entry.owner;
  }

  /** The key's owner, or null for an unknown, malformed or revoked key. */
  async owner(key: string, now = Date.now()): Promise<KeyOwner | null> {
    if (!keyPattern.test(key)) return null;
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      const found = await findActiveKey(this.db, key);
      if (this.entries.size >= this.opts.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = {
        owner: found ? { user: found.user, keyId: found.keyId, subject: `user:${found.user.id}` } : null,
        expiresAt: now + (found ? this.opts.ttlMs : this.opts.negativeTtlMs),
      };
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.owner;
  }

  async lookup(key: string, now = Date.now()): Promise<User | null> {
    return (await this.owner(key, now))?.user ?? null;
  }

  /** Drops every cached key of the user (call after regenerating, revoking or changing the plan). */
  invalidateUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.owner?.user.id === userId) this.entries.delete(key);
  }

  /** Drops one key (by its clear value). */
  invalidateKey(key: string): void {
    this.entries.delete(key);
  }

  /** How many keys (owners and refusals) are cached. */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
