import { readFileSync } from 'node:fs';
import { ensureSampleData } from '@bahi/market-data';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import {
  DATA_SETS,
  type DataSetStatus,
  loadSyncConfig,
  type SyncConfig,
  syncRange,
} from '@bahi/market-data/ingest';
import { type RecordedArchive, startRecordedArchive } from '@bahi/market-data/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from './testing/harness.ts';

const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../packages/market-data/test-fixtures/${name}`, import.meta.url).pathname,
    'utf8',
  );

const RESULTS_INDEX = '/api/corporates-financial-results?index=equities&period=Quarterly';

type Status = DataSetStatus;

for (const target of testDatabases()) {
  describe(`GET /api/v1/data-status on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let archive: RecordedArchive;
    let sync: SyncConfig;
    let key: string;

    beforeAll(async () => {
      db = await target.open();
      archive = await startRecordedArchive();
      sync = {
        ...loadSyncConfig({ DATA_SYNC: 'on', DATA_SYNC_RETRIES: '0', DATA_SYNC_HOST_INTERVAL_MS: '0' }),
        sources: archive.sources(['bhavcopy-full', 'xbrl-results']),
      };
      app = await dataApiApp(db, { config: { dataSync: sync } });
      await ensureSampleData(db, { size: 'small' });
      app.dataApi.version.invalidate();
      key = (await keyFor(db, 'P', { rateLimitPerMinute: 2 })).key;
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await archive.close();
      await db.close();
      await target.drop();
    });

    const status = async () => {
      const res = await app.inject(`/api/v1/data-status?token=${key}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: Status[] }>().data;
    };

    it('lists every data set with its as-of date on a fresh start with the sample universe, without counting the calls', async () => {
      // Three calls on a limit of two a minute: the status is not counted.
      await status();
      await status();
      const fresh = await status();
      expect(fresh.map((s) => s.dataSet)).toEqual(DATA_SETS.map((d) => d.name));
      for (const s of fresh) expect(s.latestDataDate, s.dataSet).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const prices = fresh.find((s) => s.dataSet === 'prices')!;
      expect(prices).toMatchObject({ lastSyncAt: null, configured: true });
      expect(Date.parse(prices.nextRunAt!)).toBeGreaterThan(Date.now());
      expect(fresh.find((s) => s.dataSet === 'commodity-prices')).toMatchObject({
        configured: false,
        nextRunAt: null,
      });
      const res = await app.inject(`/api/v1/data-status?token=${key}`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      // A counted endpoint still has its whole allowance.
      const counted = await app.inject(`/api/v1/holidays-calender?token=${key}`);
      expect(counted.headers['x-ratelimit-remaining']).toBe('1');
      expect((await app.inject('/api/v1/data-status')).statusCode).toBe(401);
    });

    it('shows the last sync and its source after a sync, and serves a filing found in the index within one poll', async () => {
      const { rows } = await db.query<{ d: string }>(
        `SELECT to_char(max(period_end), 'YYYY-MM-DD') AS d FROM financial_statement f JOIN company c USING (isin)
          WHERE c.symbol = 'ITC' AND f.period = 'quarterly' AND f.statement_type = 's'`,
      );
      const last = new Date(`${rows[0]!.d}T00:00:00Z`);
      const start = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
      const end = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 4, 0));
      const [from, to] = [start, end].map((d) => d.toISOString().slice(0, 10)) as [string, string];
      const { key: pro } = await keyFor(db, 'P');
      const quarterly = () =>
        app.inject(`/api/v1/financials/ITC?statement_type=s&statement_code=pl&period=quarterly&token=${pro}`);
      const periods = async () =>
        (await quarterly()).json<{ data: { periodEnd: string }[] }>().data.map((r) => r.periodEnd);
      expect(await periods()).not.toContain(to);

      archive.set('/products/content/sec_bhavdata_full_25102024.csv', {
        body: fixture('sec_bhavdata_full_25102024.csv'),
      });
      archive.set(RESULTS_INDEX, { body: '[]', contentType: 'application/json' });
      await syncRange(db, '2024-10-25', '2024-10-25', sync);
      app.dataApi.version.invalidate();
      expect(await periods()).not.toContain(to);

      // The filing appears in the index; the next poll takes it and the API serves it.
      const xml = fixture('ITC_results_standalone_Q2FY25.xml')
        .replaceAll('2024-07-01', from)
        .replaceAll('2024-09-30', to);
      archive.set('/corporate/xbrl/ITC_next_quarter.xml', { body: xml, contentType: 'text/xml' });
      archive.set(RESULTS_INDEX, {
        body: JSON.stringify([
          { symbol: 'ITC', xbrl: `${archive.base}/corporate/xbrl/ITC_next_quarter.xml` },
        ]),
        contentType: 'application/json',
      });
      const poll = await syncRange(db, to, to, { ...sync, kinds: ['xbrl-results'] });
      expect(poll.map((d) => d.status)).toEqual(['ingested', 'ingested']);
      // The API reads the data version again within two seconds of a sync elsewhere.
      app.dataApi.version.invalidate();
      expect(await periods()).toContain(to);

      const after = await status();
      expect(after.find((s) => s.dataSet === 'prices')).toMatchObject({
        lastSyncSource: `${archive.base}/products/content/sec_bhavdata_full_25102024.csv`,
        lastAttemptStatus: 'ingested',
      });
      const results = after.find((s) => s.dataSet === 'financial-results')!;
      expect(results.lastSyncSource).toBe(`${archive.base}${RESULTS_INDEX}`);
      expect(results.late).toBe(false);
      expect(Date.parse(results.lastSyncAt!)).toBeGreaterThan(Date.now() - 600_000);
    });

    it('is in both API documents', async () => {
      const openapi = (await app.inject('/openapi.json')).json<{ paths: Record<string, unknown> }>();
      const swagger = (await app.inject('/swagger/doc.json')).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(openapi.paths)).toContain('/data-status');
      expect(Object.keys(swagger.paths)).toContain('/data-status');
    });
  });
}
