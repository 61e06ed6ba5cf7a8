import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { type TestDatabase, testDatabases } from '../db/test-databases.ts';
import { type RecordedArchive, startRecordedArchive } from './recorded-archive.ts';
import type { SyncOptions } from './sync.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url).pathname, 'utf8');
const child = new URL('./testing/sync-process.ts', import.meta.url).pathname;
const repoRoot = new URL('../../../../', import.meta.url).pathname;

const DAY = '2024-10-25';
const EQUITY_LIST = '/content/equities/EQUITY_L.csv';
const BHAVCOPY = '/products/content/sec_bhavdata_full_25102024.csv';

type Outcome = { ran: true; statuses: [string, string][] } | { ran: false; heldBy: string | null };

/** A sync in a process of its own (tsx), started and waiting for "go". */
async function startSyncProcess(url: string, holder: string, opts: SyncOptions) {
  const proc: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', child, url, holder, DAY, JSON.stringify(opts)],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  let stderr = '';
  proc.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`sync process ${holder} ended: ${stderr}`);
    return line.value;
  };
  expect(await next()).toBe('ready');
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  return {
    go: () => proc.stdin.write('go\n'),
    outcome: async () => {
      const outcome = JSON.parse(await next()) as Outcome;
      expect(await exited, stderr).toBe(0);
      return outcome;
    },
  };
}

// PGlite lives inside one process: two processes can only share a PostgreSQL database.
const postgres = testDatabases().find((t): t is TestDatabase & { url: string } => t.name === 'postgres');

describe.skipIf(!postgres)(
  `two sync processes on one PostgreSQL database${postgres ? '' : ' (skipped: set TEST_DATABASE_URL to run them)'}`,
  () => {
    let db: Db;
    let archive: RecordedArchive;
    let opts: SyncOptions;

    beforeAll(async () => {
      db = await postgres!.open();
      await migrate(db, [marketDataMigrations]);
      archive = await startRecordedArchive();
      opts = {
        sources: archive.sources(['nse-equity-list', 'bhavcopy-full']),
        timeoutMs: 10_000,
        retries: 0,
        backoffMs: 5,
        userAgent: 'BahiDataSync/test',
        hostIntervalMs: 0,
      };
      // The first file takes 1.5 s to come: whoever syncs holds the lease that long at least.
      archive.set(EQUITY_LIST, { body: fixture('EQUITY_L.csv'), stallFirstMs: 1_500 });
      archive.set(BHAVCOPY, { body: fixture('sec_bhavdata_full_25102024.csv') });
    });
    afterAll(async () => {
      await archive?.close();
      await db?.close();
      await postgres?.drop();
    });

    it('lets one sync while the other reports the lease held and fetches nothing; the next run may sync', async () => {
      const [a, b] = await Promise.all([
        startSyncProcess(postgres!.url, 'process-a', opts),
        startSyncProcess(postgres!.url, 'process-b', opts),
      ]);
      a.go();
      b.go();
      const outcomes = { 'process-a': await a.outcome(), 'process-b': await b.outcome() };
      const winners = Object.entries(outcomes).filter(([, o]) => o.ran);
      expect(winners).toHaveLength(1);
      const [winner, won] = winners[0]!;
      const loser = winner === 'process-a' ? 'process-b' : 'process-a';
      expect(outcomes[loser]).toEqual({ ran: false, heldBy: winner });
      expect(won).toEqual({
        ran: true,
        statuses: [
          ['nse-equity-list', 'ingested'],
          ['bhavcopy-full', 'ingested'],
        ],
      });
      // Only one process fetched: each file once, never two requests at a time.
      expect(archive.hits.get(EQUITY_LIST)).toBe(1);
      expect(archive.hits.get(BHAVCOPY)).toBe(1);
      expect(archive.maxInFlight).toBe(1);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ingest_file');
      expect(rows[0]!.n).toBe(2);
      expect((await db.query('SELECT * FROM sync_lease')).rows).toEqual([]);

      // The lease was released: the loser's next run syncs, and finds both files unchanged.
      const again = await startSyncProcess(postgres!.url, loser, opts);
      again.go();
      expect(await again.outcome()).toEqual({
        ran: true,
        statuses: [
          ['nse-equity-list', 'unchanged'],
          ['bhavcopy-full', 'unchanged'],
        ],
      });
    }, 60_000);
  },
);
