import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDataVersion } from '../data-version.ts';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { getFinancials } from '../read/financials.ts';
import { dataStatus } from './data-status.ts';
import type { IngestKind } from './kinds.ts';
import { type RecordedArchive, type Reply, startRecordedArchive } from './recorded-archive.ts';
import { loadSyncConfig } from './scheduler.ts';
import { type SyncDay, type SyncOptions, syncRange } from './sync.ts';
import { withSyncLease } from './sync-lease.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url).pathname, 'utf8');

const DAY = '2024-10-25';
const COMMODITY_PATH = '/commodities/CMO-Historical-Data-Monthly.csv';
const XBRL_PATH = '/corporate/xbrl/INDAS_ITC_Q2FY25.xml';
const SHP_PATH = '/corporate/xbrl/SHP_RELIANCE_30092024.xml';
const MCX_PATH = '/backpage.aspx/GetDateWiseBhavCopy';
/** What the archive answers to MCX's POST for a day (YYYYMMDD). */
const mcxKey = (day: string) => `${MCX_PATH} {"Date":"${day}","InstrumentName":"ALL"}`;

/** MCX's answer for 25 October 2024: two gold contracts, one crude oil, one option (not stored). */
const MCX_DAY = {
  d: {
    __type: 'BhavCopy',
    Data: [
      [
        'FUTCOM',
        'GOLD',
        '05DEC2024',
        '-',
        '0',
        '78450.00',
        '78710.00',
        '78200.00',
        '78600.00',
        '78400.00',
        '2500',
        '2.500 KGS',
        '196500.00',
        '11200',
      ],
      [
        'FUTCOM',
        'GOLD',
        '05FEB2025',
        '-',
        '0',
        '',
        '',
        '',
        '79350.00',
        '79300.00',
        '0',
        '0.000 KGS',
        '0.00',
        '140',
      ],
      [
        'FUTCOM',
        'CRUDEOIL',
        '19NOV2024',
        'XX',
        '0',
        '5890.00',
        '5960.00',
        '5870.00',
        '5930.00',
        '5880.00',
        '12000',
        '1200.000 BBL',
        '71040.00',
        '9800',
      ],
      [
        'OPTFUT',
        'CRUDEOIL',
        '14NOV2024',
        'CE',
        '6000',
        '80.00',
        '95.00',
        '70.00',
        '88.00',
        '75.00',
        '900',
        '90.000 BBL',
        '53460.00',
        '1500',
      ],
    ].map(([i, s, e, o, k, op, hi, lo, cl, pc, v, q, val, oi]) => ({
      Date: '/Date(1729794600000)/',
      DateDisplay: '25/10/2024',
      InstrumentName: i,
      Symbol: s,
      ExpiryDate: e,
      OptionType: o,
      StrikePrice: k,
      Open: op,
      High: hi,
      Low: lo,
      Close: cl,
      PreviousClose: pc,
      Volume: v,
      VolumeInThousands: q,
      Value: val,
      OpenInterest: oi,
    })),
  },
};

/** The real sources' paths for 25 October 2024, each with a small file in the source's layout. */
function files(base: string): Map<string, Reply> {
  const csv = (body: string): Reply => ({ body, contentType: 'text/csv' });
  const json = (value: unknown): Reply => ({ body: JSON.stringify(value), contentType: 'application/json' });
  return new Map<string, Reply>([
    ['/api/holiday-master?type=trading', json(JSON.parse(fixture('nse_holiday_master_trading_2024.json')))],
    ['/content/equities/EQUITY_L.csv', csv(fixture('EQUITY_L.csv'))],
    ['/content/indices/ind_nifty500list.csv', csv(fixture('ind_nifty5list.csv'))],
    ['/archives/equities/bc/bc251024.csv', csv(fixture('bc28102024.csv'))],
    [
      '/api/corporates-corporateActions?index=equities&from_date=25-10-2024&to_date=25-10-2024&csv=true',
      csv(fixture('nse_corporate_actions_2026-08.csv')),
    ],
    ['/products/content/sec_bhavdata_full_25102024.csv', csv(fixture('sec_bhavdata_full_25102024.csv'))],
    // Only companies of the master, so the same file again is unchanged (rows waiting for a
    // company the master lacks make the ingester take a file again).
    [
      '/archives/equities/mkt/MCAP25102024.csv',
      csv(
        fixture('mcap25102024.csv')
          .split('\n')
          .filter((l) => !/NIFTYBEES|INDIGRID/.test(l))
          .join('\n'),
      ),
    ],
    [COMMODITY_PATH, csv(fixture('worldbank_pinksheet_monthly_prices_2024.csv'))],
    [
      '/api/corporates-financial-results?index=equities&period=Quarterly',
      json([{ symbol: 'ITC', period: 'Quarterly', xbrl: `${base}${XBRL_PATH}` }]),
    ],
    [XBRL_PATH, { body: fixture('ITC_results_standalone_Q2FY25.xml'), contentType: 'text/xml' }],
    [mcxKey('20241025'), json(MCX_DAY)],
    [
      '/api/corporate-share-holdings-master?index=equities',
      json([
        {
          symbol: 'RELIANCE',
          date: '30-SEP-2024',
          pr_and_prgrp: '50.24',
          public_val: '49.76',
          xbrl: `${base}${SHP_PATH}`,
        },
      ]),
    ],
    [SHP_PATH, { body: fixture('SHP_RELIANCE_30092024.xml'), contentType: 'text/xml' }],
  ]);
}

