import { avg, div, METRIC, mul, num, pct, sub, type Value, type YearData } from './metrics.ts';

export const RATIO_TYPES = {
  gr: 'Growth',
  pr: 'Profitability',
  lq: 'Liquidity',
  lv: 'Leverage',
  ef: 'Efficiency',
  va: 'Valuation',
  ps: 'Per share',
  cf: 'Cash flow',
  bk: 'Banking',
  cs: 'Common size',
} as const;
export type RatioType = keyof typeof RATIO_TYPES;

export interface RatioContext {
  /** Fiscal years, newest first. */
  years: readonly YearData[];
  /** Index of the year being computed. */
  i: number;
}

export interface RatioDef {
  code: string;
  name: string;
  ratioType: RatioType;
  unit: '%' | 'x' | 'days' | 'rupees' | 'crore' | 'pp';
  formula: string;
  /** Only meaningful for these layouts (default: all). */
  layouts?: readonly string[];
  compute(ctx: RatioContext): Value;
}

/** Metric value `back` years before the context year (0 = the year itself). */
export const at = (ctx: RatioContext, code: string, back = 0): Value => {
  const y = ctx.years[ctx.i + back];
  return y ? METRIC[code]!.get(y) : null;
};
const avgOf = (ctx: RatioContext, code: string) => avg(at(ctx, code), at(ctx, code, 1));

/** Layouts other than banks (whose statements have no EBIT, EV or common balance sheet). */
const NON_BANK = ['general', 'nbfc', 'insurance'];

const defs: RatioDef[] = [];
const r = (
  ratioType: RatioType,
  code: string,
  name: string,
  unit: RatioDef['unit'],
  formula: string,
  compute: (c: RatioContext) => Value,
  layouts?: string[],
) => {
  defs.push({ code, name, ratioType, unit, formula, compute, ...(layouts ? { layouts } : {}) });
};

/** A quotient's operand: a metric in the year itself, or `average(code)` of that year and the one before. */
type Operand = string | { average: string };
const average = (code: string): Operand => ({ average: code });
const operand = (o: Operand) =>
  typeof o === 'string'
    ? { text: o, value: (c: RatioContext) => at(c, o) }
    : { text: `average ${o.average}`, value: (c: RatioContext) => avgOf(c, o.average) };

/**
 * `numerator / denominator`, in times ('x') or per cent ('%'). The published formula and the
 * computation come from the same operands, so they cannot disagree.
 */
const quotient = (
  ratioType: RatioType,
  code: string,
  name: string,
  unit: 'x' | '%',
  numerator: Operand,
  denominator: Operand,
  layouts?: string[],
) => {
  const a = operand(numerator);
  const b = operand(denominator);
  if (unit === '%')
    r(
      ratioType,
      code,
      name,
      unit,
      `${a.text} / ${b.text} × 100`,
      (c) => pct(a.value(c), b.value(c)),
      layouts,
    );
  else r(ratioType, code, name, unit, `${a.text} / ${b.text}`, (c) => div(a.value(c), b.value(c)), layouts);
};

// ---- Growth: one-year change and compound annual growth over 3, 5, 7 and 10 years.
const GROWTH_METRICS = [
  'revenue',
  'otherIncome',
  'totalIncome',
  'expenses',
  'materialCost',
  'grossProfit',
  'employeeCost',
  'otherExpenses',
  'financeCosts',
  'depreciation',
  'ebitda',
  'ebit',
  'pbt',
  'tax',
  'pat',
  'patToOwners',
  'comprehensiveIncome',
  'eps',
  'dps',
  'shares',
  'totalAssets',
  'netWorth',
  'borrowings',
  'cash',
  'inventories',
  'receivables',
  'payables',
  'currentAssets',
  'currentLiabilities',
  'fixedAssets',
  'capitalEmployed',
  'totalLiabilities',
  'cfo',
  'capex',
  'fcf',
  'dividendsPaid',
  'netInterestIncome',
  'deposits',
  'advances',
  'investments',
  'marketCap',
  'price',
];
const BANK_ONLY = new Set(['netInterestIncome', 'deposits', 'advances']);
for (const code of GROWTH_METRICS) {
  const metric = METRIC[code]!;
  const layouts = BANK_ONLY.has(code) ? ['bank'] : undefined;
  r(
    'gr',
    `${code}Growth1y`,
    `${metric.name} growth, 1 year`,
    '%',
    `(${code} − ${code}[−1]) / |${code}[−1]| × 100`,
    (c) => {
      const now = at(c, code);
      const before = at(c, code, 1);
      return before === null ? null : pct(sub(now, before), Math.abs(before));
    },
    layouts,
  );
  for (const n of [3, 5, 7, 10]) {
    r(
      'gr',
      `${code}Cagr${n}y`,
      `${metric.name} CAGR, ${n} years`,
      '%',
      `((${code} / ${code}[−${n}])^(1/${n}) − 1) × 100; null unless both are positive`,
      (c) => {
        const now = at(c, code);
        const before = at(c, code, n);
        if (now === null || before === null || now <= 0 || before <= 0) return null;
        return ((now / before) ** (1 / n) - 1) * 100;
      },
      layouts,
    );
  }
}

