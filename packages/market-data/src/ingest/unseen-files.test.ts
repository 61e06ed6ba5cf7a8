import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { getCompanyProfile } from '../read/companies.ts';
import { getDailyQuotes } from '../read/quotes.ts';
import { ingestFile } from './ingest-file.ts';
import { parsePurpose } from './parsers/purpose.ts';

// Corpora of files the ingester had not seen: unknown securities, old symbols and ISINs, cut
// days, misaligned columns, other encodings. Each built here, a few rows in the real layouts.

const MASTER_HEAD =
  'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\n';
const MASTER =
  MASTER_HEAD +
  'HDFCBANK,HDFC Bank Limited,EQ,08-NOV-1995,1,1,INE040A01034,1\n' +
  'ITC,ITC Limited,EQ,23-AUG-1995,1,1,INE154A01025,1\n' +
  'JSWDULUX,JSW Dulux Limited,EQ,01-JAN-2004,10,1,INE133A01011,10\n' +
  'RELIANCE,Reliance Industries Limited,EQ,29-NOV-1995,10,1,INE002A01018,10\n';
const FULL_HEAD =
  'SYMBOL, SERIES, DATE1, PREV_CLOSE, OPEN_PRICE, HIGH_PRICE, LOW_PRICE, LAST_PRICE, CLOSE_PRICE, AVG_PRICE, TTL_TRD_QNTY, TURNOVER_LACS, NO_OF_TRADES, DELIV_QTY, DELIV_PER\n';
const LEGACY_HEAD =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\n';
const fixture = (name: string) => new URL(`../../test-fixtures/${name}`, import.meta.url).pathname;
const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A full-layout row: close c, volume 1000, turnover consistent with the price. */
const full = (sym: string, iso: string, c: number, extra = '10, 500, 50.00') => {
  const [y, m, d] = iso.split('-');
  const date = `${d}-${MON[Number(m) - 1]!.slice(0, 1)}${MON[Number(m) - 1]!.slice(1).toLowerCase()}-${y}`;
  return `${sym}, EQ, ${date}, ${c}, ${c}, ${c}, ${c}, ${c}, ${c}, ${c}, 1000, ${((c * 1000) / 100_000).toFixed(2)}, ${extra}\n`;
};
/** A legacy-layout row with its ISIN: close c, volume 1000, exact rupee turnover. */
const legacy = (sym: string, isin: string, iso: string, c: number) => {
  const [y, m, d] = iso.split('-');
  return `${sym},EQ,${c},${c},${c},${c},${c},${c},1000,${c * 1000},${d}-${MON[Number(m) - 1]}-${y},10,${isin},\n`;
};
const fullName = (iso: string) => `sec_bhavdata_full_${iso.slice(8)}${iso.slice(5, 7)}${iso.slice(0, 4)}.csv`;
const legacyName = (iso: string) =>
  `cm${iso.slice(8)}${MON[Number(iso.slice(5, 7)) - 1]}${iso.slice(0, 4)}bhav.csv`;

