import { describe, expect, it } from 'vitest';
import type { YearData } from './metrics.ts';
import { RATIO_TYPES, RATIOS } from './ratio-catalogue.ts';
import { computeRatios } from './ratio-engine.ts';

function general(fy: number, revenue: number, equity: number, extra: Partial<YearData> = {}): YearData {
  return {
    fiscalYear: fy,
    periodEnd: `${fy}-03-31`,
    layout: 'general',
    price: null,
    pl: { revenueFromOperations: revenue },
    bs: { totalEquity: equity },
    cf: null,
    ...extra,
  };
}

// Newest first. Figures in rupees crore, shares in units, price in rupees.
const years: YearData[] = [
  general(2025, 1000, 1200, {
    price: 400,
    pl: {
      revenueFromOperations: 1000,
      otherIncome: 50,
      totalIncome: 1050,
      costOfMaterialsConsumed: 400,
      employeeBenefitsExpense: 100,
      financeCosts: 20,
      depreciationAndAmortisation: 30,
      otherExpenses: 150,
      expenses: 700,
      profitBeforeTax: 350,
      taxExpense: 90,
      profitLossForPeriod: 260,
      minorityInterest: 0,
      eps: 26,
      dividendPerShare: 10,
    },
    bs: {
      totalAssets: 2000,
      totalEquity: 1200,
      longTermBorrowings: 300,
      shortTermBorrowings: 100,
      cashAndCashEquivalents: 150,
      currentInvestments: 50,
      inventories: 200,
      tradeReceivables: 150,
      tradePayables: 120,
      totalCurrentAssets: 600,
      totalCurrentLiabilities: 300,
      propertyPlantEquipment: 800,
      sharesOutstanding: 100_000_000,
    },
    cf: { cashFromOperatingActivities: 300, capitalExpenditure: -100 },
  }),
  general(2024, 800, 1000, {
    bs: { totalEquity: 1000, inventories: 150, tradeReceivables: 100, totalAssets: 1800 },
  }),
  general(2023, 640, 900),
  general(2022, 500, 800),
];

const latest = (ratioType?: keyof typeof RATIO_TYPES) => computeRatios(years, { ratioType })[0]!.values;

describe('ratio engine, against figures worked by hand', () => {
  it('growth: one-year change and three-year CAGR', () => {
    const v = latest('gr');
    expect(v.revenueGrowth1y).toBe(25); // (1000 − 800) / 800
    expect(v.revenueCagr3y).toBeCloseTo(25.9921, 4); // (1000 / 500)^(1/3) − 1
    expect(v.revenueCagr5y).toBeNull(); // no year five years back
  });

  it('profitability: margins and returns on average equity', () => {
    const v = latest('pr');
    expect(v.patMargin).toBe(26); // 260 / 1000
    expect(v.ebitdaMargin).toBe(35); // (350 + 20 + 30 − 50) / 1000
    expect(v.returnOnEquity).toBeCloseTo(23.6364, 4); // 260 / ((1200 + 1000) / 2)
  });

  it('liquidity and leverage', () => {
    expect(latest('lq').currentRatio).toBe(2); // 600 / 300
    expect(latest('lq').quickRatio).toBeCloseTo(1.3333, 4); // (600 − 200) / 300
    expect(latest('lv').debtToEquity).toBeCloseTo(0.3333, 4); // (300 + 100) / 1200
    expect(latest('lv').interestCoverage).toBe(18.5); // (350 + 20) / 20
  });

  it('efficiency: turnover on average balances and days', () => {
    const v = latest('ef');
    expect(v.inventoriesTurnover).toBeCloseTo(5.7143, 4); // 1000 / ((200 + 150) / 2)
    expect(v.receivablesDays).toBe(45.625); // 365 × ((150 + 100) / 2) / 1000
  });

  it('valuation from the year-end price', () => {
    const v = latest('va');
    expect(v.marketCap).toBe(4000); // 400 × 1e8 / 1e7
    expect(v.priceToEarnings).toBeCloseTo(15.3846, 4); // 400 / 26
    expect(v.priceToBook).toBeCloseTo(3.3333, 4); // 4000 / 1200
    expect(v.dividendYield).toBe(2.5); // 10 / 400
    expect(v.evToEbitda).toBeCloseTo(12.1429, 4); // (4000 + 400 − 150) / 350
  });

  it('per share, cash flow and common size', () => {
    expect(latest('ps').netWorthPerShare).toBe(120); // 1200 × 1e7 / 1e8
    const cf = latest('cf');
    expect(cf.cfoToPat).toBeCloseTo(1.1538, 4); // 300 / 260
    expect(cf.fcfToRevenue).toBe(20); // (300 − 100) / 1000
    expect(cf.dividendPayout).toBeCloseTo(38.4615, 4); // 10 / 26
    expect(latest('cs').inventoriesToTotalAssets).toBe(10); // 200 / 2000
  });

  it('banking ratios on the bank layout', () => {
    const bank: YearData[] = [
      {
        fiscalYear: 2025,
        periodEnd: '2025-03-31',
        layout: 'bank',
        price: null,
        pl: {
          interestEarned: 900,
          interestExpended: 500,
          otherIncome: 100,
          totalIncome: 1000,
          operatingExpenses: 200,
          provisionsAndContingencies: 50,
        },
        bs: { advances: 8000, investments: 3000, deposits: 9000, casaDeposits: 3600 },
        cf: null,
      },
      {
        fiscalYear: 2024,
        periodEnd: '2024-03-31',
        layout: 'bank',
        price: null,
        pl: {},
        bs: { advances: 7000, investments: 2600 },
        cf: null,
      },
    ];
    const v = computeRatios(bank, { ratioType: 'bk' })[0]!.values;
    expect(v.casaRatio).toBe(40);
    expect(v.creditDepositRatio).toBeCloseTo(88.8889, 4);
    expect(v.netInterestMargin).toBeCloseTo(3.8835, 4); // 400 / ((11000 + 9600) / 2)
    expect(v.costToIncome).toBe(40); // 200 / (400 + 100)
    expect(computeRatios(bank, { ratioType: 'lv' })[0]!.values).not.toHaveProperty('interestCoverage');
  });

  it('gives null, never NaN or Infinity, for missing inputs and zero denominators', () => {
    const zero: YearData[] = [
      general(2025, 0, 0, {
        price: 0,
        pl: { revenueFromOperations: 0, financeCosts: 0, eps: 0 },
        bs: { totalEquity: 0, totalCurrentLiabilities: 0 },
      }),
    ];
    const all = computeRatios(zero)[0]!.values;
    expect(Object.keys(all).length).toBeGreaterThan(400);
    for (const v of Object.values(all)) expect(v === null || Number.isFinite(v)).toBe(true);
    expect(all.interestCoverage).toBeNull();
    expect(all.patMargin).toBeNull();
    expect(all.currentRatio).toBeNull();
  });

  it('has at least 500 ratios with unique codes, every category, a unit and a formula', () => {
    expect(RATIOS.length).toBeGreaterThanOrEqual(500);
    expect(new Set(RATIOS.map((r) => r.code)).size).toBe(RATIOS.length);
    expect(new Set(RATIOS.map((r) => r.ratioType))).toEqual(new Set(Object.keys(RATIO_TYPES)));
    for (const r of RATIOS) expect(r.formula.length).toBeGreaterThan(3);
  });
});
