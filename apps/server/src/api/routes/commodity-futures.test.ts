import { testDatabases } from '@bahi/market-data/db/test-databases';
import { ingestFile } from '@bahi/market-data/ingest';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from '../testing/harness.ts';

// MCX's daily bhavcopy, two days in the layout the exchange's site exports, ingested and then
// read through the API.
const HEAD =
  "Date,Instrument Name,Symbol,Expiry Date,Option Type,Strike Price,Open,High,Low,Close,Previous Close,Volume(Lots),Volume(In 000's),Value(Lacs),Open Interest(Lots)\n";
const q = (...cells: string[]) => `${cells.map((c) => `"${c}"`).join(',')}\n`;
const day = (date: string, close: string) =>
  HEAD +
  q(
    date,
    'FUTCOM',
    'GOLD      ',
    '05DEC2026',
    '-',
    '0',
    '1,27,450.00',
    '1,28,100.00',
    '1,27,200.00',
    close,
    '1,27,400.00',
    '1,234',
    '1.234 KGS',
    '1,57,705.20',
    '5,678',
  ) +
  q(
    date,
    'FUTCOM',
    'GOLD      ',
    '05FEB2027',
    '-',
    '0',
    '',
    '',
    '',
    '1,29,000.00',
    '1,28,900.00',
    '0',
    '0.000 KGS',
    '0.00',
    '12',
  ) +
  q(
    date,
    'OPTFUT',
    'GOLDM     ',
    '26NOV2026',
    'CE',
    '1,28,000',
    '410.00',
    '455.00',
    '380.00',
    '420.50',
    '400.00',
    '85',
    '8.500 GRMS',
    '10,880.00',
    '310',
  );

for (const target of testDatabases()) {
  describe(`commodity futures through the API on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let pro: string;
    const get = (path: string) => app.inject(`/api/v1/${path}${path.includes('?') ? '&' : '?'}token=${pro}`);

    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db);
      await ingestFile(db, 'BhavCopy_MCX_23112026.csv', { text: day('23 Nov 2026', '1,27,890.00') });
      await ingestFile(db, 'BhavCopy_MCX_24112026.csv', { text: day('24 Nov 2026', '1,27,990.00') });
      app.dataApi.version.invalidate();
      pro = (await keyFor(db, 'P')).key;
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it('lists the commodities with futures, their units and days held', async () => {
      const res = await get('commodity-futures-list');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        data: [
          {
            exchange: 'MCX',
            symbol: 'GOLD',
            name: 'Gold',
            unit: 'INR per 10 g',
            quantityUnit: 'KGS',
            firstDate: '2026-11-23',
            lastDate: '2026-11-24',
            contracts: 2,
            source: 'BhavCopy_MCX_24112026.csv',
          },
        ],
        meta: { asOf: '2026-11-24', source: 'BhavCopy_MCX_24112026.csv' },
      });
    });

    it('answers the latest day by default, a day, a range and one contract, as the file reported them', async () => {
      const latest = await get('commodity-futures/gold');
      expect(latest.statusCode, latest.body).toBe(200);
      const body = latest.json();
      expect(body.meta).toMatchObject({ asOf: '2026-11-24', source: 'BhavCopy_MCX_24112026.csv' });
      expect(body.data.futures).toEqual([
        {
          date: '2026-11-24',
          expiry: '2026-12-05',
          instrument: 'FUTCOM',
          open: 127450,
          high: 128100,
          low: 127200,
          close: 127990,
          previousClose: 127400,
          settlement: null,
          volumeLots: 1234,
          volumeQuantity: 1234,
          valueLakhs: 157705.2,
          openInterestLots: 5678,
          lotSize: 1,
          source: 'BhavCopy_MCX_24112026.csv',
        },
        expect.objectContaining({ expiry: '2027-02-05', open: null, high: null, low: null, close: 129000 }),
      ]);
      const first = (await get('commodity-futures/GOLD?date=2026-11-23')).json().data.futures;
      expect(first.map((f: { close: number }) => f.close)).toEqual([127890, 129000]);
      const range = (await get('commodity-futures/GOLD?from=2026-11-01&expiry=2026-12-05')).json().data
        .futures;
      expect(range.map((f: { date: string; close: number }) => [f.date, f.close])).toEqual([
        ['2026-11-23', 127890],
        ['2026-11-24', 127990],
      ]);
      const csv = await get('commodity-futures/GOLD?format=csv');
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^exchange,symbol,date,expiry,instrument,open,/);
      expect(lines).toHaveLength(3);
    });

    it('refuses what it cannot answer, naming the parameter or what is held', async () => {
      const unknown = await get('commodity-futures/SILVER');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found', param: 'code' });
      const both = await get('commodity-futures/GOLD?date=2026-11-23&from=2026-11-01');
      expect(both.json()).toMatchObject({ status: 400, param: 'date' });
      expect((await get('commodity-futures/GOLD?date=23-11-2026')).json()).toMatchObject({
        status: 400,
        param: 'date',
      });
      const none = await get('commodity-futures/GOLD?date=2026-11-25');
      expect(none.statusCode).toBe(402);
      expect(none.json().detail).toBe('No GOLD futures on 2026-11-25; held from 2026-11-23 to 2026-11-24.');
    });
  });
}
