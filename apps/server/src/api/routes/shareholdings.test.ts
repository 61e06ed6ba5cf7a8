import { ensureSampleData } from '@bahi/market-data';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from '../testing/harness.ts';

for (const target of testDatabases()) {
  describe(`shareholding periods and empty answers on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let pro: string;
    const get = (path: string) =>
      app.inject(`/api/v1/shareholdings/${path}${path.includes('?') ? '&' : '?'}token=${pro}`);

    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db);
      await ensureSampleData(db, { size: 'small' });
      app.dataApi.version.invalidate();
      pro = (await keyFor(db, 'P')).key;
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it('answers period=quarterly and period=annual with the series, and a date with one quarter', async () => {
      const quarterly = await get('ownership/RELIANCE?period=quarterly');
      expect(quarterly.statusCode, quarterly.body).toBe(200);
      const quarters = (quarterly.json().data as { periodEnd: string }[]).map((q) => q.periodEnd);
      expect(quarters.length).toBeGreaterThan(4);
      expect(quarters).toEqual([...quarters].sort().reverse());
      const annual = (await get('overall-summary/RELIANCE?period=annual')).json().data as {
        periodEnd: string;
      }[];
      const fy = (d: string) => Number(d.slice(0, 4)) + (Number(d.slice(5, 7)) >= 4 ? 1 : 0);
      expect(annual.map((q) => fy(q.periodEnd))).toEqual([...new Set(quarters.map(fy))]);
      expect(annual.map((q) => q.periodEnd)).toEqual(
        [...new Set(quarters.map(fy))].map((y) => quarters.find((q) => fy(q) === y)),
      );
      const one = await get(`axis-summary/RELIANCE?date=${quarters[2]}`);
      expect(one.json().data).toMatchObject({ periodEnd: quarters[2] });
      expect((await get(`axis-summary/RELIANCE?period=${quarters[2]}`)).json().data).toEqual(one.json().data);
      const history = (await get('ownership-history/RELIANCE?period=annual')).json().data;
      expect(history).toHaveLength(annual.length);
      expect((await get('ownership/RELIANCE?period=monthly')).statusCode).toBe(400);
    });

    it('answers an empty list of beneficial owners with 200 and the as-of date; 402 says what is missing', async () => {
      for (const symbol of ['ITC', 'HDFCBANK']) {
        const res = await get(`beneficial-owners/${symbol}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual([]);
        const latest = (await get(`ownership/${symbol}`)).json().data as {
          periodEnd: string;
          asOf: string;
        };
        expect(res.json().meta.asOf).toBe(latest.asOf);
      }
      const owners = (await get('beneficial-owners/RELIANCE')).json().data;
      expect(owners.length).toBeGreaterThan(0);
      const before = await get('ownership/ITC?date=1990-03-31');
      expect(before.statusCode).toBe(402);
      expect(before.json().detail).toMatch(
        /^No shareholding pattern for ITC for the quarter ending 1990-03-31; available: \d{4}-/,
      );
      const ownersBefore = await get('beneficial-owners/ITC?date=1990-03-31');
      expect(ownersBefore.statusCode).toBe(402);
    });
  });
}
