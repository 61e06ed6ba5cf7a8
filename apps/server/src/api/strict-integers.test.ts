import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataApiApp, keyFor } from './testing/harness.ts';

const hostile = [
  'Infinity',
  '-Infinity',
  '1e309',
  '0x7E8',
  '0o17',
  '0b101',
  '1e1',
  '',
  ' 20',
  '20.0',
  '+20',
  '-5',
  'NaN',
  '9'.repeat(40),
];

for (const target of testDatabases()) {
  describe(`integer parameters take decimal digits only, on ${target.name}`, () => {
    let app: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;
    let key: string;

    beforeAll(async () => {
      db = await target.open();
      app = await dataApiApp(db);
      key = (await keyFor(db, 'P')).key;
    });
    afterAll(async () => {
      await app.close();
      await db.close();
      await target.drop();
    });

    it.each([
      ['/api/v1/peers/ITC', 'limit'],
      ['/api/v1/holidays-calender', 'year'],
    ])('%s?%s= answers 400 naming the parameter for every other spelling', async (path, param) => {
      for (const value of hostile) {
        const res = await app.inject(`${path}?${param}=${encodeURIComponent(value)}&token=${key}`);
        expect(res.statusCode, value).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json(), value).toMatchObject({ code: 'bad_request', param });
      }
      const twice = await app.inject(`${path}?${param}=20&${param}=0x14&token=${key}`);
      expect(twice.statusCode).toBe(400);
    });

    it('still takes plain decimal years and limits', async () => {
      for (const url of ['/api/v1/peers/ITC?limit=5', '/api/v1/holidays-calender?year=2024']) {
        const res = await app.inject(`${url}&token=${key}`);
        expect(res.statusCode, url).not.toBe(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    });
  });
}
