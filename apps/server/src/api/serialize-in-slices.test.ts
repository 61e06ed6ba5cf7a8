import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { serializeInSlices } from './endpoint.ts';
import { routeSchema } from './route-schema.ts';
import { financials } from './routes/financials.ts';
import { dailyQuotes } from './routes/price.ts';

/** Rows shaped like the endpoint's, with nulls, quotes in text and awkward numbers. */
function quoteRows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    symbol: i % 7 === 0 ? null : 'A"B\\\\C',
    isin: 'INE000A01010',
    exchange: 'NSE',
    series: 'EQ',
    date: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
    open: 100 + i / 3,
    high: 1e21 + i,
    low: -0.000001 * i,
    close: i,
    last: i % 3 ? null : 5,
    prevClose: null,
    change: 0.1 + 0.2,
    changePct: null,
    volume: i * 1000,
    tradedValue: null,
    trades: 12,
    deliveryQty: null,
    deliveryPct: 45.5,
    source: 'nse-bhavcopy, ünïcode',
    asOf: '2020-01-02',
    adjOpen: 1,
    adjHigh: 2,
    adjLow: 3,
    adjClose: 4,
    adjVolume: 5,
    adjFactor: 0.5,
    adjChange: null,
    adjChangePct: null,
    adjCloseWithDividends: 4.1,
    dividendFactor: 1,
  }));
}

describe('serializeInSlices', () => {
  const meta = { asOf: '2020-01-02', source: 'nse-bhavcopy', dataVersion: 7 };
  for (const [name, e, rows] of [
    ['daily quotes', dailyQuotes, quoteRows],
    [
      'financial records (extra properties)',
      financials,
      (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          company: 'X',
          symbol: null,
          statementType: 's',
          statementCode: 'pl',
          period: 'annual',
          periodEnd: '2024-03-31',
          fiscalYear: 2024 - i,
          layout: 'general',
          result_date: null,
          source: 's',
          asOf: '2024-05-01',
          revenueFromOperations: i * 1.5,
          eps: null,
          [`item${i % 5}`]: i,
        })),
    ],
  ] as const) {
    it(`${name}: gives the bytes of one whole serialization, for every length around a slice`, async () => {
      const serialize = fastJson(routeSchema(e).response[200]);
      for (const n of [0, 1, 499, 500, 501, 1000, 1234]) {
        const data = rows(n);
        const sliced = await serializeInSlices(serialize, data, meta);
        expect(sliced, `n=${n}`).toBe(serialize({ data, meta }));
        expect(JSON.parse(sliced).data).toHaveLength(n);
      }
    });
  }

  it('hands the event loop back between slices', async () => {
    const serialize = fastJson(routeSchema(dailyQuotes).response[200]);
    // Another task waiting on the event loop runs while the answer is being made, not after it.
    let turns = 0;
    let done = false;
    const other = () => {
      turns++;
      if (!done) setImmediate(other);
    };
    setImmediate(other);
    await serializeInSlices(serialize, quoteRows(5_000), meta);
    done = true;
    expect(turns).toBeGreaterThanOrEqual(9); // 10 slices: handed back 9 times
  });
});
