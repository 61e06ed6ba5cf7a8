import type { Items } from './line-items.ts';

/** One fiscal year of a company as the ratio engine sees it. */
export interface YearData {
  fiscalYear: number;
  periodEnd: string;
  layout: string;
  pl: Items;
  bs: Items | null;
  cf: Items | null;
  /** Raw close on the last trading day on or before periodEnd, if quoted. */
  price: number | null;
  /** Raw high and low traded in the fiscal year, if quoted. */
  priceHigh?: number | null;
  priceLow?: number | null;
}

export type Value = number | null;

/** Guarded arithmetic: any missing input gives null, never NaN or Infinity. */
/** Rounds to 2 decimals (paise, or crore to the hundredth). */
export const round2 = (v: number) => Math.round(v * 100) / 100;
export const num = (v: unknown): Value => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const add = (...vs: Value[]): Value =>
  vs.some((v) => v === null) ? null : vs.reduce<number>((s, v) => s + v!, 0);
export const sub = (a: Value, b: Value): Value => (a === null || b === null ? null : a - b);
export const mul = (a: Value, b: Value): Value => (a === null || b === null ? null : a * b);
export const div = (a: Value, b: Value): Value => {
  if (a === null || b === null || b === 0) return null;
  const r = a / b;
  return Number.isFinite(r) ? r : null;
};
export const pct = (a: Value, b: Value): Value => mul(div(a, b), 100);
export const avg = (a: Value, b: Value): Value => (a === null ? b : b === null ? a : (a + b) / 2);
/** Sum where missing parts count as zero, but null if every part is missing. */
export const sumPresent = (...vs: Value[]): Value =>
  vs.every((v) => v === null) ? null : vs.reduce<number>((s, v) => s + (v ?? 0), 0);

export interface MetricDef {
  code: string;
  name: string;
  unit: 'crore' | 'rupees' | 'shares';
  formula: string;
  get(y: YearData): Value;
}

const pl = (k: string) => (y: YearData) => num(y.pl[k]);
const bs = (k: string) => (y: YearData) => num(y.bs?.[k]);
const cf = (k: string) => (y: YearData) => num(y.cf?.[k]);

const m = (
  code: string,
  name: string,
  formula: string,
  get: (y: YearData) => Value,
  unit: MetricDef['unit'] = 'crore',
): MetricDef => ({
  code,
  name,
  unit,
  formula,
  get,
});

const revenue = (y: YearData) => num(y.pl.revenueFromOperations) ?? num(y.pl.interestEarned);
const borrowings = (y: YearData) =>
  y.bs ? sumPresent(num(y.bs.longTermBorrowings), num(y.bs.shortTermBorrowings), num(y.bs.borrowings)) : null;
const cash = (y: YearData) =>
  y.bs
    ? sumPresent(num(y.bs.cashAndCashEquivalents), num(y.bs.cashWithRbi), num(y.bs.balancesWithBanks))
    : null;
const ebitda = (y: YearData) =>
  y.layout === 'bank'
    ? add(num(y.pl.profitBeforeTax), num(y.pl.provisionsAndContingencies))
    : sub(
        add(num(y.pl.profitBeforeTax), num(y.pl.financeCosts), num(y.pl.depreciationAndAmortisation)),
        num(y.pl.otherIncome) ?? 0,
      );
const ebit = (y: YearData) =>
  y.layout === 'bank' ? num(y.pl.profitBeforeTax) : add(num(y.pl.profitBeforeTax), num(y.pl.financeCosts));
const shares = (y: YearData) => num(y.bs?.sharesOutstanding) ?? num(y.pl.weightedShares);
const capex = (y: YearData) => {
  const v = num(y.cf?.capitalExpenditure);
  return v === null ? null : Math.abs(v);
};
const marketCap = (y: YearData) => div(mul(y.price, shares(y)), 1e7);

