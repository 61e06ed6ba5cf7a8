import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { marketDataMigrations, migrate } from '../db/index.ts';
import { testDatabases } from '../db/test-databases.ts';
import { dataStatus } from './data-status.ts';
import { ingestFile } from './ingest-file.ts';
import { checkFreshness } from './late-findings.ts';
import { loadSyncConfig } from './scheduler.ts';

const fixture = (name: string) => new URL(`../../test-fixtures/${name}`, import.meta.url).pathname;

// Monday 28 and Tuesday 29 October 2024, 22:00 IST: past each trading day's 21:00 deadline.
const monday = new Date('2024-10-28T16:30:00Z');
const tuesday = new Date('2024-10-29T16:30:00Z');

for (const target of testDatabases()) {
  describe(`late data sets as quality findings on ${target.name}`, () => {
    let db: Db;
    const config = loadSyncConfig({});
    const findings = async () =>
      (
        await db.query<{ dataSet: string; due: string; open: boolean; detail: string }>(
          `SELECT data_set AS "dataSet", to_char(trade_date, 'YYYY-MM-DD') AS due,
                  resolved_at IS NULL AS open, detail
             FROM data_quality_issue WHERE check_name = 'late_data_set' ORDER BY data_set, trade_date`,
        )
      ).rows;

    beforeAll(async () => {
      db = await target.open();
      await migrate(db, [marketDataMigrations]);
    });
    afterAll(async () => {
      await db.close();
      await target.drop();
    });

    it('stores each late data set once per due date, however often it is checked', async () => {
      const status = await checkFreshness(db, config, monday);
      expect(status.every((s) => s.late)).toBe(true);
      await checkFreshness(db, config, monday);
      await checkFreshness(db, config, new Date(monday.getTime() + 3_600_000));
      const stored = await findings();
      expect(stored.map((f) => [f.dataSet, f.due, f.open])).toEqual([
        ['commodity-futures', '2024-10-25', true],
        ['commodity-prices', '2024-10-10', true],
        ['corporate-actions', '2024-10-28', true],
        ['equity-master', '2024-10-28', true],
        ['financial-results', '2024-10-28', true],
        ['holidays', '2024-01-01', true],
        ['index-constituents', '2024-10-28', true],
        ['market-cap', '2024-10-28', true],
        ['prices', '2024-10-28', true],
        ['shareholding', '2024-10-28', true],
      ]);
      expect(stored.find((f) => f.dataSet === 'prices')?.detail).toBe(
        status.find((s) => s.dataSet === 'prices')?.finding,
      );
    });

    it("resolves a data set's finding when its data arrives, and records the next due date if it falls behind again", async () => {
      await ingestFile(db, fixture('EQUITY_L.csv'));
      await ingestFile(db, fixture('sec_bhavdata_full_28102024.csv'));
      const status = await checkFreshness(db, config, monday);
      expect(status.find((s) => s.dataSet === 'prices')).toMatchObject({ late: false, due: null });
      const prices = async () => (await findings()).filter((f) => f.dataSet === 'prices');
      expect((await prices()).map((f) => [f.due, f.open])).toEqual([['2024-10-28', false]]);
      // Other data sets still late keep their one open finding.
      expect((await findings()).filter((f) => f.open)).toHaveLength(9);

      // Tuesday's bhavcopy does not come.
      await checkFreshness(db, config, tuesday);
      await checkFreshness(db, config, tuesday);
      expect((await prices()).map((f) => [f.due, f.open])).toEqual([
        ['2024-10-28', false],
        ['2024-10-29', true],
      ]);
    });

    it("expects MCX's day the next morning, an hour after the overnight run", async () => {
      await db.query(
        `INSERT INTO commodity_future (symbol, expiry, trade_date, instrument, close, source)
         VALUES ('GOLD', '2024-12-05', '2024-10-28', 'FUTCOM', 78000, 'test')`,
      );
      const futures = async (at: string) =>
        (await dataStatus(db, config, new Date(at))).find((s) => s.dataSet === 'commodity-futures')!;
      // Tuesday 07:30 IST: Monday's file is not due before 08:00.
      expect(await futures('2024-10-29T02:00:00Z')).toMatchObject({
        latestDataDate: '2024-10-28',
        late: false,
      });
      // Wednesday 07:30 IST: Monday is held, Tuesday not due yet.
      expect(await futures('2024-10-30T02:00:00Z')).toMatchObject({ late: false });
      // Wednesday 08:30 IST: Tuesday's day is missing.
      const late = await futures('2024-10-30T03:00:00Z');
      expect(late).toMatchObject({ late: true, due: '2024-10-29', schedule: 'overnight' });
      expect(late.finding).toMatch(/2024-10-29 was due by 08:00 IST the next morning, latest is 2024-10-28/);
      // Monday 08:30 IST: Friday's day is due (Saturday's run took it), not the weekend's.
      await db.query(`DELETE FROM commodity_future`);
      await db.query(
        `INSERT INTO commodity_future (symbol, expiry, trade_date, instrument, close, source)
         VALUES ('GOLD', '2024-12-05', '2024-11-01', 'FUTCOM', 78000, 'test')`,
      );
      expect(await futures('2024-11-04T03:00:00Z')).toMatchObject({ late: false });
    });

    it('keeps findings of an ingest tied to their file', async () => {
      await expect(
        db.query(
          `INSERT INTO data_quality_issue (check_name, trade_date, detail) VALUES ('ohlc', '2024-10-28', 'x')`,
        ),
      ).rejects.toThrow(/data_quality_issue_source_check/);
    });
  });
}