/** The same paths after each source changed its layout: renamed columns, another JSON shape, a web page. */
function changedFormats(base: string): Map<string, Reply> {
  const out = new Map<string, Reply>();
  for (const [path, reply] of files(base)) {
    const body = String(reply.body);
    let changed: Reply;
    if (path.startsWith('/api/holiday')) changed = { body: '[]', contentType: 'application/json' };
    else if (path.startsWith('/api/corporates-financial')) changed = { body: '{"rows":[]}' };
    else if (path.startsWith('/api/corporate-share'))
      changed = { body: '<!doctype html><p>moved</p>', contentType: 'text/html' };
    else if (path === XBRL_PATH || path === SHP_PATH)
      changed = { body: '<html>login</html>', contentType: 'text/xml' };
    else changed = { body: body.replace(/[A-Za-z]+/, 'RENAMED'), contentType: 'text/csv' };
    out.set(path, changed);
  }
  return out;
}

const ALL_KINDS: IngestKind[] = [
  'holidays',
  'nse-equity-list',
  'index-constituents',
  'book-closure',
  'corporate-actions',
  'bhavcopy-full',
  'market-cap',
  'commodity-prices-wb',
  'xbrl-results',
  'shareholding-nse',
  'mcx-bhavcopy',
];

/** The status of each kind's main fetch (the file, or the filings index), in kind order. */
const statuses = (days: SyncDay[]) => {
  const first = new Map<string, string>();
  for (const d of days) if (d.kind && !first.has(d.kind)) first.set(d.kind, d.status);
  return Object.fromEntries(ALL_KINDS.map((k) => [k, first.get(k)]));
};
const every = (status: string) => Object.fromEntries(ALL_KINDS.map((k) => [k, status]));

