import { describe, expect, it } from 'vitest';
import { adjustmentFactors, adjustPrice, cumulativeFactors, factorOf } from './adjustment.ts';

// RELIANCE around its 1:1 bonus (ex-date 28-Oct-2024): last cum-bonus close 2655.70, first ex-bonus open 1337.00.
const reliance = [
  { date: '2024-10-24', open: 2742.0, close: 2707.3 },
  { date: '2024-10-25', open: 2706.0, close: 2655.7 },
  { date: '2024-10-28', open: 1337.0, close: 1346.15 },
  { date: '2024-10-29', open: 1346.0, close: 1335.5 },
];

describe('price adjustment', () => {
  it('makes the 1:1 bonus series continuous while keeping raw prices', () => {
    const factors = adjustmentFactors([{ action: 'bonus', exDate: '2024-10-28', ratioNew: 1, ratioHeld: 1 }]);
    expect(factors).toEqual([{ exDate: '2024-10-28', priceFactor: 0.5, dividendFactor: 1 }]);
    const cum = cumulativeFactors(
      reliance.map((d) => d.date),
      factors,
    );
    const adjusted = reliance.map((d, i) => adjustPrice(d.close, cum[i]!.price)!);
    expect(adjusted[1]).toBe(1327.85);
    expect(adjusted[2]).toBe(1346.15);
    // The overnight move into the ex-date is an ordinary move once adjusted (raw: -49.7 %).
    const gapAdjusted = reliance[2]!.open / adjusted[1]! - 1;
    const gapRaw = reliance[2]!.open / reliance[1]!.close - 1;
    expect(Math.abs(gapAdjusted)).toBeLessThan(0.01);
    expect(gapRaw).toBeLessThan(-0.49);
    expect(reliance[1]!.close).toBe(2655.7);
  });

  it('scales prices by new over old face value on a split, and multiplies factors back in time', () => {
    const factors = adjustmentFactors([
      { action: 'split', exDate: '2019-09-19', faceValueFrom: 2, faceValueTo: 1 },
      { action: 'bonus', exDate: '2025-08-26', ratioNew: 1, ratioHeld: 1 },
      { action: 'bonus', exDate: '2021-01-05', ratioNew: 1, ratioHeld: 2 },
    ]);
    const cum = cumulativeFactors(
      ['2019-09-18', '2019-09-19', '2021-01-04', '2025-08-25', '2025-08-26'],
      factors,
    );
    expect(cum.map((c) => c.price)).toEqual([0.5 * (2 / 3) * 0.5, (2 / 3) * 0.5, (2 / 3) * 0.5, 0.5, 1]);
    expect(adjustPrice(1200, cum[0]!.price)).toBe(200);
  });

  it("gives each date the day before's factor with dayBefore: an ex-date's previous close is adjusted", () => {
    const factors = adjustmentFactors([
      { action: 'split', exDate: '2019-09-19', faceValueFrom: 2, faceValueTo: 1 },
      { action: 'bonus', exDate: '2021-01-05', ratioNew: 1, ratioHeld: 2 },
    ]);
    const dates = ['2019-09-18', '2019-09-19', '2019-09-20', '2021-01-05', '2021-01-06'];
    const before = cumulativeFactors(dates, factors, { dayBefore: true });
    // The same as the factor of the calendar day before each date, across month and year ends.
    const dayBefore = (iso: string) => {
      const d = new Date(`${iso}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      return d.toISOString().slice(0, 10);
    };
    expect(before).toEqual(cumulativeFactors(dates.map(dayBefore), factors));
    // On the split's ex-date, the previous close (of the 18th) carries the split: 0.5 × 2/3.
    expect(before[1]!.price).toBeCloseTo(0.5 * (2 / 3), 12);
    expect(cumulativeFactors(dates, factors)[1]!.price).toBeCloseTo(2 / 3, 12);
  });

  it('keeps dividends in a separate factor that leaves the split-adjusted price alone', () => {
    const f = factorOf({ action: 'dividend', exDate: '2024-08-01', dividendPerShare: 10, prevClose: 500 });
    expect(f).toEqual({ exDate: '2024-08-01', priceFactor: 1, dividendFactor: 0.98 });
    const cum = cumulativeFactors(['2024-07-31'], [f!]);
    expect(cum[0]).toEqual({ price: 1, dividend: 0.98 });
  });

  it('prices a rights issue at the theoretical ex-rights price and ignores unusable actions', () => {
    const f = factorOf({
      action: 'rights',
      exDate: '2020-05-20',
      ratioNew: 1,
      ratioHeld: 4,
      offerPrice: 50,
      prevClose: 100,
    });
    expect(f!.priceFactor).toBeCloseTo(0.9, 12); // (4 × 100 + 1 × 50) / 5 / 100
    expect(factorOf({ action: 'bonus', exDate: '2020-01-01', ratioNew: 0, ratioHeld: 1 })).toBeNull();
    expect(
      factorOf({ action: 'dividend', exDate: '2020-01-01', dividendPerShare: 5, prevClose: null }),
    ).toBeNull();
    expect(factorOf({ action: 'buyback', exDate: '2020-01-01' })).toBeNull();
  });
});
