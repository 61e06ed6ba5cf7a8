import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { ingestFile } from './ingest-file.ts';
import { startRecordedArchive } from './recorded-archive.ts';
import {
  loadSyncConfig,
  msUntilNext,
  nextRunAt,
  previousWeekday,
  startDailySync,
  startSync,
} from './scheduler.ts';
import { sourceUrl, syncRange } from './sync.ts';

const fixture = (name: string) => new URL(`../../test-fixtures/${name}`, import.meta.url).pathname;
const day25 = readFileSync(fixture('sec_bhavdata_full_25102024.csv'));
const day28 = readFileSync(fixture('sec_bhavdata_full_28102024.csv'));

/** A local archive: a 500 then the file, a cut-off transfer then the file, a 404, a file cut at source. */
function archive(): { server: Server; hits: Map<string, number> } {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    if (path.endsWith('_25102024.csv')) {
      if (n === 1) return res.writeHead(500).end('busy');
      return res.writeHead(200, { 'content-type': 'text/csv' }).end(day25);
    }
    if (path.endsWith('_28102024.csv')) {
      if (n === 1) {
        res.writeHead(200, { 'content-length': String(day28.length) });
        res.write(day28.subarray(0, 200));
        return res.destroy();
      }
      return res.writeHead(200, { 'content-length': String(day28.length) }).end(day28);
    }
    if (path.endsWith('_30102024.csv')) {
      const cut = day28.toString('utf8').replaceAll('28-Oct-2024', '30-Oct-2024');
      return res.writeHead(200).end(cut.slice(0, cut.lastIndexOf(', 477.00')));
    }
    res.writeHead(404).end('not found');
  });
  return { server, hits };
}

