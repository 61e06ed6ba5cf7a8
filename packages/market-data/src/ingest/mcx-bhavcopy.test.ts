import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { ingestFile } from './ingest-file.ts';
import { detectKindFromContent } from './kinds.ts';

// MCX's daily bhavcopy in the layout its site exports: a header line, then every cell quoted,
// symbols padded, numbers with thousands separators, the quantity unit after "Volume(In 000's)",
// options among the futures. Written here by hand, a few rows.

const HEAD =
  "Date,Instrument Name,Symbol,Expiry Date,Option Type,Strike Price,Open,High,Low,Close,Previous Close,Volume(Lots),Volume(In 000's),Value(Lacs),Open Interest(Lots)\n";
const q = (...cells: string[]) => `${cells.map((c) => `"${c}"`).join(',')}\n`;
/** 23 Nov 2026: two gold contracts (one untraded), crude oil, an index future and two options. */
const DAY = (date: string) =>
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
    '1,27,890.00',
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
  ) +
  q(
    date,
    'FUTCOM',
    'CRUDEOIL  ',
    '17DEC2026',
    'XX',
    '0',
    '5,400.00',
    '5,450.00',
    '5,380.00',
    '5,420.00',
    '5,390.00',
    '20,000',
    '2,000.000 BBL',
    '1,08,300.00',
    '15,000',
  ) +
  q(
    date,
    'FUTIDX',
    'MCXBULLDEX',
    '24DEC2026',
    '-',
    '0',
    '25,010.00',
    '25,120.00',
    '24,950.00',
    '25,080.00',
    '24,990.00',
    '10',
    '0.000',
    '1.00',
    '40',
  ) +
  q(
    date,
    'OPTFUT',
    'CRUDEOIL  ',
    '14DEC2026',
    'PE',
    '5,300',
    '61.00',
    '70.00',
    '55.00',
    '58.20',
    '66.00',
    '1,500',
    '150.000 BBL',
    '81,300.00',
    '2,210',
  );