for (const target of testDatabases()) {
  describe(`files the ingester has not seen, on ${target.name}`, () => {
    let db: Db;
    let dir: string;
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
    const version = async () => (await one<{ version: number }>('SELECT version FROM data_version')).version;
    const files = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM ingest_file')).n;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
      await ingestFile(db, 'EQUITY_L.csv', { text: MASTER, today: '2026-01-05' });
      dir = mkdtempSync(join(tmpdir(), 'bahi-ingest-'));
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('leaves a re-ingested bhavcopy unchanged, data version too, though it has securities the master lacks', async () => {
      const text = FULL_HEAD + full('ITC', '2025-03-03', 400) + full('NOTLISTED', '2025-03-03', 50);
      const first = await ingestFile(db, fullName('2025-03-03'), { text });
      expect(first).toMatchObject({ unchanged: false, rowsStored: 1 });
      const before = await version();
      const again = await ingestFile(db, fullName('2025-03-03'), { text });
      expect(again).toMatchObject({ unchanged: true, rowsStored: 1 });
      expect(await version()).toBe(before);
    });

    it('dates a symbol change between the last day of the old symbol and the first of the new, and corrects it', async () => {
      const profile = async () => (await getCompanyProfile(db, 'JSWDULUX'))!.formerSymbols;
      // A 2021 file with the old symbol: the change is not the day after it (nothing says so).
      await ingestFile(db, legacyName('2021-05-12'), {
        text: LEGACY_HEAD + legacy('AKZOINDIA', 'INE133A01011', '2021-05-12', 2400),
      });
      expect(await profile()).toEqual([{ symbol: 'AKZOINDIA', changedOn: '2026-01-05' }]);
      // A later file, full layout (no ISIN), still with the old symbol, then the first with the new.
      await ingestFile(db, fullName('2025-06-30'), {
        text: FULL_HEAD + full('AKZOINDIA', '2025-06-30', 3100),
      });
      await ingestFile(db, fullName('2025-07-15'), {
        text: FULL_HEAD + full('JSWDULUX', '2025-07-15', 3000),
      });
      expect(await profile()).toEqual([{ symbol: 'AKZOINDIA', changedOn: '2025-07-15' }]);
      // An older file under the new symbol narrows it further; one under the old symbol never goes back.
      await ingestFile(db, fullName('2025-07-04'), {
        text: FULL_HEAD + full('JSWDULUX', '2025-07-04', 3050),
      });
      await ingestFile(db, legacyName('2023-02-01'), {
        text: LEGACY_HEAD + legacy('AKZOINDIA', 'INE133A01011', '2023-02-01', 2200),
      });
      expect(await profile()).toEqual([{ symbol: 'AKZOINDIA', changedOn: '2025-07-04' }]);
    });

    it('maps an ISIN from before a split to the company, so both layouts agree and the adjusted series runs through', async () => {
      // HDFC Bank split 2:1 (face value 2 to 1) with ex-date 2019-09-19; its ISIN changed from INE040A01026.
      await ingestFile(db, 'bc19092019.csv', {
        text:
          'SERIES,SYMBOL,SECURITY,RECORD_DT,BC_STRT_DT,BC_END_DT,EX_DT,ND_STRT_DT,ND_END_DT,PURPOSE\n' +
          'EQ,HDFCBANK,HDFC Bank Limited,2019-09-20,,,2019-09-19,,,FVSPLT FRM RS 2 TO RS 1\n',
      });
      const old = await ingestFile(db, legacyName('2019-09-18'), {
        text: LEGACY_HEAD + legacy('HDFCBANK', 'INE040A01026', '2019-09-18', 2400),
      });
      expect(old).toMatchObject({ rowsStored: 1, rejected: [] });
      const sameDay = await ingestFile(db, fullName('2019-09-18'), {
        text: FULL_HEAD + full('HDFCBANK', '2019-09-18', 2400),
      });
      expect(sameDay.rowsStored).toBe(1);
      await ingestFile(db, legacyName('2019-09-19'), {
        text: LEGACY_HEAD + legacy('HDFCBANK', 'INE040A01034', '2019-09-19', 1210),
      });
      expect(await one(`SELECT count(*)::int AS n FROM daily_quote WHERE isin = 'INE040A01026'`)).toEqual({
        n: 0,
      });
      const days = await getDailyQuotes(db, 'HDFCBANK', { from: '2019-09-18', to: '2019-09-19' });
      expect(days!.map((d) => [d.date, d.close, d.adjClose])).toEqual([
        ['2019-09-18', 2400, 1200],
        ['2019-09-19', 1210, 1210],
      ]);
      expect(await one(`SELECT isin, last_seen FROM isin_history WHERE old_isin = 'INE040A01026'`)).toEqual({
        isin: 'INE040A01034',
        last_seen: '2019-09-18',
      });
    });

    it('refuses a day cut short against the previous trading day, unless allowed', async () => {
      const day = (iso: string, n: number) =>
        FULL_HEAD +
        full('ITC', iso, 410) +
        Array.from({ length: n - 1 }, (_, i) => full(`UNLISTED${i}`, iso, 10 + i)).join('');
      await ingestFile(db, fullName('2025-09-01'), { text: day('2025-09-01', 500) });
      const before = await version();
      const cut = await ingestFile(db, fullName('2025-09-02'), { text: day('2025-09-02', 300) }).catch(
        (e) => e,
      );
      expect(cut.message).toMatch(
        /only 300 rows for 2025-09-02 against 500 on 2025-09-01, the previous trading day in this layout: the file looks cut short.*--allow-short-day/,
      );
      expect(await version()).toBe(before);
      const allowed = await ingestFile(db, fullName('2025-09-02'), {
        text: day('2025-09-02', 300),
        allowShortDay: true,
      });
      expect(allowed).toMatchObject({ unchanged: false, rowsStored: 1 });
      // A normal day-to-day difference passes.
      const next = await ingestFile(db, fullName('2025-09-03'), { text: day('2025-09-03', 290) });
      expect(next.unchanged).toBe(false);
    });

    it('fails a non-empty file that stores no row (misaligned columns), recording nothing', async () => {
      // The columns are shifted by one: SERIES holds the open price, so every row is "series not covered".
      const shifted =
        LEGACY_HEAD +
        'ITC,,400,401,399,400,400,399,1000,400000,02-MAY-2025,10,INE154A01025\n' +
        'HDFCBANK,,1900,1901,1899,1900,1900,1899,1000,1900000,02-MAY-2025,10,INE040A01034\n';
      const before = { version: await version(), files: await files() };
      const err = await ingestFile(db, legacyName('2025-05-02'), { text: shifted }).catch((e) => e);
      expect(err.message).toMatch(
        /none of its 2 rows could be stored, so nothing was recorded \(2 × series not covered\)/,
      );
      expect({ version: await version(), files: await files() }).toEqual(before);
    });

    it('checks turnover against price x volume, never stores zeros over figures, keeps the exact rupee turnover', async () => {
      const row = (lakh: string, trades: number, dq: number, dp: string) =>
        `ITC, EQ, 01-Oct-2025, 254.00, 254.50, 256.00, 253.90, 255.20, 255.20, 255.10, 100000, ${lakh}, ${trades}, ${dq}, ${dp}\n`;
      const day = fullName('2025-10-01');
      await ingestFile(db, day, { text: FULL_HEAD + row('255.10', 1200, 60000, '60.00') });
      const stored = () =>
        one(
          `SELECT close, traded_value, trades, delivery_qty, delivery_pct FROM daily_quote
            WHERE isin = 'INE154A01025' AND trade_date = '2025-10-01'`,
        );
      const good = {
        close: 255.2,
        traded_value: 25510000,
        trades: 1200,
        delivery_qty: 60000,
        delivery_pct: 60,
      };
      expect(await stored()).toEqual(good);
      // A converted file with turnover in rupees under TURNOVER_LACS: refused, saying why.
      const before = await version();
      await expect(
        ingestFile(db, 'sec_bhavdata_full_01102025 (converted).csv', {
          kind: 'bhavcopy-full',
          text: FULL_HEAD + row('25510000', 1200, 60000, '60.00'),
        }),
      ).rejects.toThrow(
        /TURNOVER_LACS\]: turnover in the wrong unit\? 1 of 1 rows .*Rs 2,55,10,000 against a close of 255.2.*lakh rupees/,
      );
      expect(await version()).toBe(before);
      // One row of many with an implausible figure is refused alone.
      const mixed = await ingestFile(db, fullName('2025-10-02'), {
        text:
          FULL_HEAD +
          full('ITC', '2025-10-02', 256) +
          full('HDFCBANK', '2025-10-02', 1900).replace(', 19.00,', ', 1900000.00,') +
          full('JSWDULUX', '2025-10-02', 3000),
      });
      expect(mixed.rejected.map((r) => r.reason)).toEqual([
        'implausible turnover: HDFCBANK implies an average price of Rs 19,00,00,000 against a range of 1,900–1,900',
      ]);
      // Zeros for trades and delivery in a re-issued file do not replace the real figures.
      await ingestFile(db, 'sec_bhavdata_full_01102025 (reissued).csv', {
        kind: 'bhavcopy-full',
        text: FULL_HEAD + row('255.10', 0, 0, '0.00'),
      });
      expect(await stored()).toEqual(good);
      // The legacy layout's exact rupees win over the lakh-rounded figure, whichever came first.
      await ingestFile(db, legacyName('2025-10-01'), {
        text: `${LEGACY_HEAD}ITC,EQ,254.5,256,253.9,255.2,255.2,254,100000,25512345.5,01-OCT-2025,1200,INE154A01025,\n`,
      });
      expect(await stored()).toMatchObject({ traded_value: 25512345.5 });
      await ingestFile(db, 'sec_bhavdata_full_01102025 (delivery).csv', {
        kind: 'bhavcopy-full',
        text: FULL_HEAD + row('255.12', 1200, 61000, '61.00'),
      });
      expect(await stored()).toMatchObject({ traded_value: 25512345.5, delivery_qty: 61000 });
    });

    it('clears the large move a bonus ingested later explains, and gives the adjusted change across its ex-date', async () => {
      await ingestFile(db, fixture('sec_bhavdata_full_25102024.csv'));
      const day = await ingestFile(db, fixture('sec_bhavdata_full_28102024.csv'));
      expect(day.quality.filter((q) => q.check === 'large_move').map((q) => q.symbol)).toEqual(['RELIANCE']);
      const findings = async () =>
        (
          await one<{ n: number }>(
            `SELECT count(*)::int AS n FROM data_quality_issue WHERE check_name = 'large_move'`,
          )
        ).n;
      expect(await findings()).toBe(1);
      await ingestFile(db, fixture('bc28102024.csv'));
      expect(await findings()).toBe(0);
      const [, exDate] = (await getDailyQuotes(db, 'RELIANCE', { from: '2024-10-25', to: '2024-10-28' }))!;
      expect(exDate).toMatchObject({
        date: '2024-10-28',
        changePct: -49.64,
        adjChange: 9.45,
        adjChangePct: 0.71,
      });
    });

    it('understands a first call on partly paid shares', () => {
      expect(parsePurpose('FIRST CL RS 450 PR SH')).toEqual({
        actions: [{ type: 'call', call: 'first', amount: 450 }],
        unparsed: [],
      });
      expect(parsePurpose('FINAL CALL RS 5.50 PER SHARE').actions).toEqual([
        { type: 'call', call: 'final', amount: 5.5 },
      ]);
    });

    it('reads UTF-16 with or without a byte-order mark (LE and BE), and names other encodings and workbooks', async () => {
      const text = `${LEGACY_HEAD}${legacy('ITC', 'INE154A01025', '2025-05-05', 402)}`;
      const le = join(dir, legacyName('2025-05-05'));
      writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
      expect(await ingestFile(db, le)).toMatchObject({ rowsStored: 1, rejected: [] });
      const be = join(dir, legacyName('2025-05-06'));
      const swapped = Buffer.from(
        text.replaceAll('2025', '2025').replace('05-MAY', '06-MAY'),
        'utf16le',
      ).swap16();
      writeFileSync(be, Buffer.concat([Buffer.from([0xfe, 0xff]), swapped]));
      expect(await ingestFile(db, be)).toMatchObject({ rowsStored: 1, rejected: [] });
      expect(
        await one(
          `SELECT count(*)::int AS n FROM daily_quote WHERE trade_date IN ('2025-05-05', '2025-05-06')`,
        ),
      ).toEqual({ n: 2 });

      // Without a byte-order mark, told by where the NUL bytes of the ASCII characters fall.
      const day = (iso: string) => text.replace('05-MAY', `${iso.slice(8)}-MAY`);
      const leNoMark = join(dir, legacyName('2025-05-07'));
      writeFileSync(leNoMark, Buffer.from(day('2025-05-07'), 'utf16le'));
      expect(await ingestFile(db, leNoMark)).toMatchObject({ rowsStored: 1, rejected: [] });
      const beNoMark = join(dir, legacyName('2025-05-09'));
      writeFileSync(beNoMark, Buffer.from(day('2025-05-09'), 'utf16le').swap16());
      expect(await ingestFile(db, beNoMark)).toMatchObject({ rowsStored: 1, rejected: [] });
      expect(
        (
          await db.query<{ d: string; close: number }>(
            `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, close FROM daily_quote
              WHERE trade_date IN ('2025-05-07', '2025-05-09') ORDER BY trade_date`,
          )
        ).rows,
      ).toEqual([
        { d: '2025-05-07', close: 402 },
        { d: '2025-05-09', close: 402 },
      ]);
      // NULs at both offsets are binary data, not text.
      const nuls = join(dir, legacyName('2025-05-12'));
      writeFileSync(nuls, Buffer.from(Array.from({ length: 64 }, (_, i) => (i % 3 === 0 ? 0 : 65))));
      await expect(ingestFile(db, nuls)).rejects.toThrow(/this is a binary file, not text/);
      const latin1 = join(dir, 'EQUITY_L.csv');
      writeFileSync(
        latin1,
        Buffer.from(
          `${MASTER_HEAD}NESTLEIND,Soci\u00e9t\u00e9 des Produits Nestl\u00e9,EQ,01-JAN-2000,1,1,INE239A01024,1\n`,
          'latin1',
        ),
      );
      await expect(ingestFile(db, latin1)).rejects.toThrow(
        /EQUITY_L\.csv:2: the text is not UTF-8 \(byte 0xe9\): likely Windows-1252/,
      );
      const zip = join(dir, legacyName('2025-05-08'));
      writeFileSync(zip, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]));
      await expect(ingestFile(db, zip)).rejects.toThrow(/this is an Excel workbook/);
    });
  });
}
