import type { Queryable } from '@bahi/market-data/db';
import { findUserByKey, hashKey } from '../accounts/api-keys.ts';
import type { User } from '../accounts/users.ts';

interface Entry {
  user: User | null;
  /** SHA-256 of the key (hex): the rate-limit subject, so counters never hold the key itself. */
  hash: string;
  expiresAt: number;
}

export interface KeyOwner {
  user: User;
  hash: string;
}

/**
 * In-process cache of API key → owner, so a data request costs no database round trip and no
 * hashing after the first. Entries live `ttlMs` (unknown keys a shorter time); `invalidateUser`
 * drops a user's entries at once, which regeneration and revocation call so an old key stops
 * working in this process immediately. Other processes notice within the TTL. The map is keyed
 * by the key as presented: it lives only in this process's memory, like the request itself.
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
    if (!entry || entry.expiresAt <= now) return undefined;
    return entry.user ? { user: entry.user, hash: entry.hash } : null;
  }

  /** The key's owner and hash, or null for an unknown, malformed or revoked key. */
  async owner(key: string, now = Date.now()): Promise<KeyOwner | null> {
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      const user = await findUserByKey(this.db, key);
      if (this.entries.size >= this.opts.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      entry = {
        user,
        hash: hashKey(key),
        expiresAt: now + (user ? this.opts.ttlMs : this.opts.negativeTtlMs),
      };
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry.user ? { user: entry.user, hash: entry.hash } : null;
  }

  async lookup(key: string, now = Date.now()): Promise<User | null> {
    return (await this.owner(key, now))?.user ?? null;
  }

  /** Drops every cached key of the user (call after regenerating, revoking or changing the plan). */
  invalidateUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.user?.id === userId) this.entries.delete(key);
  }

  /** Drops one key (by its clear value). */
  invalidateKey(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