// ---- Profitability.
const margin = (code: string, name: string) =>
  quotient('pr', `${code}Margin`, `${name} margin`, '%', code, 'revenue');
margin('grossProfit', 'Gross');
margin('ebitda', 'EBITDA');
margin('ebit', 'EBIT');
margin('pbt', 'Pre-tax');
margin('pat', 'Net profit');
margin('cfo', 'Operating cash flow');
quotient('pr', 'returnOnEquity', 'Return on equity (ROE)', '%', 'patToOwners', average('netWorth'));
quotient('pr', 'returnOnEquityClosing', 'Return on closing equity', '%', 'patToOwners', 'netWorth');
quotient(
  'pr',
  'returnOnCapitalEmployed',
  'Return on capital employed (ROCE)',
  '%',
  'ebit',
  average('capitalEmployed'),
);
quotient('pr', 'returnOnAssets', 'Return on assets (ROA)', '%', 'pat', average('totalAssets'));
r(
  'pr',
  'returnOnInvestedCapital',
  'Return on invested capital (ROIC)',
  '%',
  'ebit × (1 − tax / pbt) / average (netWorth + netDebt) × 100',
  (c) => {
    const taxRate = div(at(c, 'tax'), at(c, 'pbt'));
    const invested = avg(
      sub(at(c, 'capitalEmployed'), at(c, 'cash')),
      sub(at(c, 'capitalEmployed', 1), at(c, 'cash', 1)),
    );
    return taxRate === null ? null : pct(mul(at(c, 'ebit'), 1 - taxRate), invested);
  },
);
quotient('pr', 'effectiveTaxRate', 'Effective tax rate', '%', 'tax', 'pbt');
quotient('pr', 'otherIncomeToPbt', 'Other income share of pre-tax profit', '%', 'otherIncome', 'pbt');
quotient(
  'pr',
  'returnOnNetWorthComprehensive',
  'Comprehensive income return on equity',
  '%',
  'comprehensiveIncome',
  average('netWorth'),
);
quotient('pr', 'operatingProfitToAssets', 'Operating profit to assets', '%', 'ebitda', 'totalAssets');
r(
  'pr',
  'minorityShareOfProfit',
  'Non-controlling share of profit',
  '%',
  '(pat − patToOwners) / pat × 100',
  (c) => pct(sub(at(c, 'pat'), at(c, 'patToOwners')), at(c, 'pat')),
);

// ---- Liquidity.
quotient('lq', 'currentRatio', 'Current ratio', 'x', 'currentAssets', 'currentLiabilities');
r('lq', 'quickRatio', 'Quick ratio', 'x', '(currentAssets − inventories) / currentLiabilities', (c) =>
  div(sub(at(c, 'currentAssets'), at(c, 'inventories') ?? 0), at(c, 'currentLiabilities')),
);
quotient('lq', 'cashRatio', 'Cash ratio', 'x', 'cash', 'currentLiabilities');
quotient('lq', 'operatingCashFlowRatio', 'Operating cash flow ratio', 'x', 'cfo', 'currentLiabilities');
quotient(
  'lq',
  'workingCapitalToAssets',
  'Working capital to total assets',
  '%',
  'workingCapital',
  'totalAssets',
);
quotient('lq', 'workingCapitalToRevenue', 'Working capital to revenue', '%', 'workingCapital', 'revenue');
quotient('lq', 'cashToAssets', 'Cash to total assets', '%', 'cash', 'totalAssets');
quotient('lq', 'cashToCurrentAssets', 'Cash to current assets', '%', 'cash', 'currentAssets');
r(
  'lq',
  'defensiveIntervalDays',
  'Defensive interval',
  'days',
  '(cash + receivables) / ((expenses − depreciation) / 365)',
  (c) =>
    div(
      num((at(c, 'cash') ?? 0) + (at(c, 'receivables') ?? 0)),
      div(sub(at(c, 'expenses'), at(c, 'depreciation') ?? 0), 365),
    ),
);
quotient(
  'lq',
  'inventoryToWorkingCapital',
  'Inventory to working capital',
  '%',
  'inventories',
  'workingCapital',
);