for (const target of testDatabases()) {
  describe(`daily sync on ${target.name}`, () => {
    let db: Db;
    let base: string;
    const { server, hits } = archive();

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
      await ingestFile(db, fixture('EQUITY_L.csv'));
      await ingestFile(db, fixture('nse_holiday_master_trading_2024.json'));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((r) => server.close(r));
      await db.close();
      await target.drop();
    });

    it('skips weekends and holidays, retries, notes a 404 day and fails a cut file without changing anything', async () => {
      const days = await syncRange(db, '2024-10-25', '2024-11-01', {
        sources: [
          { kind: 'bhavcopy-full', url: `${base}/products/content/sec_bhavdata_full_{DD}{MM}{YYYY}.csv` },
        ],
        timeoutMs: 5_000,
        retries: 2,
        backoffMs: 10,
        userAgent: 'BahiDataSync/test',
        hostIntervalMs: 0,
      });
      expect(days.map((d) => [d.date, d.status])).toEqual([
        ['2024-10-25', 'ingested'],
        ['2024-10-26', 'weekend'],
        ['2024-10-27', 'weekend'],
        ['2024-10-28', 'ingested'],
        ['2024-10-29', 'not-published'],
        ['2024-10-30', 'failed'],
        ['2024-10-31', 'not-published'],
        ['2024-11-01', 'holiday'],
      ]);
      expect(days[5]?.detail).toMatch(/sec_bhavdata_full_30102024\.csv:\d+:? .*cut short/);
      expect(hits.get('/products/content/sec_bhavdata_full_25102024.csv')).toBe(2);
      expect(hits.get('/products/content/sec_bhavdata_full_28102024.csv')).toBe(2);
      expect(hits.get('/products/content/sec_bhavdata_full_29102024.csv')).toBe(1);
      expect(hits.has('/products/content/sec_bhavdata_full_01112024.csv')).toBe(false);
      const { rows } = await db.query(
        `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, count(*)::int AS n FROM daily_quote GROUP BY 1 ORDER BY 1`,
      );
      expect(rows).toEqual([
        { d: '2024-10-25', n: 4 },
        { d: '2024-10-28', n: 4 },
      ]);
    });

    it('runs again over the same days without changing anything', async () => {
      const again = await syncRange(db, '2024-10-25', '2024-10-28', {
        sources: [
          { kind: 'bhavcopy-full', url: `${base}/products/content/sec_bhavdata_full_{DD}{MM}{YYYY}.csv` },
        ],
        timeoutMs: 5_000,
        retries: 0,
        backoffMs: 10,
        userAgent: 'BahiDataSync/test',
        hostIntervalMs: 0,
      });
      expect(again.filter((d) => d.kind).map((d) => d.status)).toEqual(['unchanged', 'unchanged']);
    });

    it('runs the evening sync for the day in India when its time comes, and only when enabled', async () => {
      // 13:59:59.950 UTC is 19:29:59.950 IST: the 19:30 run is 50 ms away.
      const now = () => new Date('2024-10-25T13:59:59.950Z');
      const config = {
        ...loadSyncConfig({ DATA_SYNC: 'on', DATA_SYNC_AT: '19:30', DATA_SYNC_RETRIES: '0' }),
        sources: [
          {
            kind: 'bhavcopy-full' as const,
            url: `${base}/products/content/sec_bhavdata_full_{DD}{MM}{YYYY}.csv`,
          },
        ],
      };
      const seen: string[] = [];
      const errors: string[] = [];
      await new Promise<void>((done) => {
        const scheduler = startDailySync(
          db,
          config,
          {
            info: (line) => {
              seen.push(line);
              scheduler.stop();
              done();
            },
            error: (line) => errors.push(line),
          },
          now,
        );
      });
      expect(seen[0]).toMatch(/^2024-10-25 bhavcopy-full unchanged/);
      expect(errors).toEqual([]);
      const off = startDailySync(db, { ...config, enabled: false }, { info: () => {}, error: () => {} }, now);
      const before = hits.get('/products/content/sec_bhavdata_full_25102024.csv');
      await new Promise((r) => setTimeout(r, 150));
      off.stop();
      expect(hits.get('/products/content/sec_bhavdata_full_25102024.csv')).toBe(before);
    });

    it('runs a scheduled sync in one process of two sharing the database', async () => {
      const mirror = await startRecordedArchive();
      // The file takes a while to come, so the two schedulers' runs would overlap.
      mirror.set('/products/content/sec_bhavdata_full_28102024.csv', {
        body: day28,
        stallFirstMs: 400,
      });
      const now = () => new Date('2024-10-28T13:59:59.950Z');
      const config = {
        ...loadSyncConfig({ DATA_SYNC: 'on', DATA_SYNC_RETRIES: '0' }),
        sources: mirror.sources(['bhavcopy-full']),
      };
      const lines: string[] = [];
      const errors: string[] = [];
      const schedulers: { stop(): void }[] = [];
      await new Promise<void>((done) => {
        const log = {
          info: (line: string) => {
            lines.push(line);
            if (lines.length === 2) done();
          },
          error: (line: string) => errors.push(line),
        };
        schedulers.push(
          startSync(db, config, log, now, 'process-a'),
          startSync(db, config, log, now, 'process-b'),
        );
      });
      for (const s of schedulers) s.stop();
      await mirror.close();
      expect(lines.filter((l) => /^2024-10-28 bhavcopy-full (ingested|unchanged)/.test(l))).toHaveLength(1);
      expect(lines.filter((l) => /skipped, process-[ab] is syncing/.test(l))).toHaveLength(1);
      expect(mirror.hits.get('/products/content/sec_bhavdata_full_28102024.csv')).toBe(1);
      expect(mirror.maxInFlight).toBe(1);
      expect(errors).toEqual([]);
    });

    it("runs the overnight sync in the morning for the previous weekday's MCX bhavcopy", async () => {
      const mirror = await startRecordedArchive();
      const asked: string[] = [];
      // Tuesday 29 October 2024, just before 07:00 IST: Monday's file is the one to fetch.
      const now = () => new Date('2024-10-29T01:29:59.950Z');
      const config = {
        ...loadSyncConfig({ DATA_SYNC: 'on', DATA_SYNC_RETRIES: '0' }),
        sources: mirror.sources(['mcx-bhavcopy']),
      };
      await new Promise<void>((done) => {
        const scheduler = startSync(
          db,
          config,
          {
            info: (line) => {
              asked.push(line);
              scheduler.stop();
              done();
            },
            error: (line) => asked.push(line),
          },
          now,
          'process-a',
        );
      });
      await mirror.close();
      expect(asked).toEqual([
        expect.stringMatching(/^2024-10-28 mcx-bhavcopy not-published .*GetDateWiseBhavCopy$/),
      ]);
      expect([...mirror.hits.keys()]).toEqual([
        '/backpage.aspx/GetDateWiseBhavCopy {"Date":"20241028","InstrumentName":"ALL"}',
      ]);
    });
  });
}

