import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { ingestFile } from './ingest-file.ts';

// Formats users bring: wide statement CSVs (years across), the screener "Data Sheet" workbook,
// NSE's holiday list as CSV; the kind told by the content when the name does not say.

const MASTER =
  'SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING, PAID UP VALUE, MARKET LOT, ISIN NUMBER, FACE VALUE\n' +
  'ITC,ITC Limited,EQ,23-AUG-1995,1,1,INE154A01025,1\n' +
  'TCS,Tata Consultancy Services Limited,EQ,25-AUG-2004,1,1,INE467B01029,1\n';

/** A screener-style Data Sheet: meta block, then sections, each with its Report Date row. */
async function dataSheetWorkbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Profit & Loss').addRow(['Narration', 'Mar-23', 'Mar-24']);
  const ws = wb.addWorksheet('Data Sheet');
  const d = (y: number) => new Date(Date.UTC(y, 2, 31));
  ws.addRows([
    ['COMPANY NAME', 'TATA CONSULTANCY SERVICES LTD'],
    ['META'],
    ['Face Value', 1],
    [],
    ['PROFIT & LOSS'],
    ['Report Date', d(2023), d(2024)],
    ['Sales', 225458, 240893],
    ['Net profit', 42147, { formula: 'B8*1.09', result: 45908 }],
    [],
    ['BALANCE SHEET'],
    ['Report Date', d(2023), d(2024)],
    ['Equity Share Capital', 366, 362],
    ['Reserves', 90058, 90127],
  ]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

for (const target of testDatabases()) {
  describe(`formats users bring, on ${target.name}`, () => {
    let db: Db;
    const items = async (isin: string, code: string, end: string) =>
      (
        await db.query<{ items: Record<string, number> }>(
          `SELECT items FROM financial_statement WHERE isin = $1 AND statement_code = $2 AND period = 'annual'
              AND period_end = $3`,
          [isin, code, end],
        )
      ).rows[0]?.items;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
      await ingestFile(db, 'EQUITY_L.csv', { text: MASTER, today: '2025-01-01' });
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('reads a wide P&L CSV with fiscal years across, the company named by the flag', async () => {
      const text =
        'PARTICULARS,FY2021,FY2022\n' +
        'Sales,"49,257.45","59,101.09"\n' +
        'Net profit,13031.62,15057.83\n' +
        'Profit before tax,17318.98,20076.74\n';
      const noName = await ingestFile(db, 'export.csv', { text }).catch((e) => e);
      expect(noName.message).toMatch(/name it with --company SYMBOL/);
      const out = await ingestFile(db, 'export.csv', { text, company: 'itc' });
      expect(out).toMatchObject({ kind: 'statements-wide', rowsStored: 6 });
      expect(await items('INE154A01025', 'pl', '2022-03-31')).toMatchObject({
        revenueFromOperations: 59101.09,
        profitLossForPeriod: 15057.83,
      });
    });

    it('reads a wide CSV with sections and "Mar 2015" columns, the company from the file name', async () => {
      const text =
        'PROFIT & LOSS,,\n' +
        'Report Date,Mar 2015,Mar 2016\n' +
        'Sales,36083.2,36582.1\n' +
        'BALANCE SHEET,,\n' +
        'Report Date,Mar 2015,Mar 2016\n' +
        'Reserves,29934.4,44126.8\n';
      const out = await ingestFile(db, 'ITC statements.csv', { text });
      expect(out.kind).toBe('statements-wide');
      expect(await items('INE154A01025', 'pl', '2016-03-31')).toMatchObject({
        revenueFromOperations: 36582.1,
      });
      expect(await items('INE154A01025', 'bs', '2015-03-31')).toMatchObject({ otherEquity: 29934.4 });
    });

    it('takes a Data Sheet workbook (.xlsx): its Data Sheet tab, dates and formula results', async () => {
      const out = await ingestFile(db, 'TCS.xlsx', { bytes: await dataSheetWorkbook() });
      expect(out).toMatchObject({ kind: 'statements-wide', rejected: [] });
      expect(await items('INE467B01029', 'pl', '2024-03-31')).toMatchObject({
        revenueFromOperations: 240893,
        profitLossForPeriod: 45908,
      });
      expect(await items('INE467B01029', 'bs', '2023-03-31')).toMatchObject({ otherEquity: 90058 });
      const again = await ingestFile(db, 'TCS.xlsx', { bytes: await dataSheetWorkbook() });
      expect(again.kind).toBe('statements-wide');
    });

    it('reads a wide shareholding CSV and the holiday list CSV, told by their content', async () => {
      const holding = await ingestFile(db, 'download (3).csv', {
        company: 'TCS',
        text: ',Jun 2024,Sep 2024\nPromoters+,71.77%,71.77%\nFIIs+,12.35%,12.66%\nPublic+,4.68%,4.57%\n',
      });
      expect(holding).toMatchObject({ kind: 'shareholding-quarterly', rowsStored: 2 });
      const holidays = await ingestFile(db, 'NSE_holidays_2025.csv', {
        text:
          'Sr. No,Date,Day,Description\n' +
          '1,26-Feb-2025,Wednesday,Mahashivratri\n' +
          '2,14-Mar-2025,Friday,Holi\n',
      });
      expect(holidays).toMatchObject({ kind: 'holidays-csv', rowsStored: 2 });
      const { rows } = await db.query(
        `SELECT segment, holiday_date, description FROM exchange_holiday ORDER BY holiday_date`,
      );
      expect(rows).toEqual([
        { segment: 'CM', holiday_date: '2025-02-26', description: 'Mahashivratri' },
        { segment: 'CM', holiday_date: '2025-03-14', description: 'Holi' },
      ]);
      const renamed = await ingestFile(db, 'list.csv', {
        text: 'Sr. No,Date,Day,Description\n1,31-Mar-2025,Monday,Id-Ul-Fitr\n',
      });
      expect(renamed.kind).toBe('holidays-csv');
    });
  });
}