// ---- Leverage and coverage.
quotient('lv', 'debtToEquity', 'Debt to equity', 'x', 'borrowings', 'netWorth');
quotient('lv', 'netDebtToEquity', 'Net debt to equity', 'x', 'netDebt', 'netWorth');
quotient('lv', 'debtToAssets', 'Debt to assets', '%', 'borrowings', 'totalAssets');
quotient('lv', 'debtToCapitalEmployed', 'Debt to capital employed', '%', 'borrowings', 'capitalEmployed');
quotient('lv', 'equityMultiplier', 'Equity multiplier', 'x', 'totalAssets', 'netWorth');
quotient('lv', 'liabilitiesToAssets', 'Liabilities to assets', '%', 'totalLiabilities', 'totalAssets');
quotient('lv', 'interestCoverage', 'Interest coverage', 'x', 'ebit', 'financeCosts', NON_BANK);
quotient('lv', 'ebitdaInterestCoverage', 'EBITDA interest coverage', 'x', 'ebitda', 'financeCosts', NON_BANK);
quotient('lv', 'debtToEbitda', 'Debt to EBITDA', 'x', 'borrowings', 'ebitda');
quotient('lv', 'netDebtToEbitda', 'Net debt to EBITDA', 'x', 'netDebt', 'ebitda');
quotient('lv', 'cashFlowToDebt', 'Operating cash flow to debt', 'x', 'cfo', 'borrowings');
r(
  'lv',
  'debtServiceCoverage',
  'Debt service coverage',
  'x',
  '(pat + depreciation + financeCosts) / (financeCosts + shortTermBorrowings)',
  (c) => {
    const y = c.years[c.i];
    return div(
      num((at(c, 'pat') ?? 0) + (at(c, 'depreciation') ?? 0) + (at(c, 'financeCosts') ?? 0)),
      num((at(c, 'financeCosts') ?? 0) + (num(y?.bs?.shortTermBorrowings) ?? 0)),
    );
  },
  NON_BANK,
);
r('lv', 'financialLeverageIndex', 'Financial leverage index', 'x', 'ROE / ROA', (c) =>
  div(pct(at(c, 'patToOwners'), avgOf(c, 'netWorth')), pct(at(c, 'pat'), avgOf(c, 'totalAssets'))),
);

// ---- Efficiency.
const days = (code: string, name: string, base: string) => {
  quotient('ef', `${code}Turnover`, `${name} turnover`, 'x', base, average(code));
  r('ef', `${code}Days`, `${name} days`, 'days', `365 × average ${code} / ${base}`, (c) =>
    div(mul(avgOf(c, code), 365), at(c, base)),
  );
};
days('inventories', 'Inventory', 'revenue');
days('receivables', 'Receivable', 'revenue');
days('payables', 'Payable', 'revenue');
r(
  'ef',
  'cashConversionCycle',
  'Cash conversion cycle',
  'days',
  'inventoryDays + receivableDays − payableDays',
  (c) => {
    const d = (code: string) => div(mul(avgOf(c, code), 365), at(c, 'revenue'));
    const inv = d('inventories');
    const rec = d('receivables');
    const pay = d('payables');
    return rec === null || pay === null ? null : (inv ?? 0) + rec - pay;
  },
);
quotient('ef', 'assetTurnover', 'Asset turnover', 'x', 'revenue', average('totalAssets'));
quotient('ef', 'fixedAssetTurnover', 'Fixed asset turnover', 'x', 'revenue', average('fixedAssets'));
quotient('ef', 'workingCapitalTurnover', 'Working capital turnover', 'x', 'revenue', 'workingCapital');
quotient('ef', 'equityTurnover', 'Equity turnover', 'x', 'revenue', average('netWorth'));
quotient(
  'ef',
  'capitalEmployedTurnover',
  'Capital employed turnover',
  'x',
  'revenue',
  average('capitalEmployed'),
);
quotient('ef', 'employeeCostToRevenue', 'Employee cost to revenue', '%', 'employeeCost', 'revenue');
quotient('ef', 'materialCostToRevenue', 'Material cost to revenue', '%', 'materialCost', 'revenue');
quotient('ef', 'otherExpenseRatio', 'Other expenses to revenue', '%', 'otherExpenses', 'revenue');
quotient('ef', 'depreciationToRevenue', 'Depreciation to revenue', '%', 'depreciation', 'revenue');
quotient('ef', 'operatingCostRatio', 'Total expenses to revenue', '%', 'expenses', 'revenue');
quotient('ef', 'depreciationToFixedAssets', 'Depreciation rate', '%', 'depreciation', average('fixedAssets'));

