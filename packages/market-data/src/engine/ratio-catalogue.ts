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
  r('pr', `${code}Margin`, `${name} margin`, '%', `${code} / revenue × 100`, (c) =>
    pct(at(c, code), at(c, 'revenue')),
  );
margin('grossProfit', 'Gross');
margin('ebitda', 'EBITDA');
margin('ebit', 'EBIT');
margin('pbt', 'Pre-tax');
margin('pat', 'Net profit');
margin('cfo', 'Operating cash flow');
r('pr', 'returnOnEquity', 'Return on equity (ROE)', '%', 'patToOwners / average netWorth × 100', (c) =>
  pct(at(c, 'patToOwners'), avgOf(c, 'netWorth')),
);
r('pr', 'returnOnEquityClosing', 'Return on closing equity', '%', 'patToOwners / netWorth × 100', (c) =>
  pct(at(c, 'patToOwners'), at(c, 'netWorth')),
);
r(
  'pr',
  'returnOnCapitalEmployed',
  'Return on capital employed (ROCE)',
  '%',
  'ebit / average capitalEmployed × 100',
  (c) => pct(at(c, 'ebit'), avgOf(c, 'capitalEmployed')),
);
r('pr', 'returnOnAssets', 'Return on assets (ROA)', '%', 'pat / average totalAssets × 100', (c) =>
  pct(at(c, 'pat'), avgOf(c, 'totalAssets')),
);
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
r('pr', 'effectiveTaxRate', 'Effective tax rate', '%', 'tax / pbt × 100', (c) =>
  pct(at(c, 'tax'), at(c, 'pbt')),
);
r('pr', 'otherIncomeToPbt', 'Other income share of pre-tax profit', '%', 'otherIncome / pbt × 100', (c) =>
  pct(at(c, 'otherIncome'), at(c, 'pbt')),
);
r(
  'pr',
  'returnOnNetWorthComprehensive',
  'Comprehensive income return on equity',
  '%',
  'comprehensiveIncome / average netWorth × 100',
  (c) => pct(at(c, 'comprehensiveIncome'), avgOf(c, 'netWorth')),
);
r('pr', 'operatingProfitToAssets', 'Operating profit to assets', '%', 'ebitda / totalAssets × 100', (c) =>
  pct(at(c, 'ebitda'), at(c, 'totalAssets')),
);
r(
  'pr',
  'minorityShareOfProfit',
  'Non-controlling share of profit',
  '%',
  '(pat − patToOwners) / pat × 100',
  (c) => pct(sub(at(c, 'pat'), at(c, 'patToOwners')), at(c, 'pat')),
);

// ---- Liquidity.
r('lq', 'currentRatio', 'Current ratio', 'x', 'currentAssets / currentLiabilities', (c) =>
  div(at(c, 'currentAssets'), at(c, 'currentLiabilities')),
);
r('lq', 'quickRatio', 'Quick ratio', 'x', '(currentAssets − inventories) / currentLiabilities', (c) =>
  div(sub(at(c, 'currentAssets'), at(c, 'inventories') ?? 0), at(c, 'currentLiabilities')),
);
r('lq', 'cashRatio', 'Cash ratio', 'x', 'cash / currentLiabilities', (c) =>
  div(at(c, 'cash'), at(c, 'currentLiabilities')),
);
r('lq', 'operatingCashFlowRatio', 'Operating cash flow ratio', 'x', 'cfo / currentLiabilities', (c) =>
  div(at(c, 'cfo'), at(c, 'currentLiabilities')),
);
r(
  'lq',
  'workingCapitalToAssets',
  'Working capital to total assets',
  '%',
  'workingCapital / totalAssets × 100',
  (c) => pct(at(c, 'workingCapital'), at(c, 'totalAssets')),
);
r('lq', 'workingCapitalToRevenue', 'Working capital to revenue', '%', 'workingCapital / revenue × 100', (c) =>
  pct(at(c, 'workingCapital'), at(c, 'revenue')),
);
r('lq', 'cashToAssets', 'Cash to total assets', '%', 'cash / totalAssets × 100', (c) =>
  pct(at(c, 'cash'), at(c, 'totalAssets')),
);
r('lq', 'cashToCurrentAssets', 'Cash to current assets', '%', 'cash / currentAssets × 100', (c) =>
  pct(at(c, 'cash'), at(c, 'currentAssets')),
);
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
r(
  'lq',
  'inventoryToWorkingCapital',
  'Inventory to working capital',
  '%',
  'inventories / workingCapital × 100',
  (c) => pct(at(c, 'inventories'), at(c, 'workingCapital')),
);