for (const target of testDatabases()) {
  describe(`MCX's daily bhavcopy, on ${target.name}`, () => {
    let db: Db;
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    const version = async () => (await one<{ version: number }>('SELECT version FROM data_version')).version;
    const future = (symbol: string, expiry: string, date = '2026-11-23') =>
      one<Record<string, unknown>>(
        `SELECT instrument, open, high, low, close, previous_close AS "previousClose", volume_lots::int AS "volumeLots",
                volume_quantity AS "volumeQuantity", quantity_unit AS "quantityUnit", unit,
                value_lakhs AS "valueLakhs", open_interest_lots::int AS "openInterestLots", lot_size AS "lotSize", source
           FROM commodity_future WHERE symbol = $1 AND expiry = $2 AND trade_date = $3`,
        [symbol, expiry, date],
      );

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('stores each futures contract with its expiry, units, range, volume and open interest; options are counted, not stored', async () => {
      const out = await ingestFile(db, 'BhavCopy_MCX_23112026.csv', { text: DAY('23 Nov 2026') });
      expect(out).toMatchObject({ kind: 'mcx-bhavcopy', rowsRead: 6, rowsStored: 4, unchanged: false });
      expect(out.rejected).toEqual([
        { line: 4, reason: 'option not stored (futures only): OPTFUT GOLDM 2026-11-26 CE 1,28,000' },
        { line: 7, reason: 'option not stored (futures only): OPTFUT CRUDEOIL 2026-12-14 PE 5,300' },
      ]);
      expect(await future('GOLD', '2026-12-05')).toEqual({
        instrument: 'FUTCOM',
        open: 127450,
        high: 128100,
        low: 127200,
        close: 127890,
        previousClose: 127400,
        volumeLots: 1234,
        volumeQuantity: 1234,
        quantityUnit: 'KGS',
        unit: 'INR per 10 g',
        valueLakhs: 157705.2,
        openInterestLots: 5678,
        lotSize: 1,
        source: 'BhavCopy_MCX_23112026.csv',
      });
      // Untraded: no range, the close and open interest still reported.
      expect(await future('GOLD', '2027-02-05')).toMatchObject({
        open: null,
        high: null,
        low: null,
        close: 129000,
        volumeLots: 0,
        lotSize: null,
        openInterestLots: 12,
      });
      expect(await future('CRUDEOIL', '2026-12-17')).toMatchObject({
        unit: 'INR per barrel',
        quantityUnit: 'BBL',
        volumeQuantity: 2_000_000,
        lotSize: 100,
      });
      expect(await future('MCXBULLDEX', '2026-12-24')).toMatchObject({
        instrument: 'FUTIDX',
        unit: 'index points',
        quantityUnit: null,
      });
    });

    it('takes the same file again as unchanged, and leaves the data version alone', async () => {
      const before = await version();
      const again = await ingestFile(db, 'BhavCopy_MCX_23112026.csv', { text: DAY('23 Nov 2026') });
      expect(again).toMatchObject({ unchanged: true, rowsStored: 4, dataVersion: null });
      expect(await version()).toBe(before);
    });

    it('tells the layout from the header, under another name and another date spelling', async () => {
      const text = DAY('24-NOV-2026');
      expect(detectKindFromContent(text)).toBe('mcx-bhavcopy');
      const out = await ingestFile(db, 'export.csv', { text });
      expect(out).toMatchObject({ kind: 'mcx-bhavcopy', rowsStored: 4 });
      expect(await future('CRUDEOIL', '2026-12-17', '2026-11-24')).toMatchObject({ close: 5420 });
    });

    it('never replaces a figure with a zero or a blank (decision 0411)', async () => {
      // A re-issue of 23 Nov whose converted volume, value and open interest columns are blank.
      const reissue = DAY('23 Nov 2026')
        .split('\n')
        .map((l) =>
          l.startsWith('"23 Nov 2026","FUTCOM","GOLD      ","05DEC2026"')
            ? q(
                '23 Nov 2026',
                'FUTCOM',
                'GOLD',
                '05DEC2026',
                '-',
                '0',
                '1,27,450.00',
                '1,28,100.00',
                '1,27,200.00',
                '1,27,900.00',
                '1,27,400.00',
                '0',
                '',
                '',
                '0',
              ).trimEnd()
            : l,
        )
        .join('\n');
      await ingestFile(db, 'BhavCopy_MCX_23112026_reissue.csv', { text: reissue });
      expect(await future('GOLD', '2026-12-05')).toMatchObject({
        close: 127900,
        volumeLots: 1234,
        volumeQuantity: 1234,
        valueLakhs: 157705.2,
        openInterestLots: 5678,
        lotSize: 1,
      });
    });

    it('reads the JSON answer behind the Bhavcopy page, and the older commodity-wise layout', async () => {
      const json = JSON.stringify({
        d: {
          __type: 'BhavCopy',
          Data: [
            {
              Date: '/Date(1795977000000)/',
              DateDisplay: '25/11/2026',
              InstrumentName: 'FUTCOM',
              Symbol: 'SILVER',
              ExpiryDate: '04DEC2026',
              OptionType: '-',
              StrikePrice: '0',
              Open: '151000.00',
              High: '152400.00',
              Low: '150500.00',
              Close: '152000.00',
              PreviousClose: '150900.00',
              Volume: '300',
              VolumeInThousands: '9.000 KGS',
              Value: '13626.00',
              OpenInterest: '2100',
            },
          ],
        },
      });
      expect(detectKindFromContent(json)).toBe('mcx-bhavcopy');
      expect(await ingestFile(db, 'GetDateWiseBhavCopy_20261125', { text: json })).toMatchObject({
        kind: 'mcx-bhavcopy',
        rowsStored: 1,
      });
      expect(await future('SILVER', '2026-12-04', '2026-11-25')).toMatchObject({
        close: 152000,
        volumeQuantity: 9000,
        lotSize: 30,
        unit: 'INR per kg',
      });
      const older =
        "Date,Commodity Symbol,Contract/Expiry Month,Open(Rs),High(Rs),Low(Rs),Close(Rs),PCP(Rs),Volume(In Lots),Volume(In 000's),Value(In Lakhs),OI(In Lots)\n" +
        '06 Nov 2012,ALMOND,28 Feb 2013,0.00,0.00,0.00,475.25,490.00,0,0.000 KGS,0.00,0\n';
      expect(await ingestFile(db, 'almond.csv', { text: older })).toMatchObject({
        kind: 'mcx-bhavcopy',
        rowsStored: 1,
      });
      expect(await future('ALMOND', '2013-02-28', '2012-11-06')).toMatchObject({
        instrument: 'FUTCOM',
        open: null,
        close: 475.25,
        quantityUnit: 'KGS',
        unit: null,
      });
    });

    it('refuses changed or malformed files whole, saying why', async () => {
      const before = await version();
      const refuse = (name: string, text: string) => ingestFile(db, name, { text, kind: 'mcx-bhavcopy' });
      await expect(
        refuse('no-expiry.csv', DAY('26 Nov 2026').replace('Expiry Date,', 'Contract,')),
      ).rejects.toThrow(
        /no-expiry\.csv:1 \[expiry\]: not MCX's bhavcopy layout: missing column expiry \(found: Date, Instrument Name, Symbol, Contract,/,
      );
      await expect(refuse('bad-date.csv', DAY('31 Nov 2026'))).rejects.toThrow(
        /bad-date\.csv:2 \[Date\]: not a date: "31 Nov 2026"/,
      );
      const noRange = DAY('26 Nov 2026').replace('"1,27,450.00","1,28,100.00","1,27,200.00"', '"","",""');
      await expect(refuse('no-range.csv', noRange)).rejects.toThrow(
        /no-range\.csv:2 \[Open\]: GOLD 2026-12-05 traded 1234 lots but has no open, high and low/,
      );
      // Value in rupees, not lakh: every traded futures row implies a price 100,000 times too high.
      const rupees = DAY('26 Nov 2026')
        .replace('"1,57,705.20"', '"15,77,05,20,000.00"')
        .replace('"1,08,300.00"', '"10,83,00,00,000.00"');
      await expect(refuse('rupees.csv', rupees)).rejects.toThrow(
        /rupees\.csv:2 \[Value\(Lacs\)\]: traded value in the wrong unit\? 2 of 2 futures rows imply an average price outside the day's range \(e\.g\. GOLD 2026-12-05: 12,78,00,00,000 against a close of 1,27,890, INR per 10 g\); Value\(Lacs\) must be in lakh rupees/,
      );
      await expect(refuse('cut.csv', `${DAY('26 Nov 2026')}"26 Nov 2026","FUTCOM","ZINC"\n`)).rejects.toThrow(
        /cut\.csv:8: the row has 3 cells where the header names 15 columns/,
      );
      expect(await version()).toBe(before);
      expect(
        await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM commodity_future WHERE trade_date = '2026-11-26'`,
        ),
      ).toEqual({ n: 0 });
    });
  });
}