describe('sync settings', () => {
  it('fills URL templates and reads the schedule from the environment', () => {
    expect(sourceUrl('https://x.test/cm{DD}{MMM}{YYYY}bhav.csv', '2016-01-01')).toBe(
      'https://x.test/cm01JAN2016bhav.csv',
    );
    const cfg = loadSyncConfig({ DATA_SYNC: 'on', DATA_SYNC_AT: '20:15', DATA_SYNC_RETRIES: '5' });
    expect(cfg).toMatchObject({ enabled: true, at: '20:15', retries: 5 });
    expect(cfg.sources.find((s) => s.kind === 'bhavcopy-full')?.url).toContain(
      'sec_bhavdata_full_{DD}{MM}{YYYY}.csv',
    );
    expect(() => loadSyncConfig({ DATA_SYNC_AT: '25:00' })).toThrow(/DATA_SYNC_AT/);
    expect(() => loadSyncConfig({ DATA_SYNC_SOURCES: 'nope=http://x' })).toThrow(/DATA_SYNC_SOURCES/);
    expect(() =>
      loadSyncConfig({
        DATA_SYNC_SOURCES: 'bhavcopy-full=https://m.test/{ddmmyyyy}.csv,holidays=https://m.test/h.json',
      }),
    ).toThrow(/spaces, not commas.*"holidays="/);
    // MCX by default, asked with a POST of the day; a template|body pair in DATA_SYNC_SOURCES too.
    expect(cfg.sources.find((s) => s.kind === 'mcx-bhavcopy')).toEqual({
      kind: 'mcx-bhavcopy',
      url: 'https://www.mcxindia.com/backpage.aspx/GetDateWiseBhavCopy',
      body: '{"Date":"{YYYY}{MM}{DD}","InstrumentName":"ALL"}',
    });
    expect(
      loadSyncConfig({
        DATA_SYNC_SOURCES:
          'mcx-bhavcopy=https://m.test/bhav|{"d":"{DD}-{MMM}-{YYYY}"} bhavcopy-full=https://x.test/f{DD}.csv',
      }).sources,
    ).toEqual([
      { kind: 'mcx-bhavcopy', url: 'https://m.test/bhav', body: '{"d":"{DD}-{MMM}-{YYYY}"}' },
      { kind: 'bhavcopy-full', url: 'https://x.test/f{DD}.csv' },
    ]);
    expect(() => loadSyncConfig({ DATA_SYNC_SOURCES: 'mcx-bhavcopy=https://m.test/bhav|' })).toThrow(
      /DATA_SYNC_SOURCES/,
    );
    expect(loadSyncConfig({}).enabled).toBe(false);
  });

  it('waits until the next evening run in India time', () => {
    // 13:00 UTC is 18:30 IST: one hour to a 19:30 run; at 14:30 UTC (20:00 IST) the next is tomorrow.
    expect(msUntilNext('19:30', new Date('2024-10-25T13:00:00Z'))).toBe(3_600_000);
    expect(msUntilNext('19:30', new Date('2024-10-25T14:30:00Z'))).toBe(23.5 * 3_600_000);
  });

  it('schedules each kind on its own calendar', () => {
    const cfg = loadSyncConfig({
      DATA_SYNC_FILING_POLL_MINUTES: '20',
      DATA_SYNC_FILING_WINDOW: '09:00-18:00',
    });
    const holidays = new Set(['2024-11-01']);
    // Thursday 31 October 2024, 20:00 IST: Friday is Diwali, so the next daily run is Monday's.
    const thu = new Date('2024-10-31T14:30:00Z');
    expect(nextRunAt('daily', cfg, thu, holidays).toISOString()).toBe('2024-11-04T14:00:00.000Z');
    // Filings: the next morning's first poll; within the window, the next 20-minute tick.
    expect(nextRunAt('filing', cfg, thu, holidays).toISOString()).toBe('2024-11-01T03:30:00.000Z');
    expect(nextRunAt('filing', cfg, new Date('2024-11-01T04:00:00Z'), holidays).toISOString()).toBe(
      '2024-11-01T04:10:00.000Z',
    );
    expect(nextRunAt('monthly', cfg, thu, holidays).toISOString()).toBe('2024-11-05T14:00:00.000Z');
    expect(nextRunAt('yearly', cfg, thu, holidays).toISOString()).toBe('2024-11-01T14:00:00.000Z');
    // Overnight (MCX): 07:00 IST every morning but Sunday's, for the weekday before.
    expect(nextRunAt('overnight', cfg, thu, holidays).toISOString()).toBe('2024-11-01T01:30:00.000Z');
    const sat = new Date('2024-11-02T02:00:00Z');
    expect(nextRunAt('overnight', cfg, sat, holidays).toISOString()).toBe('2024-11-04T01:30:00.000Z');
    expect([previousWeekday('2024-11-02'), previousWeekday('2024-11-04')]).toEqual([
      '2024-11-01',
      '2024-11-01',
    ]);
    expect(() => loadSyncConfig({ DATA_SYNC_FILING_WINDOW: '18:00-09:00' })).toThrow(
      /DATA_SYNC_FILING_WINDOW/,
    );
  });
});