// ---- Leverage and coverage.
r('lv', 'debtToEquity', 'Debt to equity', 'x', 'borrowings / netWorth', (c) =>
  div(at(c, 'borrowings'), at(c, 'netWorth')),
);
r('lv', 'netDebtToEquity', 'Net debt to equity', 'x', 'netDebt / netWorth', (c) =>
  div(at(c, 'netDebt'), at(c, 'netWorth')),
);
r('lv', 'debtToAssets', 'Debt to assets', '%', 'borrowings / totalAssets × 100', (c) =>
  pct(at(c, 'borrowings'), at(c, 'totalAssets')),
);
r('lv', 'debtToCapitalEmployed', 'Debt to capital employed', '%', 'borrowings / capitalEmployed × 100', (c) =>
  pct(at(c, 'borrowings'), at(c, 'capitalEmployed')),
);
r('lv', 'equityMultiplier', 'Equity multiplier', 'x', 'totalAssets / netWorth', (c) =>
  div(at(c, 'totalAssets'), at(c, 'netWorth')),
);
r('lv', 'liabilitiesToAssets', 'Liabilities to assets', '%', 'totalLiabilities / totalAssets × 100', (c) =>
  pct(at(c, 'totalLiabilities'), at(c, 'totalAssets')),
);
r(
  'lv',
  'interestCoverage',
  'Interest coverage',
  'x',
  'ebit / financeCosts',
  (c) => div(at(c, 'ebit'), at(c, 'financeCosts')),
  ['general', 'nbfc', 'insurance'],
);
r(
  'lv',
  'ebitdaInterestCoverage',
  'EBITDA interest coverage',
  'x',
  'ebitda / financeCosts',
  (c) => div(at(c, 'ebitda'), at(c, 'financeCosts')),
  ['general', 'nbfc', 'insurance'],
);
r('lv', 'debtToEbitda', 'Debt to EBITDA', 'x', 'borrowings / ebitda', (c) =>
  div(at(c, 'borrowings'), at(c, 'ebitda')),
);
r('lv', 'netDebtToEbitda', 'Net debt to EBITDA', 'x', 'netDebt / ebitda', (c) =>
  div(at(c, 'netDebt'), at(c, 'ebitda')),
);
r('lv', 'cashFlowToDebt', 'Operating cash flow to debt', 'x', 'cfo / borrowings', (c) =>
  div(at(c, 'cfo'), at(c, 'borrowings')),
);
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
  ['general', 'nbfc', 'insurance'],
);
r('lv', 'financialLeverageIndex', 'Financial leverage index', 'x', 'ROE / ROA', (c) =>
  div(pct(at(c, 'patToOwners'), avgOf(c, 'netWorth')), pct(at(c, 'pat'), avgOf(c, 'totalAssets'))),
);

