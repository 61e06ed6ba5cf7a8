import type { Queryable } from '@bahi/market-data/db';
import { findActiveKey, keyPattern } from '../accounts/api-keys.ts';
import type { User } from '../accounts/users.ts';

interface Entry {
  owner: KeyOwner | null;
  expiresAt: number;
  /** From when a request that finds the entry starts one refresh of it, before it expires. */
  refreshAt: number;
  /**
   * Held by `hold`: in no database, and known only to callers that ask for held keys; never
   * looked up (its refresh keeps it).
   */
  held: boolean;
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

export interface KeyCacheOptions {
  /** How long an owner serves (30 s). */
  ttlMs?: number;
  /** How long a refusal serves (5 s). */
  negativeTtlMs?: number;
  /** Keys held at most (100,000); the oldest goes first. */
  maxEntries?: number;
  /** The share of an owner's TTL after which a request refreshes it ahead of expiry (0.8). */
  refreshAfter?: number;
  /** Where a background refresh's failure goes (the entry serves on until it expires). */
  onError?: (err: unknown) => void;
}

const defaults = { ttlMs: 30_000, negativeTtlMs: 5_000, maxEntries: 100_000, refreshAfter: 0.8 };

/**
 * In-process cache of API key → owner, so a data request costs no database round trip and no
 * hashing after the first. Entries live `ttlMs` (unknown keys a shorter time); `invalidateUser`
 * drops a user's entries at once, which regeneration and revocation call so an old key stops
 * working in this process immediately. Other processes notice within the TTL. The map is keyed
 * by the key as presented: it lives only in this process's memory, like the request itself.
 * Only strings shaped like a key are looked up or cached, so junk cannot fill the memory.
 *
 * A key in use never expires under its callers' feet: a request that finds an owner in the last
 * part of its lifetime (`refreshAfter` of the TTL) starts one lookup in the background, and the
 * owner it reads replaces the entry, which serves meanwhile. Without it, every request of a busy
 * key that arrived in the moment after expiry looked the key up again, each with a statement,
 * and waited for it: hundreds of milliseconds every TTL under load (decision 0332). Concurrent
 * lookups of one key share a statement. What any entry says was read from the database less
 * than the TTL before, as without the refresh.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  /** Lookups under way, by key: the callers of one key wait on one statement. */
  private readonly loading = new Map<string, Promise<Entry>>();
  /** Bumped by each invalidation: a lookup that started before one does not store its answer. */
  private generation = 0;
  /** Statements sent to look keys up (`bahi_api_key_lookups_total` in /metrics). */
  lookups = 0;
  private readonly opts: typeof defaults & KeyCacheOptions;

  constructor(
    private readonly db: Queryable,
    opts: KeyCacheOptions = {},
  ) {
    this.opts = { ...defaults, ...opts };
  }

  /**
   * The cached answer for the key without waiting: owner, null (refused), or undefined (ask). A
   * held key (`hold`) is refused unless `mayHold`.
   */
  peek(key: string, now = Date.now(), mayHold = false): KeyOwner | null | undefined {
    const entry = this.current(key, now);
    if (entry) return entry.held && !mayHold ? null : entry.owner;
    return keyPattern.test(key) ? undefined : null;
  }

  /** The key's owner, or null for an unknown, malformed or revoked key. */
  async owner(key: string, now = Date.now()): Promise<KeyOwner | null> {
    if (!keyPattern.test(key)) return null;
    const entry = this.current(key, now) ?? (await this.load(key, now));
    return entry.held ? null : entry.owner;
  }

  async lookup(key: string, now = Date.now()): Promise<User | null> {
    return (await this.owner(key, now))?.user ?? null;
  }

  /** Drops every cached key of the user (call after regenerating, revoking or changing the plan). */
  invalidateUser(userId: number): void {
    this.generation += 1;
    this.loading.clear();
    for (const [key, entry] of this.entries) if (entry.owner?.user.id === userId) this.entries.delete(key);
  }

  /**
   * Holds `owner` under `key` for `ttlMs` without a lookup or refresh, for callers that ask for
   * held keys only (`peek` with `mayHold`; to every other caller the key is refused): the answer
   * path's warm-up (decision 0337), whose key is in no database. `invalidateKey` drops it.
   */
  hold(key: string, owner: KeyOwner, ttlMs = 600_000, now = Date.now()): void {
    this.entries.delete(key);
    // Due for refresh from the start, so the warm-up's requests take the refresh branch of
    // `current` as a client's key does once its owner is old (`load` keeps a held entry as it is):
    // that branch, compiled without feedback, was thrown away with the code inlining it when a
    // client's key first took it, 24 s into its use (decision 0369).
    this.entries.set(key, { owner, expiresAt: now + ttlMs, refreshAt: now, held: true });
  }

  /** Drops one key (by its clear value). */
  invalidateKey(key: string): void {
    this.generation += 1;
    this.loading.delete(key);
    this.entries.delete(key);
  }

  /** How many keys (owners and refusals) are cached. */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }

  /**
   * The key's unexpired entry, if any; in its last part of life it starts one background lookup
   * (the entry serves until that lands or it expires).
   */
  private current(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return undefined;
    // Started once the caller's code is done, from code of its own (decision 0369): V8 compiles
    // `current` into its callers (the answer front's hot path), and the lookup's code had no
    // feedback there until a client's key first came due.
    if (now >= entry.refreshAt && !this.loading.has(key)) queueMicrotask(() => this.refresh(key, entry, now));
    return entry;
  }

  /** One background lookup of a key due for refresh, unless its entry was dropped or replaced meanwhile. */
  private refresh(key: string, entry: Entry, now: number): void {
    if (this.entries.get(key) !== entry) return;
    this.load(key, now).catch((err: unknown) => this.opts.onError?.(err));
  }

  /** Reads the key's owner (one statement however many callers wait) and caches it. */
  private load(key: string, now: number): Promise<Entry> {
    const pending = this.loading.get(key);
    if (pending) return pending;
    // A held key is in no database: its refresh keeps it as it is.
    const held = this.entries.get(key);
    if (held?.held) return Promise.resolve(held);
    const generation = this.generation;
    const loaded = findActiveKey(this.db, key).then(
      (found) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        const ttl = found ? this.opts.ttlMs : this.opts.negativeTtlMs;
        const entry: Entry = {
          owner: found ? { user: found.user, keyId: found.keyId, subject: `user:${found.user.id}` } : null,
          expiresAt: now + ttl,
          refreshAt: found ? now + ttl * this.opts.refreshAfter : now + ttl,
          held: false,
        };
        // Invalidated meanwhile: the answer may predate the change; the callers have it, the
        // cache does not.
        if (generation !== this.generation) return entry;
        if (!this.entries.has(key) && this.entries.size >= this.opts.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.delete(key);
        this.entries.set(key, entry);
        return entry;
      },
      (err: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw err;
      },
    );
    this.lookups += 1;
    this.loading.set(key, loaded);
    return loaded;
  }
}