// ---- Valuation (fiscal year-end price).
quotient('va', 'priceToEarnings', 'Price to earnings (P/E)', 'x', 'price', 'eps');
quotient('va', 'priceToBook', 'Price to book (P/B)', 'x', 'marketCap', 'netWorth');
quotient('va', 'priceToSales', 'Price to sales', 'x', 'marketCap', 'revenue');
quotient('va', 'evToEbitda', 'EV to EBITDA', 'x', 'enterpriseValue', 'ebitda', NON_BANK);
quotient('va', 'evToEbit', 'EV to EBIT', 'x', 'enterpriseValue', 'ebit', NON_BANK);
quotient('va', 'evToSales', 'EV to sales', 'x', 'enterpriseValue', 'revenue', NON_BANK);
quotient(
  'va',
  'evToCapitalEmployed',
  'EV to capital employed',
  'x',
  'enterpriseValue',
  'capitalEmployed',
  NON_BANK,
);
quotient('va', 'earningsYield', 'Earnings yield', '%', 'eps', 'price');
quotient('va', 'dividendYield', 'Dividend yield', '%', 'dps', 'price');
quotient('va', 'priceToCashFlow', 'Price to operating cash flow', 'x', 'marketCap', 'cfo');
quotient('va', 'priceToFreeCashFlow', 'Price to free cash flow', 'x', 'marketCap', 'fcf');
quotient('va', 'freeCashFlowYield', 'Free cash flow yield', '%', 'fcf', 'marketCap');
r('va', 'pegRatio', 'PEG ratio', 'x', '(price / eps) / eps CAGR 3 years', (c) => {
  const e0 = at(c, 'eps');
  const e3 = at(c, 'eps', 3);
  if (e0 === null || e3 === null || e0 <= 0 || e3 <= 0) return null;
  return div(div(at(c, 'price'), e0), ((e0 / e3) ** (1 / 3) - 1) * 100);
});
r('va', 'marketCap', 'Market capitalisation', 'crore', 'price × shares / 1e7', (c) => at(c, 'marketCap'));
r('va', 'enterpriseValue', 'Enterprise value', 'crore', 'marketCap + borrowings − cash', (c) =>
  at(c, 'enterpriseValue'),
);
quotient('va', 'marketCapToAssets', 'Market cap to total assets', 'x', 'marketCap', 'totalAssets');
quotient(
  'va',
  'priceToPreProvisionProfit',
  'Price to pre-provision profit',
  'x',
  'marketCap',
  'preProvisionProfit',
  ['bank'],
);

// ---- Per share (rupees).
const PER_SHARE: [string, string][] = [
  ['revenue', 'Revenue'],
  ['totalIncome', 'Total income'],
  ['ebitda', 'EBITDA'],
  ['ebit', 'EBIT'],
  ['pbt', 'Pre-tax profit'],
  ['pat', 'Net profit'],
  ['netWorth', 'Book value'],
  ['cfo', 'Operating cash flow'],
  ['fcf', 'Free cash flow'],
  ['cash', 'Cash'],
  ['borrowings', 'Debt'],
  ['netDebt', 'Net debt'],
  ['totalAssets', 'Total assets'],
  ['dividendsPaid', 'Dividends paid'],
  ['capitalEmployed', 'Capital employed'],
  ['workingCapital', 'Working capital'],
  ['fixedAssets', 'Fixed assets'],
  ['capex', 'Capital expenditure'],
  ['deposits', 'Deposits'],
  ['advances', 'Advances'],
  ['enterpriseValue', 'Enterprise value'],
];
for (const [code, name] of PER_SHARE)
  r(
    'ps',
    `${code}PerShare`,
    `${name} per share`,
    'rupees',
    `${code} × 1e7 / shares`,
    (c) => div(mul(at(c, code), 1e7), at(c, 'shares')),
    ['deposits', 'advances'].includes(code) ? ['bank'] : undefined,
  );