// ---- Efficiency.
const days = (code: string, name: string, base: string) => {
  r('ef', `${code}Turnover`, `${name} turnover`, 'x', `${base} / average ${code}`, (c) =>
    div(at(c, base), avgOf(c, code)),
  );
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
r('ef', 'assetTurnover', 'Asset turnover', 'x', 'revenue / average totalAssets', (c) =>
  div(at(c, 'revenue'), avgOf(c, 'totalAssets')),
);
r('ef', 'fixedAssetTurnover', 'Fixed asset turnover', 'x', 'revenue / average fixedAssets', (c) =>
  div(at(c, 'revenue'), avgOf(c, 'fixedAssets')),
);
r('ef', 'workingCapitalTurnover', 'Working capital turnover', 'x', 'revenue / workingCapital', (c) =>
  div(at(c, 'revenue'), at(c, 'workingCapital')),
);
r('ef', 'equityTurnover', 'Equity turnover', 'x', 'revenue / average netWorth', (c) =>
  div(at(c, 'revenue'), avgOf(c, 'netWorth')),
);
r(
  'ef',
  'capitalEmployedTurnover',
  'Capital employed turnover',
  'x',
  'revenue / average capitalEmployed',
  (c) => div(at(c, 'revenue'), avgOf(c, 'capitalEmployed')),
);
r('ef', 'employeeCostToRevenue', 'Employee cost to revenue', '%', 'employeeCost / revenue × 100', (c) =>
  pct(at(c, 'employeeCost'), at(c, 'revenue')),
);
r('ef', 'materialCostToRevenue', 'Material cost to revenue', '%', 'materialCost / revenue × 100', (c) =>
  pct(at(c, 'materialCost'), at(c, 'revenue')),
);
r('ef', 'otherExpenseRatio', 'Other expenses to revenue', '%', 'otherExpenses / revenue × 100', (c) =>
  pct(at(c, 'otherExpenses'), at(c, 'revenue')),
);
r('ef', 'depreciationToRevenue', 'Depreciation to revenue', '%', 'depreciation / revenue × 100', (c) =>
  pct(at(c, 'depreciation'), at(c, 'revenue')),
);
r('ef', 'operatingCostRatio', 'Total expenses to revenue', '%', 'expenses / revenue × 100', (c) =>
  pct(at(c, 'expenses'), at(c, 'revenue')),
);
r(
  'ef',
  'depreciationToFixedAssets',
  'Depreciation rate',
  '%',
  'depreciation / average fixedAssets × 100',
  (c) => pct(at(c, 'depreciation'), avgOf(c, 'fixedAssets')),
);

// ---- Valuation (fiscal year-end price).
r('va', 'priceToEarnings', 'Price to earnings (P/E)', 'x', 'price / eps', (c) =>
  div(at(c, 'price'), at(c, 'eps')),
);
r('va', 'priceToBook', 'Price to book (P/B)', 'x', 'marketCap / netWorth', (c) =>
  div(at(c, 'marketCap'), at(c, 'netWorth')),
);
r('va', 'priceToSales', 'Price to sales', 'x', 'marketCap / revenue', (c) =>
  div(at(c, 'marketCap'), at(c, 'revenue')),
);
r(
  'va',
  'evToEbitda',
  'EV to EBITDA',
  'x',
  'enterpriseValue / ebitda',
  (c) => div(at(c, 'enterpriseValue'), at(c, 'ebitda')),
  ['general', 'nbfc', 'insurance'],
);
r(
  'va',
  'evToEbit',
  'EV to EBIT',
  'x',
  'enterpriseValue / ebit',
  (c) => div(at(c, 'enterpriseValue'), at(c, 'ebit')),
  ['general', 'nbfc', 'insurance'],
);
r(
  'va',
  'evToSales',
  'EV to sales',
  'x',
  'enterpriseValue / revenue',
  (c) => div(at(c, 'enterpriseValue'), at(c, 'revenue')),
  ['general', 'nbfc', 'insurance'],
);
r(
  'va',
  'evToCapitalEmployed',
  'EV to capital employed',
  'x',
  'enterpriseValue / capitalEmployed',
  (c) => div(at(c, 'enterpriseValue'), at(c, 'capitalEmployed')),
  ['general', 'nbfc', 'insurance'],
);
r('va', 'earningsYield', 'Earnings yield', '%', 'eps / price × 100', (c) =>
  pct(at(c, 'eps'), at(c, 'price')),
);
r('va', 'dividendYield', 'Dividend yield', '%', 'dps / price × 100', (c) =>
  pct(at(c, 'dps'), at(c, 'price')),
);
r('va', 'priceToCashFlow', 'Price to operating cash flow', 'x', 'marketCap / cfo', (c) =>
  div(at(c, 'marketCap'), at(c, 'cfo')),
);
r('va', 'priceToFreeCashFlow', 'Price to free cash flow', 'x', 'marketCap / fcf', (c) =>
  div(at(c, 'marketCap'), at(c, 'fcf')),
);
r('va', 'freeCashFlowYield', 'Free cash flow yield', '%', 'fcf / marketCap × 100', (c) =>
  pct(at(c, 'fcf'), at(c, 'marketCap')),
);
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
r('va', 'marketCapToAssets', 'Market cap to total assets', 'x', 'marketCap / totalAssets', (c) =>
  div(at(c, 'marketCap'), at(c, 'totalAssets')),
);
r(
  'va',
  'priceToPreProvisionProfit',
  'Price to pre-provision profit',
  'x',
  'marketCap / preProvisionProfit',
  (c) => div(at(c, 'marketCap'), at(c, 'preProvisionProfit')),
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
r('ps', 'earningsPerShare', 'Earnings per share (reported)', 'rupees', 'eps', (c) => at(c, 'eps'));
r('ps', 'dividendPerShare', 'Dividend per share', 'rupees', 'dps', (c) => at(c, 'dps'));
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
r('cf', 'cfoToPat', 'Operating cash flow to net profit', 'x', 'cfo / pat', (c) =>
  div(at(c, 'cfo'), at(c, 'pat')),
);
r('cf', 'cfoToEbitda', 'Operating cash flow to EBITDA', '%', 'cfo / ebitda × 100', (c) =>
  pct(at(c, 'cfo'), at(c, 'ebitda')),
);
r('cf', 'fcfToRevenue', 'Free cash flow margin', '%', 'fcf / revenue × 100', (c) =>
  pct(at(c, 'fcf'), at(c, 'revenue')),
);
r('cf', 'fcfToPat', 'Free cash flow to net profit', 'x', 'fcf / pat', (c) => div(at(c, 'fcf'), at(c, 'pat')));
r('cf', 'capexToRevenue', 'Capex to revenue', '%', 'capex / revenue × 100', (c) =>
  pct(at(c, 'capex'), at(c, 'revenue')),
);
r('cf', 'capexToDepreciation', 'Capex to depreciation', 'x', 'capex / depreciation', (c) =>
  div(at(c, 'capex'), at(c, 'depreciation')),
);
r('cf', 'capexToCfo', 'Capex to operating cash flow', '%', 'capex / cfo × 100', (c) =>
  pct(at(c, 'capex'), at(c, 'cfo')),
);
r('cf', 'dividendPayout', 'Dividend payout', '%', 'dps / eps × 100', (c) => pct(at(c, 'dps'), at(c, 'eps')));
r('cf', 'retentionRatio', 'Retention ratio', '%', '(1 − dps / eps) × 100', (c) => {
  const p = div(at(c, 'dps'), at(c, 'eps'));
  return p === null ? null : (1 - p) * 100;
});
r('cf', 'dividendsToCfo', 'Dividends paid to operating cash flow', '%', 'dividendsPaid / cfo × 100', (c) =>
  pct(at(c, 'dividendsPaid'), at(c, 'cfo')),
);
r('cf', 'cfoToAssets', 'Cash return on assets', '%', 'cfo / average totalAssets × 100', (c) =>
  pct(at(c, 'cfo'), avgOf(c, 'totalAssets')),
);
r(
  'cf',
  'cfoToCapitalEmployed',
  'Cash return on capital employed',
  '%',
  'cfo / average capitalEmployed × 100',
  (c) => pct(at(c, 'cfo'), avgOf(c, 'capitalEmployed')),
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
r(
  'bk',
  'creditDepositRatio',
  'Credit to deposit ratio',
  '%',
  'advances / deposits × 100',
  (c) => pct(at(c, 'advances'), at(c, 'deposits')),
  bank,
);
r(
  'bk',
  'casaRatio',
  'CASA ratio',
  '%',
  'casaDeposits / deposits × 100',
  (c) => pct(at(c, 'casaDeposits'), at(c, 'deposits')),
  bank,
);
r(
  'bk',
  'grossNpaRatio',
  'Gross NPA ratio',
  '%',
  'grossNpa / advances × 100 (approximation on net advances)',
  (c) => pct(at(c, 'grossNpa'), at(c, 'advances')),
  bank,
);
r(
  'bk',
  'netNpaRatio',
  'Net NPA ratio',
  '%',
  'netNpa / advances × 100',
  (c) => pct(at(c, 'netNpa'), at(c, 'advances')),
  bank,
);
r(
  'bk',
  'provisionCoverage',
  'Provision coverage',
  '%',
  '(grossNpa − netNpa) / grossNpa × 100',
  (c) => pct(sub(at(c, 'grossNpa'), at(c, 'netNpa')), at(c, 'grossNpa')),
  bank,
);
r(
  'bk',
  'creditCost',
  'Credit cost',
  '%',
  'provisions / average advances × 100',
  (c) => pct(at(c, 'provisions'), avgOf(c, 'advances')),
  bank,
);
r(
  'bk',
  'provisionsToPreProvisionProfit',
  'Provisions to pre-provision profit',
  '%',
  'provisions / preProvisionProfit × 100',
  (c) => pct(at(c, 'provisions'), at(c, 'preProvisionProfit')),
  bank,
);
r(
  'bk',
  'nonInterestIncomeShare',
  'Non-interest income share',
  '%',
  'otherIncome / totalIncome × 100',
  (c) => pct(at(c, 'otherIncome'), at(c, 'totalIncome')),
  bank,
);
r(
  'bk',
  'equityToAssets',
  'Equity to assets',
  '%',
  'netWorth / totalAssets × 100',
  (c) => pct(at(c, 'netWorth'), at(c, 'totalAssets')),
  bank,
);
r(
  'bk',
  'advancesToAssets',
  'Advances to assets',
  '%',
  'advances / totalAssets × 100',
  (c) => pct(at(c, 'advances'), at(c, 'totalAssets')),
  bank,
);
r(
  'bk',
  'investmentsToDeposits',
  'Investments to deposits',
  '%',
  'investments / deposits × 100',
  (c) => pct(at(c, 'investments'), at(c, 'deposits')),
  bank,
);
r(
  'bk',
  'preProvisionProfitToAssets',
  'Pre-provision profit to assets',
  '%',
  'preProvisionProfit / average totalAssets × 100',
  (c) => pct(at(c, 'preProvisionProfit'), avgOf(c, 'totalAssets')),
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
const COMMON_BS = [
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
];
const BANK_BS_ONLY = new Set([
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
]);
for (const item of COMMON_BS)
  r(
    'cs',
    `${item}ToTotalAssets`,
    `${item} as % of total assets`,
    '%',
    `${item} / totalAssets × 100`,
    (c) => pct(num(c.years[c.i]?.bs?.[item]), at(c, 'totalAssets')),
    BANK_BS_ONLY.has(item) ? bank : ['general', 'nbfc', 'insurance'],
  );
const COMMON_PL = [
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
  'interestExpended',
  'otherOperatingExpenses',
  'operatingExpenses',
  'provisionsAndContingencies',
];
const BANK_PL_ONLY = new Set([
  'interestExpended',
  'otherOperatingExpenses',
  'operatingExpenses',
  'provisionsAndContingencies',
]);
for (const item of COMMON_PL)
  r(
    'cs',
    `${item}ToRevenue`,
    `${item} as % of revenue`,
    '%',
    `${item} / revenue × 100`,
    (c) => pct(num(c.years[c.i]?.pl[item]), at(c, 'revenue')),
    BANK_PL_ONLY.has(item) ? bank : undefined,
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
