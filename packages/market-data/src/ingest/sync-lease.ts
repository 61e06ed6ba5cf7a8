import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/index.ts';
import { leaseHolder, releaseLease, takeLease } from './sync-store.ts';

/** The one lease every syncing process competes for. */
export const SYNC_LEASE = 'data-sync';

/** A name for this process as a lease holder: host, pid and a random tag. */
export const processHolder = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export type LeaseOutcome<T> = { ran: true; value: T } | { ran: false; holder: string | null };

/**
 * Runs `fn` only while holding the sync lease, so one process of many syncs at a time. The
 * lease expires after `ttlMs` unless renewed: `fn` gets a heartbeat that renews it (and throws
 * when another holder took it over after it expired). Not taken: `fn` does not run.
 */
export async function withSyncLease<T>(
  db: Db,
  holder: string,
  ttlMs: number,
  fn: (heartbeat: () => Promise<void>) => Promise<T>,
): Promise<LeaseOutcome<T>> {
  if (!(await takeLease(db, SYNC_LEASE, holder, ttlMs))) {
    return { ran: false, holder: await leaseHolder(db, SYNC_LEASE) };
  }
  try {
    const value = await fn(async () => {
      if (!(await takeLease(db, SYNC_LEASE, holder, ttlMs))) {
        throw new Error('sync lease lost to another process; stopping this run');
      }
    });
    return { ran: true, value };
  } finally {
    await releaseLease(db, SYNC_LEASE, holder);
  }
}