r('ps', 'earningsPerShare', 'Earnings per share (reported)', 'rupees', 'eps as reported', (c) =>
  at(c, 'eps'),
);
r('ps', 'dividendPerShare', 'Dividend per share', 'rupees', 'dividendPerShare as declared', (c) =>
  at(c, 'dps'),
);
r(
  'ps',
  'tangibleBookValuePerShare',
  'Tangible book value per share',
  'rupees',
  '(netWorth − intangibleAssets) × 1e7 / shares',
  (c) => {
    const y = c.years[c.i];
    return div(mul(sub(at(c, 'netWorth'), num(y?.bs?.intangibleAssets) ?? 0), 1e7), at(c, 'shares'));
  },
);

// ---- Cash flow.
quotient('cf', 'cfoToPat', 'Operating cash flow to net profit', 'x', 'cfo', 'pat');
quotient('cf', 'cfoToEbitda', 'Operating cash flow to EBITDA', '%', 'cfo', 'ebitda');
quotient('cf', 'fcfToRevenue', 'Free cash flow margin', '%', 'fcf', 'revenue');
quotient('cf', 'fcfToPat', 'Free cash flow to net profit', 'x', 'fcf', 'pat');
quotient('cf', 'capexToRevenue', 'Capex to revenue', '%', 'capex', 'revenue');
quotient('cf', 'capexToDepreciation', 'Capex to depreciation', 'x', 'capex', 'depreciation');
quotient('cf', 'capexToCfo', 'Capex to operating cash flow', '%', 'capex', 'cfo');
quotient('cf', 'dividendPayout', 'Dividend payout', '%', 'dps', 'eps');
r('cf', 'retentionRatio', 'Retention ratio', '%', '(1 − dps / eps) × 100', (c) => {
  const p = div(at(c, 'dps'), at(c, 'eps'));
  return p === null ? null : (1 - p) * 100;
});
quotient('cf', 'dividendsToCfo', 'Dividends paid to operating cash flow', '%', 'dividendsPaid', 'cfo');
quotient('cf', 'cfoToAssets', 'Cash return on assets', '%', 'cfo', average('totalAssets'));
quotient(
  'cf',
  'cfoToCapitalEmployed',
  'Cash return on capital employed',
  '%',
  'cfo',
  average('capitalEmployed'),
);
r('cf', 'cashFlowAdequacy', 'Cash flow adequacy', 'x', 'cfo / (capex + dividendsPaid)', (c) =>
  div(at(c, 'cfo'), num((at(c, 'capex') ?? 0) + (at(c, 'dividendsPaid') ?? 0))),
);
r('cf', 'reinvestmentRate', 'Reinvestment rate', '%', '(capex − depreciation) / cfo × 100', (c) =>
  pct(sub(at(c, 'capex'), at(c, 'depreciation')), at(c, 'cfo')),
);
r('cf', 'netCashGeneration', 'Net cash flow to revenue', '%', 'netCashFlow / revenue × 100', (c) =>
  pct(num(c.years[c.i]?.cf?.netCashFlow), at(c, 'revenue')),
);

