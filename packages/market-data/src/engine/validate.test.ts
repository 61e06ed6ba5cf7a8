import { describe, expect, it } from 'vitest';
import { validateCashContinuity, validateStatement } from './validate.ts';

describe('statement identity validator', () => {
  const bs = {
    totalNonCurrentAssets: 600,
    totalCurrentAssets: 400,
    totalAssets: 1000,
    equityShareCapital: 10,
    otherEquity: 490,
    totalEquity: 500,
    nonControllingInterest: 20,
    totalNonCurrentLiabilities: 300,
    totalCurrentLiabilities: 180,
    totalLiabilities: 480,
    totalEquityAndLiabilities: 1000,
  };

  it('accepts a balanced balance sheet and reports the breach when it does not balance', () => {
    expect(validateStatement('bs', bs)).toEqual([]);
    const broken = validateStatement('bs', { ...bs, totalLiabilities: 470, totalCurrentLiabilities: 170 });
    expect(broken.map((b) => b.rule)).toEqual([
      'total assets = equity + non-controlling interest + liabilities',
    ]);
    expect(broken[0]).toMatchObject({ expected: 990, actual: 1000, difference: 10 });
  });

  it('catches profit after tax that is not profit before tax minus tax', () => {
    const pl = {
      revenueFromOperations: 900,
      otherIncome: 100,
      totalIncome: 1000,
      expenses: 800,
      profitBeforeTax: 200,
      taxExpense: 50,
      profitLossForPeriod: 150,
    };
    expect(validateStatement('pl', pl)).toEqual([]);
    expect(validateStatement('pl', { ...pl, profitLossForPeriod: 160 })).toMatchObject([
      { rule: 'profit after tax = profit before tax − tax', expected: 150, actual: 160 },
    ]);
  });

  it('checks cash flow: closing = opening + net, and continuity between years', () => {
    const y1 = {
      openingCash: 50,
      netCashFlow: 25,
      closingCash: 75,
      cashFromOperatingActivities: 100,
      cashFromInvestingActivities: -60,
      cashFromFinancingActivities: -15,
    };
    expect(validateStatement('cf', y1)).toEqual([]);
    expect(validateStatement('cf', { ...y1, closingCash: 80 })).toHaveLength(1);
    const y2 = { ...y1, openingCash: 70, closingCash: 95 };
    expect(
      validateCashContinuity([
        { periodEnd: '2024-03-31', cf: y1 },
        { periodEnd: '2025-03-31', cf: y2 },
      ]),
    ).toMatchObject([{ expected: 75, actual: 70 }]);
  });

  it('skips rules whose inputs are missing instead of inventing zeros', () => {
    expect(validateStatement('bs', { totalAssets: 1000 })).toEqual([]);
  });
});