/** Base quantities the ratio catalogue is written in. */
export const METRICS: MetricDef[] = [
  m('revenue', 'Revenue', 'revenueFromOperations (interestEarned for banks)', revenue),
  m('otherIncome', 'Other income', 'otherIncome', pl('otherIncome')),
  m('totalIncome', 'Total income', 'totalIncome', pl('totalIncome')),
  m('expenses', 'Total expenses', 'expenses', pl('expenses')),
  m(
    'materialCost',
    'Material cost',
    'costOfMaterialsConsumed + purchasesOfStockInTrade + changesInInventories',
    (y) =>
      y.layout === 'bank'
        ? null
        : sumPresent(
            num(y.pl.costOfMaterialsConsumed),
            num(y.pl.purchasesOfStockInTrade),
            num(y.pl.changesInInventories),
          ),
  ),
  m('grossProfit', 'Gross profit', 'revenue − materialCost', (y) =>
    y.layout === 'bank'
      ? null
      : sub(
          revenue(y),
          sumPresent(
            num(y.pl.costOfMaterialsConsumed),
            num(y.pl.purchasesOfStockInTrade),
            num(y.pl.changesInInventories),
          ),
        ),
  ),
  m('employeeCost', 'Employee cost', 'employeeBenefitsExpense', pl('employeeBenefitsExpense')),
  m(
    'otherExpenses',
    'Other expenses',
    'otherExpenses (otherOperatingExpenses for banks)',
    (y) => num(y.pl.otherExpenses) ?? num(y.pl.otherOperatingExpenses),
  ),
  m(
    'financeCosts',
    'Finance costs',
    'financeCosts (interestExpended for banks)',
    (y) => num(y.pl.financeCosts) ?? num(y.pl.interestExpended),
  ),
  m('depreciation', 'Depreciation', 'depreciationAndAmortisation', pl('depreciationAndAmortisation')),
  m(
    'ebitda',
    'EBITDA',
    'profitBeforeTax + financeCosts + depreciation − otherIncome (banks: profitBeforeTax + provisions)',
    ebitda,
  ),
  m('ebit', 'EBIT', 'profitBeforeTax + financeCosts (banks: profitBeforeTax)', ebit),
  m('pbt', 'Profit before tax', 'profitBeforeTax', pl('profitBeforeTax')),
  m('tax', 'Tax expense', 'taxExpense', pl('taxExpense')),
  m('pat', 'Profit after tax', 'profitLossForPeriod', pl('profitLossForPeriod')),
  m('patToOwners', 'Profit attributable to owners', 'profitLossForPeriod − minorityInterest', (y) =>
    sub(num(y.pl.profitLossForPeriod), num(y.pl.minorityInterest) ?? 0),
  ),
  m(
    'comprehensiveIncome',
    'Total comprehensive income',
    'totalComprehensiveIncome',
    pl('totalComprehensiveIncome'),
  ),
  m('eps', 'Earnings per share', 'eps', pl('eps'), 'rupees'),
  m('dps', 'Dividend per share', 'dividendPerShare', pl('dividendPerShare'), 'rupees'),
  m('shares', 'Shares outstanding', 'sharesOutstanding', shares, 'shares'),
  m('totalAssets', 'Total assets', 'totalAssets', bs('totalAssets')),
  m('netWorth', 'Net worth', 'totalEquity', bs('totalEquity')),
  m(
    'borrowings',
    'Total borrowings',
    'longTermBorrowings + shortTermBorrowings (banks: borrowings)',
    borrowings,
  ),
  m('cash', 'Cash and equivalents', 'cashAndCashEquivalents (banks: cashWithRbi + balancesWithBanks)', cash),
  m('netDebt', 'Net debt', 'borrowings − cash − currentInvestments', (y) =>
    sub(sub(borrowings(y), cash(y)), num(y.bs?.currentInvestments) ?? 0),
  ),
  m('inventories', 'Inventories', 'inventories', bs('inventories')),
  m('receivables', 'Trade receivables', 'tradeReceivables', bs('tradeReceivables')),
  m('payables', 'Trade payables', 'tradePayables', bs('tradePayables')),
  m('currentAssets', 'Current assets', 'totalCurrentAssets', bs('totalCurrentAssets')),
  m('currentLiabilities', 'Current liabilities', 'totalCurrentLiabilities', bs('totalCurrentLiabilities')),
  m('workingCapital', 'Working capital', 'totalCurrentAssets − totalCurrentLiabilities', (y) =>
    sub(num(y.bs?.totalCurrentAssets), num(y.bs?.totalCurrentLiabilities)),
  ),
  m(
    'fixedAssets',
    'Fixed assets',
    'propertyPlantEquipment + capitalWorkInProgress + intangibleAssets (banks: fixedAssets)',
    (y) =>
      y.bs
        ? sumPresent(
            num(y.bs.propertyPlantEquipment),
            num(y.bs.capitalWorkInProgress),
            num(y.bs.intangibleAssets),
            num(y.bs.fixedAssets),
          )
        : null,
  ),
  m('capitalEmployed', 'Capital employed', 'totalEquity + nonControllingInterest + borrowings', (y) =>
    add(num(y.bs?.totalEquity), num(y.bs?.nonControllingInterest) ?? 0, borrowings(y)),
  ),
  m('totalLiabilities', 'Total liabilities', 'totalLiabilities', bs('totalLiabilities')),
  m('cfo', 'Cash from operations', 'cashFromOperatingActivities', cf('cashFromOperatingActivities')),
  m('cfi', 'Cash from investing', 'cashFromInvestingActivities', cf('cashFromInvestingActivities')),
  m('cff', 'Cash from financing', 'cashFromFinancingActivities', cf('cashFromFinancingActivities')),
  m('capex', 'Capital expenditure', '|capitalExpenditure|', capex),
  m('fcf', 'Free cash flow', 'cashFromOperatingActivities − capex', (y) =>
    sub(num(y.cf?.cashFromOperatingActivities), capex(y)),
  ),
  m('dividendsPaid', 'Dividends paid', '|dividendsPaid|', (y) => {
    const v = num(y.cf?.dividendsPaid);
    return v === null ? null : Math.abs(v);
  }),
  m('interestEarned', 'Interest earned', 'interestEarned', pl('interestEarned')),
  m('interestExpended', 'Interest expended', 'interestExpended', pl('interestExpended')),
  m('netInterestIncome', 'Net interest income', 'interestEarned − interestExpended', (y) =>
    sub(num(y.pl.interestEarned), num(y.pl.interestExpended)),
  ),
  m('operatingExpenses', 'Operating expenses (banks)', 'operatingExpenses', pl('operatingExpenses')),
  m(
    'provisions',
    'Provisions and contingencies',
    'provisionsAndContingencies',
    pl('provisionsAndContingencies'),
  ),
  m(
    'preProvisionProfit',
    'Pre-provision operating profit',
    'totalIncome − interestExpended − operatingExpenses',
    (y) => sub(sub(num(y.pl.totalIncome), num(y.pl.interestExpended)), num(y.pl.operatingExpenses)),
  ),
  m('deposits', 'Deposits', 'deposits', bs('deposits')),
  m('casaDeposits', 'CASA deposits', 'casaDeposits', bs('casaDeposits')),
  m('advances', 'Advances', 'advances', bs('advances')),
  m('investments', 'Investments', 'investments + nonCurrentInvestments + currentInvestments', (y) =>
    y.bs
      ? sumPresent(num(y.bs.investments), num(y.bs.nonCurrentInvestments), num(y.bs.currentInvestments))
      : null,
  ),
  m('grossNpa', 'Gross NPA', 'grossNpa', pl('grossNpa')),
  m('netNpa', 'Net NPA', 'netNpa', pl('netNpa')),
  m(
    'price',
    'Share price at year end',
    'close on the last trading day of the fiscal year',
    (y) => y.price,
    'rupees',
  ),
  m('marketCap', 'Market capitalisation', 'price × shares / 1e7 (rupees crore)', marketCap),
  m('enterpriseValue', 'Enterprise value', 'marketCap + borrowings − cash', (y) =>
    sub(add(marketCap(y), borrowings(y)), cash(y)),
  ),
];

export const METRIC: Record<string, MetricDef> = Object.fromEntries(METRICS.map((d) => [d.code, d]));