// ---- Banking.
const bank = ['bank'];
const earningAssets = (c: RatioContext, back = 0) => {
  const a = at(c, 'advances', back);
  const inv = at(c, 'investments', back);
  return a === null || inv === null ? null : a + inv;
};
r(
  'bk',
  'netInterestMargin',
  'Net interest margin',
  '%',
  'netInterestIncome / average (advances + investments) × 100',
  (c) => pct(at(c, 'netInterestIncome'), avg(earningAssets(c), earningAssets(c, 1))),
  bank,
);
r(
  'bk',
  'yieldOnAdvances',
  'Yield on earning assets',
  '%',
  'interestEarned / average (advances + investments) × 100',
  (c) => pct(at(c, 'interestEarned'), avg(earningAssets(c), earningAssets(c, 1))),
  bank,
);
r(
  'bk',
  'costOfFunds',
  'Cost of funds',
  '%',
  'interestExpended / average (deposits + borrowings) × 100',
  (c) => {
    const f = (b: number) => {
      const d = at(c, 'deposits', b);
      const br = at(c, 'borrowings', b);
      return d === null ? null : d + (br ?? 0);
    };
    return pct(at(c, 'interestExpended'), avg(f(0), f(1)));
  },
  bank,
);
r(
  'bk',
  'costToIncome',
  'Cost to income',
  '%',
  'operatingExpenses / (netInterestIncome + otherIncome) × 100',
  (c) =>
    pct(
      at(c, 'operatingExpenses'),
      num((at(c, 'netInterestIncome') ?? Number.NaN) + (at(c, 'otherIncome') ?? 0)),
    ),
  bank,
);
quotient('bk', 'creditDepositRatio', 'Credit to deposit ratio', '%', 'advances', 'deposits', bank);
quotient('bk', 'casaRatio', 'CASA ratio', '%', 'casaDeposits', 'deposits', bank);
r(
  'bk',
  'grossNpaRatio',
  'Gross NPA ratio',
  '%',
  'grossNpa / advances × 100 (approximation on net advances)',
  (c) => pct(at(c, 'grossNpa'), at(c, 'advances')),
  bank,
);
quotient('bk', 'netNpaRatio', 'Net NPA ratio', '%', 'netNpa', 'advances', bank);
r(
  'bk',
  'provisionCoverage',
  'Provision coverage',
  '%',
  '(grossNpa − netNpa) / grossNpa × 100',
  (c) => pct(sub(at(c, 'grossNpa'), at(c, 'netNpa')), at(c, 'grossNpa')),
  bank,
);
quotient('bk', 'creditCost', 'Credit cost', '%', 'provisions', average('advances'), bank);
quotient(
  'bk',
  'provisionsToPreProvisionProfit',
  'Provisions to pre-provision profit',
  '%',
  'provisions',
  'preProvisionProfit',
  bank,
);
quotient(
  'bk',
  'nonInterestIncomeShare',
  'Non-interest income share',
  '%',
  'otherIncome',
  'totalIncome',
  bank,
);
quotient('bk', 'equityToAssets', 'Equity to assets', '%', 'netWorth', 'totalAssets', bank);
quotient('bk', 'advancesToAssets', 'Advances to assets', '%', 'advances', 'totalAssets', bank);
quotient('bk', 'investmentsToDeposits', 'Investments to deposits', '%', 'investments', 'deposits', bank);
quotient(
  'bk',
  'preProvisionProfitToAssets',
  'Pre-provision profit to assets',
  '%',
  'preProvisionProfit',
  average('totalAssets'),
  bank,
);
r(
  'bk',
  'interestSpread',
  'Interest spread',
  'pp',
  'yield on earning assets − cost of funds',
  (c) => {
    const y = pct(at(c, 'interestEarned'), avg(earningAssets(c), earningAssets(c, 1)));
    const d = (b: number) => {
      const v = at(c, 'deposits', b);
      return v === null ? null : v + (at(c, 'borrowings', b) ?? 0);
    };
    return sub(y, pct(at(c, 'interestExpended'), avg(d(0), d(1))));
  },
  bank,
);

