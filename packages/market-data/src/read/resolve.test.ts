import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { loadCompanyDirectory } from './resolve.ts';

describe.each(testDatabases())('the company directory of a database ($name)', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    await migrate(db, [marketDataMigrations]);
  });
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  it('is empty before any company is loaded, and resolves nothing', async () => {
    const directory = await loadCompanyDirectory(db);
    expect(directory.size).toBe(0);
    expect(directory.companies()).toEqual([]);
    expect(directory.resolve('ITC')).toBeNull();
  });

  it('keeps every field of a company as the database holds it, large share counts and quotes in names included', async () => {
    await db.query(
      `INSERT INTO company (isin, symbol, name, layout, has_consolidated, shares_outstanding, bse_code, source, as_of)
       VALUES ('INE000A01001', 'QUOTE', 'A "Quoted" \\ Name Ltd', 'bank', true, 9007199254740991, '500001', 'test', '2026-12-01'),
              ('INE000A01002', NULL, 'No Symbol Ltd', 'general', false, NULL, NULL, 'test', '2026-12-01')`,
    );
    const directory = await loadCompanyDirectory(db);
    expect(directory.companies()).toEqual([
      {
        isin: 'INE000A01001',
        symbol: 'QUOTE',
        name: 'A "Quoted" \\ Name Ltd',
        sectorCode: null,
        industryCode: null,
        layout: 'bank',
        hasConsolidated: true,
        sharesOutstanding: 9007199254740991,
      },
      {
        isin: 'INE000A01002',
        symbol: null,
        name: 'No Symbol Ltd',
        sectorCode: null,
        industryCode: null,
        layout: 'general',
        hasConsolidated: false,
        sharesOutstanding: null,
      },
    ]);
    expect(directory.resolve('500001')?.isin).toBe('INE000A01001');
    expect(directory.resolve('ine000a01002')?.name).toBe('No Symbol Ltd');
  });
});
