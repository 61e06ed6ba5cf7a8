import { type Db, openDb } from '@bahi/market-data/db';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineEndpoint } from './endpoint.ts';
import { boundExample, describeCuts, exampleListItems } from './example-bounds.ts';
import { dataApiApp } from './testing/harness.ts';

/** A market-wide list of `rows` companies, like the Stock symbols answer on a universe of that size. */
const companyList = (rows: number) =>
  defineEndpoint({
    path: '/test-companies',
    operationId: 'testCompanies',
    tag: 'Company',
    summary: 'Test companies',
    description: 'Every listed company',
    data: Type.Array(Type.Object({ symbol: Type.String(), isin: Type.String(), name: Type.String() })),
    tabular: true,
    access: 'market',
    example: {},
    load: async () => ({
      data: Array.from({ length: rows }, (_, i) => ({
        symbol: `SYM${i}`,
        isin: `INE${String(i).padStart(9, '0')}`,
        name: `Company number ${i} Limited`,
      })),
      asOf: '2024-11-01',
      source: 'test-fixture',
    }),
  });

async function documentFor(db: Db, rows: number) {
  const app = await dataApiApp(db, { endpoints: [companyList(rows)] });
  try {
    const res = await app.inject('/swagger/doc.json');
    return { size: res.rawPayload.length, doc: res.json() };
  } finally {
    await app.close();
  }
}

describe('examples sized for reading', () => {
  it('cuts every list to a few items and counts the real items of the outer ones', () => {
    const answer = {
      data: {
        dividends: Array.from({ length: 40 }, (_, i) => ({ year: 1990 + i, parts: [1, 2, 3, 4, 5] })),
        byFiscalYear: [{ year: 2024 }],
      },
      meta: { asOf: '2024-11-01' },
    };
    const { value, cuts } = boundExample(answer);
    const data = (value as typeof answer).data;
    expect(data.dividends).toHaveLength(exampleListItems);
    expect(data.dividends[0]).toEqual({ year: 1990, parts: [1, 2, 3] });
    expect(data.byFiscalYear).toEqual([{ year: 2024 }]);
    expect((value as typeof answer).meta).toEqual(answer.meta);
    // Lists inside a cut list are cut too, but only the outer list's length means anything.
    expect(cuts).toEqual([{ path: 'data.dividends', shown: exampleListItems, total: 40 }]);
    expect(describeCuts(cuts)).toContain('`data.dividends` has 40 items');
    expect(boundExample({ data: [1, 2] }).cuts).toEqual([]);
  });

  it('keeps the document the same size however many companies the answer lists, and says how many', async () => {
    const db = await openDb({ kind: 'pglite' });
    const small = await documentFor(db, 40);
    const large = await documentFor(db, 5003);
    await db.close();
    // Only the stated count differs ("40" and "5,003").
    expect(Math.abs(large.size - small.size)).toBeLessThan(10);
    const ok = large.doc.paths['/test-companies'].get.responses['200'];
    expect(ok.examples['application/json'].data).toHaveLength(exampleListItems);
    expect(ok.examples['application/json'].data[0].symbol).toBe('SYM0');
    expect(ok.description).toContain('`data` has 5,003 items');
    expect(ok['x-example-lists']).toEqual([{ path: 'data', shown: exampleListItems, total: 5003 }]);
  }, 180_000);
});