// ---- Common size: balance-sheet items over total assets, P&L and cash-flow items over revenue.
const commonSizeBs = (items: readonly string[], layouts: string[]) => {
  for (const item of items)
    r(
      'cs',
      `${item}ToTotalAssets`,
      `${item} as % of total assets`,
      '%',
      `${item} / totalAssets × 100`,
      (c) => pct(num(c.years[c.i]?.bs?.[item]), at(c, 'totalAssets')),
      layouts,
    );
};
commonSizeBs(
  [
    'propertyPlantEquipment',
    'capitalWorkInProgress',
    'intangibleAssets',
    'nonCurrentInvestments',
    'otherNonCurrentAssets',
    'totalNonCurrentAssets',
    'inventories',
    'tradeReceivables',
    'cashAndCashEquivalents',
    'currentInvestments',
    'otherCurrentAssets',
    'totalCurrentAssets',
    'equityShareCapital',
    'otherEquity',
    'totalEquity',
    'nonControllingInterest',
    'longTermBorrowings',
    'otherNonCurrentLiabilities',
    'totalNonCurrentLiabilities',
    'shortTermBorrowings',
    'tradePayables',
    'otherCurrentLiabilities',
    'totalCurrentLiabilities',
    'totalLiabilities',
  ],
  NON_BANK,
);
commonSizeBs(
  [
    'cashWithRbi',
    'balancesWithBanks',
    'investments',
    'advances',
    'fixedAssets',
    'otherAssets',
    'deposits',
    'casaDeposits',
    'borrowings',
    'otherLiabilities',
  ],
  bank,
);
const commonSizePl = (items: readonly string[], layouts?: string[]) => {
  for (const item of items)
    r(
      'cs',
      `${item}ToRevenue`,
      `${item} as % of revenue`,
      '%',
      `${item} / revenue × 100`,
      (c) => pct(num(c.years[c.i]?.pl[item]), at(c, 'revenue')),
      layouts,
    );
};
commonSizePl([
  'otherIncome',
  'totalIncome',
  'costOfMaterialsConsumed',
  'purchasesOfStockInTrade',
  'changesInInventories',
  'employeeBenefitsExpense',
  'financeCosts',
  'depreciationAndAmortisation',
  'otherExpenses',
  'expenses',
  'exceptionalItems',
  'profitBeforeTax',
  'currentTax',
  'deferredTax',
  'taxExpense',
  'profitLossForPeriod',
  'minorityInterest',
  'otherComprehensiveIncome',
  'totalComprehensiveIncome',
]);
commonSizePl(
  ['interestExpended', 'otherOperatingExpenses', 'operatingExpenses', 'provisionsAndContingencies'],
  bank,
);
const COMMON_CF = [
  'cashFromOperatingActivities',
  'cashFromInvestingActivities',
  'cashFromFinancingActivities',
  'netCashFlow',
  'capitalExpenditure',
  'dividendsPaid',
  'interestPaid',
  'incomeTaxPaid',
];
for (const item of COMMON_CF)
  r('cs', `${item}ToRevenue`, `${item} as % of revenue`, '%', `${item} / revenue × 100`, (c) =>
    pct(num(c.years[c.i]?.cf?.[item]), at(c, 'revenue')),
  );

// ---- Multi-year averages and changes of the headline ratios.
const HEADLINE = [
  'ebitdaMargin',
  'ebitMargin',
  'pbtMargin',
  'patMargin',
  'grossProfitMargin',
  'returnOnEquity',
  'returnOnCapitalEmployed',
  'returnOnAssets',
  'returnOnInvestedCapital',
  'effectiveTaxRate',
  'currentRatio',
  'quickRatio',
  'debtToEquity',
  'netDebtToEquity',
  'interestCoverage',
  'assetTurnover',
  'inventoriesDays',
  'receivablesDays',
  'payablesDays',
  'cashConversionCycle',
  'cfoToPat',
  'dividendPayout',
  'capexToRevenue',
  'netInterestMargin',
  'costToIncome',
  'creditDepositRatio',
  'priceToEarnings',
  'priceToBook',
  'evToEbitda',
  'dividendYield',
];
const byCode = () => {
  const map = new Map<string, RatioDef>();
  for (const d of defs) {
    if (map.has(d.code)) throw new Error(`duplicate ratio code ${d.code}`);
    map.set(d.code, d);
  }
  return map;
};
const base = byCode();
for (const code of HEADLINE) {
  const d = base.get(code)!;
  for (const n of [3, 5, 10]) {
    r(
      d.ratioType,
      `${code}Avg${n}y`,
      `${d.name}, ${n}-year average`,
      d.unit,
      `mean of ${code} over the last ${n} years (all years present)`,
      (c) => {
        let s = 0;
        for (let k = 0; k < n; k++) {
          const v = d.compute({ years: c.years, i: c.i + k });
          if (v === null) return null;
          s += v;
        }
        return s / n;
      },
      d.layouts ? [...d.layouts] : undefined,
    );
  }
  r(
    d.ratioType,
    `${code}Change1y`,
    `${d.name}, change over 1 year`,
    d.unit === '%' ? 'pp' : d.unit,
    `${code} − ${code}[−1]`,
    (c) => sub(d.compute(c), d.compute({ years: c.years, i: c.i + 1 })),
    d.layouts ? [...d.layouts] : undefined,
  );
}

/** The ratio catalogue: every ratio the engine computes, in one place the API and docs read. */
export const RATIOS: readonly RatioDef[] = defs;
export const RATIO_BY_CODE: ReadonlyMap<string, RatioDef> = byCode();