for (const target of testDatabases()) {
  describe(`sync of every kind over a recorded archive on ${target.name}`, () => {
    let db: Db;
    let archive: RecordedArchive;
    let opts: SyncOptions;
    const counts = async () =>
      (
        await db.query<{ n: string }>(
          `SELECT concat_ws(',', (SELECT count(*) FROM daily_quote), (SELECT count(*) FROM company),
                  (SELECT count(*) FROM corporate_action), (SELECT count(*) FROM exchange_holiday),
                  (SELECT count(*) FROM financial_statement), (SELECT count(*) FROM shareholding),
                  (SELECT count(*) FROM commodity_price), (SELECT count(*) FROM commodity_future),
                  (SELECT count(*) FROM ingest_file)) AS n`,
        )
      ).rows[0]!.n;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
      archive = await startRecordedArchive();
      opts = {
        sources: [
          ...archive.sources(),
          { kind: 'commodity-prices-wb', url: `${archive.base}${COMMODITY_PATH}` },
        ],
        timeoutMs: 400,
        retries: 2,
        backoffMs: 5,
        userAgent: 'BahiDataSync/test',
        hostIntervalMs: 0,
      };
    });
    afterAll(async () => {
      await archive.close();
      await db.close();
      await target.drop();
    });

    it('notes every kind as not published while the archive has nothing, fetching each once', async () => {
      const days = await syncRange(db, DAY, DAY, opts);
      expect(statuses(days)).toEqual(every('not-published'));
      expect([...archive.hits.values()].every((n) => n === 1)).toBe(true);
      expect(await counts()).toBe('0,0,0,0,0,0,0,0,0');
    });

    it('refuses every kind whose source changed its format, ingesting nothing of it', async () => {
      for (const [path, reply] of changedFormats(archive.base)) archive.set(path, reply);
      // The results index keeps its shape here, so its filing's changed document is refused too.
      archive.set(
        '/api/corporates-financial-results?index=equities&period=Quarterly',
        files(archive.base).get('/api/corporates-financial-results?index=equities&period=Quarterly')!,
      );
      const version = await getDataVersion(db);
      const days = await syncRange(db, DAY, DAY, opts);
      expect(statuses(days)).toEqual({ ...every('refused'), 'xbrl-results': 'ingested' });
      const filing = days.filter((d) => d.kind === 'xbrl-results')[1];
      expect(filing).toMatchObject({ status: 'refused' });
      for (const d of days.filter((x) => x.status === 'refused')) expect(d.detail).toMatch(/format changed/);
      expect(await counts()).toBe('0,0,0,0,0,0,0,0,0');
      expect(await getDataVersion(db)).toBe(version);
    });

    it('ingests every kind from a source that fails first (503, or a stalled request), retrying', async () => {
      archive.hits.clear();
      for (const [path, reply] of files(archive.base)) archive.set(path, { ...reply, failFirst: 1 });
      archive.set('/products/content/sec_bhavdata_full_25102024.csv', {
        body: fixture('sec_bhavdata_full_25102024.csv'),
        stallFirstMs: 2_000,
      });
      // The refused filing document is not fetched again; a new one is.
      archive.set(XBRL_PATH, null);
      const results = '/api/corporates-financial-results?index=equities&period=Quarterly';
      const newXbrl = '/corporate/xbrl/INDAS_ITC_Q2FY25_r1.xml';
      archive.set(results, {
        body: JSON.stringify([{ symbol: 'ITC', xbrl: `${archive.base}${newXbrl}` }]),
        failFirst: 1,
      });
      archive.set(newXbrl, { body: fixture('ITC_results_standalone_Q2FY25.xml'), failFirst: 1 });
      const days = await syncRange(db, DAY, DAY, opts);
      expect(statuses(days)).toEqual(every('ingested'));
      expect(days.filter((d) => d.kind === 'xbrl-results').map((d) => d.status)).toEqual([
        'ingested',
        'ingested',
      ]);
      expect(archive.hits.get(XBRL_PATH)).toBeUndefined();
      expect(archive.hits.get(newXbrl)).toBe(2);
      expect(archive.hits.get('/products/content/sec_bhavdata_full_25102024.csv')).toBe(2);
      expect(archive.hits.get('/content/equities/EQUITY_L.csv')).toBe(2);
      expect(archive.userAgents).toEqual(new Set(['BahiDataSync/test']));
      const [quotes, companies, actions, holidays, statements, holdings, commodities, futures] = (
        await counts()
      )
        .split(',')
        .map(Number);
      expect(quotes).toBe(4);
      expect(companies).toBeGreaterThanOrEqual(4);
      expect(actions).toBeGreaterThan(0);
      expect(holidays).toBeGreaterThan(0);
      expect(statements).toBeGreaterThan(0);
      expect(holdings).toBeGreaterThan(0);
      expect(commodities).toBeGreaterThan(0);
      // MCX: the three futures contracts of the day, the option counted and not stored.
      expect(futures).toBe(3);
      const mcx = days.find((d) => d.kind === 'mcx-bhavcopy')!;
      expect(mcx.outcome).toMatchObject({ file: 'GetDateWiseBhavCopy_20241025', rowsStored: 3 });
      expect(mcx.outcome!.rejected.map((r) => r.reason)).toEqual([
        'option not stored (futures only): OPTFUT CRUDEOIL 2024-11-14 CE 6000',
      ]);
      expect(archive.hits.get(mcxKey('20241025'))).toBe(2);
      // Shareholding from the filing's XBRL document (fetched once after a 503), not the index's
      // two percentages: the foreign and domestic institutions are there too.
      expect(archive.hits.get(SHP_PATH)).toBe(2);
      const { rows } = await db.query(
        `SELECT s.promoter_pct, s.fpi_pct, s.dii_pct, s.mutual_funds_pct, s.government_pct, s.public_pct,
                s.shareholders, s.source
           FROM shareholding s JOIN company c USING (isin)
          WHERE c.symbol = 'RELIANCE' AND s.period_end = '2024-09-30'`,
      );
      expect(rows).toEqual([
        {
          promoter_pct: 50.24,
          fpi_pct: 21.3,
          dii_pct: 17.45,
          mutual_funds_pct: 8.3,
          government_pct: 0.19,
          public_pct: 10.82,
          shareholders: 3645000,
          source: 'SHP_RELIANCE_30092024.xml',
        },
      ]);
    });

    it('finds every kind unchanged the same day again, and fetches no filing twice', async () => {
      archive.hits.clear();
      const before = await counts();
      const days = await syncRange(db, DAY, DAY, opts);
      expect(statuses(days)).toEqual(every('unchanged'));
      expect(days.filter((d) => d.kind === 'xbrl-results')).toHaveLength(1);
      expect([...archive.hits.keys()].some((p) => p.startsWith('/corporate/xbrl/'))).toBe(false);
      expect(await counts()).toBe(before);
    });

    it('takes a filing that appears in the index during the day at the next poll, and the API serves it', async () => {
      const results = '/api/corporates-financial-results?index=equities&period=Quarterly';
      const q1 = '/corporate/xbrl/INDAS_ITC_Q1FY25.xml';
      const quarter = (rows: Awaited<ReturnType<typeof getFinancials>>) =>
        (rows ?? []).map((r) => (r as { period_end?: string; periodEnd?: string }).periodEnd ?? r.period_end);
      const ask = () =>
        getFinancials(db, 'ITC', { statementType: 's', statementCode: 'pl', period: 'quarterly' });
      expect(quarter(await ask())).not.toContain('2024-06-30');
      const q1Xml = fixture('ITC_results_standalone_Q2FY25.xml')
        .replaceAll('2024-07-01', '2024-04-01')
        .replaceAll('2024-09-30', '2024-06-30');
      archive.set(q1, { body: q1Xml, contentType: 'text/xml' });
      archive.set(results, {
        body: JSON.stringify([
          { symbol: 'ITC', xbrl: `${archive.base}/corporate/xbrl/INDAS_ITC_Q2FY25_r1.xml` },
          { symbol: 'ITC', xbrl: `${archive.base}${q1}` },
        ]),
        contentType: 'application/json',
      });
      const poll = await syncRange(db, DAY, DAY, { ...opts, kinds: ['xbrl-results'] });
      expect(poll.map((d) => [d.kind, d.status])).toEqual([
        ['xbrl-results', 'ingested'],
        ['xbrl-results', 'ingested'],
      ]);
      expect(quarter(await ask())).toContain('2024-06-30');
    });

    it('reports each data set with its latest date, last sync and source, and what is late', async () => {
      const config = { ...loadSyncConfig({ DATA_SYNC: 'on' }), sources: opts.sources };
      // 28 October 2024 at 22:00 IST: Monday's bhavcopy was due by 21:00.
      const status = await dataStatus(db, config, new Date('2024-10-28T16:30:00Z'));
      const prices = status.find((s) => s.dataSet === 'prices')!;
      expect(prices).toMatchObject({
        latestDataDate: '2024-10-25',
        lastSyncSource: `${archive.base}/products/content/sec_bhavdata_full_25102024.csv`,
        late: true,
        configured: true,
      });
      expect(prices.finding).toMatch(/2024-10-28 was due by 21:00 IST/);
      expect(prices.nextRunAt).toBe('2024-10-29T14:00:00.000Z');
      expect(status.map((s) => s.dataSet)).toEqual([
        'prices',
        'equity-master',
        'corporate-actions',
        'market-cap',
        'index-constituents',
        'financial-results',
        'shareholding',
        'commodity-prices',
        'commodity-futures',
        'holidays',
      ]);
      // The same evening at 20:00 IST, before the deadline, Friday's prices are current.
      const early = await dataStatus(db, config, new Date('2024-10-28T14:30:00Z'));
      expect(early.find((s) => s.dataSet === 'prices')).toMatchObject({ late: false, finding: null });
    });

    it('fetches a current list once over a range of days, and a dated file for each trading day', async () => {
      for (const path of [
        '/content/equities/EQUITY_L.csv',
        '/products/content/sec_bhavdata_full_25102024.csv',
      ])
        archive.set(path, files(archive.base).get(path)!);
      archive.hits.clear();
      const days = await syncRange(db, '2024-10-25', '2024-10-28', {
        ...opts,
        kinds: ['nse-equity-list', 'bhavcopy-full'],
      });
      expect(days.map((d) => [d.date, d.kind, d.status])).toEqual([
        ['2024-10-25', 'nse-equity-list', 'unchanged'],
        ['2024-10-25', 'bhavcopy-full', 'unchanged'],
        ['2024-10-26', null, 'weekend'],
        ['2024-10-27', null, 'weekend'],
        ['2024-10-28', 'bhavcopy-full', 'not-published'],
      ]);
      expect(archive.hits.get('/content/equities/EQUITY_L.csv')).toBe(1);
    });

    it("asks MCX for each weekday's bhavcopy with a POST of the day; an empty answer is not published", async () => {
      archive.hits.clear();
      archive.set(mcxKey('20241028'), {
        body: '{"d":{"__type":"BhavCopy","Data":[]}}',
        contentType: 'application/json',
      });
      const before = await counts();
      const days = await syncRange(db, '2024-10-26', '2024-10-29', { ...opts, kinds: ['mcx-bhavcopy'] });
      expect(days.map((d) => [d.date, d.kind, d.status])).toEqual([
        ['2024-10-26', null, 'weekend'],
        ['2024-10-27', null, 'weekend'],
        ['2024-10-28', 'mcx-bhavcopy', 'not-published'],
        ['2024-10-29', 'mcx-bhavcopy', 'not-published'],
      ]);
      expect(days[2]!.detail).toMatch(/lists nothing for this day/);
      expect(archive.hits.get(mcxKey('20241028'))).toBe(1);
      expect(archive.hits.get(mcxKey('20241029'))).toBe(1);
      expect(await counts()).toBe(before);
      // A CSV export or mirror at a dated path (DATA_SYNC_SOURCES) is read by the same reader.
      archive.set('/mirror/mcx/BhavCopy_MCX_29102024.csv', {
        body:
          "Date,Instrument Name,Symbol,Expiry Date,Option Type,Strike Price,Open,High,Low,Close,Previous Close,Volume(Lots),Volume(In 000's),Value(Lacs),Open Interest(Lots)\n" +
          '"29 Oct 2024","FUTCOM","GOLD      ","05DEC2024","-","0","78,600.00","79,050.00","78,500.00","79,000.00","78,600.00","1,800","1.800 KGS","1,42,020.00","11,650"\n',
        contentType: 'text/csv',
      });
      const mirrored = await syncRange(db, '2024-10-29', '2024-10-29', {
        ...opts,
        sources: [
          { kind: 'mcx-bhavcopy', url: `${archive.base}/mirror/mcx/BhavCopy_MCX_{DD}{MM}{YYYY}.csv` },
        ],
      });
      expect(mirrored.map((d) => [d.kind, d.status])).toEqual([['mcx-bhavcopy', 'ingested']]);
      const { rows } = await db.query<{ close: number }>(
        `SELECT close FROM commodity_future WHERE symbol = 'GOLD' AND trade_date = '2024-10-29'`,
      );
      expect(rows).toEqual([{ close: 79000 }]);
    });

    it("takes a shareholding filing without an XBRL document from the index's figures, recording the index as source", async () => {
      const index = '/api/corporate-share-holdings-master?index=equities';
      archive.set(index, {
        body: JSON.stringify([
          {
            symbol: 'RELIANCE',
            date: '30-SEP-2024',
            pr_and_prgrp: '50.24',
            public_val: '49.76',
            xbrl: `${archive.base}${SHP_PATH}`,
          },
          { symbol: 'ITC', date: '30-SEP-2024', pr_and_prgrp: '0.00', public_val: '100.00', xbrl: '-' },
        ]),
        contentType: 'application/json',
      });
      archive.hits.clear();
      const days = await syncRange(db, DAY, DAY, { ...opts, kinds: ['shareholding-nse'] });
      expect(days.map((d) => [d.status, d.outcome?.file ?? null])).toEqual([
        ['ingested', null],
        ['ingested', 'corporate-share-holdings-master_ITC_30-SEP-2024.csv'],
      ]);
      expect(days[1]!.detail).toMatch(/the filings index's figures \(no XBRL document listed\)/);
      // The XBRL filing was taken before: not fetched again.
      expect(archive.hits.get(SHP_PATH)).toBeUndefined();
      const { rows } = await db.query(
        `SELECT s.promoter_pct, s.public_pct, s.fpi_pct, s.source FROM shareholding s JOIN company c USING (isin)
          WHERE c.symbol = 'ITC' AND s.period_end = '2024-09-30'`,
      );
      expect(rows).toEqual([
        {
          promoter_pct: 0,
          public_pct: 100,
          fpi_pct: null,
          source: 'corporate-share-holdings-master_ITC_30-SEP-2024.csv',
        },
      ]);
    });

    it('lets one of two lock holders sync at a time', async () => {
      archive.hits.clear();
      archive.maxInFlight = 0;
      const run = (holder: string) =>
        withSyncLease(db, holder, 60_000, (heartbeat) => syncRange(db, DAY, DAY, { ...opts, heartbeat }));
      const [a, b] = await Promise.all([run('worker-a'), run('worker-b')]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
      const loser = a.ran ? b : a;
      expect(loser).toMatchObject({ ran: false, holder: a.ran ? 'worker-a' : 'worker-b' });
      expect(archive.maxInFlight).toBe(1);
      // Released at the end: the other can sync now.
      expect((await run('worker-b')).ran).toBe(true);
    });
  });
}
