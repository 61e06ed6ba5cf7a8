// For tests: one sync run in a process of its own, competing for the sync lease like a server or
// the sync worker would. Reads the database URL, a holder name and the sync options from its
// arguments, waits for "go" on standard input (so two processes start together), and prints
// one JSON line: whether it ran and each kind's outcome, or who held the lease.
import { createInterface } from 'node:readline';
import { openDb } from '../../db/index.ts';
import type { SyncOptions } from '../sync.ts';
import { syncRange } from '../sync.ts';
import { withSyncLease } from '../sync-lease.ts';

const [url, holder, date, options] = process.argv.slice(2);
if (!url || !holder || !date || !options) {
  console.error('usage: sync-process.ts <postgres url> <holder> <YYYY-MM-DD> <options json>');
  process.exit(2);
}
const db = await openDb({ kind: 'postgres', url });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
lines.close();
const opts = JSON.parse(options) as SyncOptions;
const outcome = await withSyncLease(db, holder, 60_000, (heartbeat) =>
  syncRange(db, date, date, { ...opts, heartbeat }),
);
process.stdout.write(
  `${JSON.stringify(
    outcome.ran
      ? { ran: true, statuses: outcome.value.map((d) => [d.kind, d.status]) }
      : { ran: false, heldBy: outcome.holder },
  )}\n`,
);
await db.close();
