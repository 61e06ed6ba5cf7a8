import type { Items, StatementCode } from './line-items.ts';

export interface Breach {
  rule: string;
  expected: number;
  actual: number;
  difference: number;
}

export interface ValidateOptions {
  /** Allowed absolute difference (rupees crore), for rounding in published figures. */
  tolerance?: number;
}

type Rule = { rule: string; total: string; parts: [sign: 1 | -1, code: string][]; optional?: string[] };

const RULES: Record<StatementCode, Rule[]> = {
  pl: [
    {
      rule: 'profit after tax = profit before tax − tax',
      total: 'profitLossForPeriod',
      parts: [
        [1, 'profitBeforeTax'],
        [-1, 'taxExpense'],
      ],
    },
    {
      rule: 'total income = revenue + other income',
      total: 'totalIncome',
      parts: [
        [1, 'revenueFromOperations'],
        [1, 'otherIncome'],
      ],
    },
    {
      rule: 'total income = interest earned + other income',
      total: 'totalIncome',
      parts: [
        [1, 'interestEarned'],
        [1, 'otherIncome'],
      ],
    },
    {
      rule: 'tax = current tax + deferred tax',
      total: 'taxExpense',
      parts: [
        [1, 'currentTax'],
        [1, 'deferredTax'],
      ],
    },
    {
      rule: 'profit before tax = total income − expenses + exceptional items',
      total: 'profitBeforeTax',
      parts: [
        [1, 'totalIncome'],
        [-1, 'expenses'],
        [1, 'exceptionalItems'],
      ],
      optional: ['exceptionalItems'],
    },
    {
      rule: 'expenses = sum of expense lines',
      total: 'expenses',
      parts: [
        [1, 'costOfMaterialsConsumed'],
        [1, 'purchasesOfStockInTrade'],
        [1, 'changesInInventories'],
        [1, 'employeeBenefitsExpense'],
        [1, 'financeCosts'],
        [1, 'depreciationAndAmortisation'],
        [1, 'otherExpenses'],
      ],
      optional: ['purchasesOfStockInTrade', 'changesInInventories', 'costOfMaterialsConsumed'],
    },
    {
      rule: 'expenses = interest expended + operating expenses + provisions',
      total: 'expenses',
      parts: [
        [1, 'interestExpended'],
        [1, 'operatingExpenses'],
        [1, 'provisionsAndContingencies'],
      ],
    },
    {
      rule: 'total comprehensive income = profit + other comprehensive income',
      total: 'totalComprehensiveIncome',
      parts: [
        [1, 'profitLossForPeriod'],
        [1, 'otherComprehensiveIncome'],
      ],
    },
  ],
  bs: [
    {
      rule: 'total assets = equity + non-controlling interest + liabilities',
      total: 'totalAssets',
      parts: [
        [1, 'totalEquity'],
        [1, 'nonControllingInterest'],
        [1, 'totalLiabilities'],
      ],
      optional: ['nonControllingInterest'],
    },
    {
      rule: 'total equity and liabilities = total assets',
      total: 'totalEquityAndLiabilities',
      parts: [[1, 'totalAssets']],
    },
    {
      rule: 'total assets = non-current + current assets',
      total: 'totalAssets',
      parts: [
        [1, 'totalNonCurrentAssets'],
        [1, 'totalCurrentAssets'],
      ],
    },
    {
      rule: 'total liabilities = non-current + current liabilities',
      total: 'totalLiabilities',
      parts: [
        [1, 'totalNonCurrentLiabilities'],
        [1, 'totalCurrentLiabilities'],
      ],
    },
    {
      rule: 'total equity = share capital + other equity',
      total: 'totalEquity',
      parts: [
        [1, 'equityShareCapital'],
        [1, 'otherEquity'],
      ],
    },
  ],
  cf: [
    {
      rule: 'closing cash = opening cash + net cash flow',
      total: 'closingCash',
      parts: [
        [1, 'openingCash'],
        [1, 'netCashFlow'],
      ],
    },
    {
      rule: 'net cash flow = operating + investing + financing',
      total: 'netCashFlow',
      parts: [
        [1, 'cashFromOperatingActivities'],
        [1, 'cashFromInvestingActivities'],
        [1, 'cashFromFinancingActivities'],
      ],
    },
  ],
};

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks a statement against its accounting identities. A rule applies only when its total
 * and every required part are present; returns every breach found (empty when it balances).
 */
export function validateStatement(
  statementCode: StatementCode,
  items: Items,
  opts: ValidateOptions = {},
): Breach[] {
  const tolerance = opts.tolerance ?? 0.05;
  const breaches: Breach[] = [];
  for (const rule of RULES[statementCode]) {
    const total = items[rule.total];
    if (!isNum(total)) continue;
    let expected = 0;
    let applies = true;
    for (const [sign, code] of rule.parts) {
      const v = items[code];
      if (isNum(v)) expected += sign * v;
      else if (!rule.optional?.includes(code)) {
        applies = false;
        break;
      }
    }
    if (!applies) continue;
    const difference = Math.round((total - expected) * 100) / 100;
    if (Math.abs(total - expected) > tolerance + 1e-9 * Math.abs(expected))
      breaches.push({
        rule: rule.rule,
        expected: Math.round(expected * 100) / 100,
        actual: total,
        difference,
      });
  }
  return breaches;
}

/** Cross-period check for cash-flow statements (oldest first): each opening cash is the previous closing cash. */
export function validateCashContinuity(
  years: readonly { periodEnd: string; cf: Items }[],
  opts: ValidateOptions = {},
): Breach[] {
  const tolerance = opts.tolerance ?? 0.05;
  const out: Breach[] = [];
  for (let i = 1; i < years.length; i++) {
    const open = years[i]!.cf.openingCash;
    const close = years[i - 1]!.cf.closingCash;
    if (isNum(open) && isNum(close) && Math.abs(open - close) > tolerance)
      out.push({
        rule: `opening cash ${years[i]!.periodEnd} = closing cash ${years[i - 1]!.periodEnd}`,
        expected: close,
        actual: open,
        difference: Math.round((open - close) * 100) / 100,
      });
  }
  return out;
}
