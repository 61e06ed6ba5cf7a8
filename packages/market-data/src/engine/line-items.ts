/**
 * Line-item codes per statement layout (Ind AS Schedule III for companies; the banking layout
 * of the Third Schedule to the Banking Regulation Act for banks). Amounts are rupees crore,
 * per-share items rupees, share counts in units.
 */
export type Layout = 'general' | 'bank' | 'nbfc' | 'insurance';
export type StatementCode = 'pl' | 'bs' | 'cf';
export type StatementType = 's' | 'c';
export type Period = 'annual' | 'quarterly';

export type Items = Record<string, number | null>;

export interface LineItem {
  code: string;
  name: string;
  unit: 'crore' | 'rupees' | 'shares';
}

const li = (code: string, name: string, unit: LineItem['unit'] = 'crore'): LineItem => ({ code, name, unit });

const GENERAL_PL: LineItem[] = [
  li('revenueFromOperations', 'Revenue from operations'),
  li('otherIncome', 'Other income'),
  li('totalIncome', 'Total income'),
  li('costOfMaterialsConsumed', 'Cost of materials consumed'),
  li('purchasesOfStockInTrade', 'Purchases of stock-in-trade'),
  li('changesInInventories', 'Changes in inventories of finished goods, work-in-progress and stock-in-trade'),
  li('employeeBenefitsExpense', 'Employee benefits expense'),
  li('financeCosts', 'Finance costs'),
  li('depreciationAndAmortisation', 'Depreciation and amortisation expense'),
  li('otherExpenses', 'Other expenses'),
  li('expenses', 'Total expenses'),
  li('exceptionalItems', 'Exceptional items'),
  li('profitBeforeTax', 'Profit before tax'),
  li('currentTax', 'Current tax'),
  li('deferredTax', 'Deferred tax'),
  li('taxExpense', 'Total tax expense'),
  li('profitLossForPeriod', 'Profit (loss) for the period'),
  li('minorityInterest', 'Profit attributable to non-controlling interests'),
  li('otherComprehensiveIncome', 'Other comprehensive income'),
  li('totalComprehensiveIncome', 'Total comprehensive income'),
  li('eps', 'Basic earnings per share', 'rupees'),
  li('dilutedEps', 'Diluted earnings per share', 'rupees'),
  li('dividendPerShare', 'Dividend per share', 'rupees'),
  li('weightedShares', 'Weighted average number of equity shares', 'shares'),
];

const BANK_PL: LineItem[] = [
  li('interestEarned', 'Interest earned'),
  li('otherIncome', 'Other income'),
  li('totalIncome', 'Total income'),
  li('interestExpended', 'Interest expended'),
  li('employeeBenefitsExpense', 'Payments to and provisions for employees'),
  li('otherOperatingExpenses', 'Other operating expenses'),
  li('operatingExpenses', 'Operating expenses'),
  li('provisionsAndContingencies', 'Provisions (other than tax) and contingencies'),
  li('expenses', 'Total expenditure'),
  li('profitBeforeTax', 'Profit before tax'),
  li('taxExpense', 'Tax expense'),
  li('profitLossForPeriod', 'Net profit (loss) for the period'),
  li('minorityInterest', 'Share of minority interest'),
  li('eps', 'Basic earnings per share', 'rupees'),
  li('dilutedEps', 'Diluted earnings per share', 'rupees'),
  li('dividendPerShare', 'Dividend per share', 'rupees'),
  li('weightedShares', 'Weighted average number of equity shares', 'shares'),
  li('grossNpa', 'Gross non-performing assets'),
  li('netNpa', 'Net non-performing assets'),
];

const GENERAL_BS: LineItem[] = [
  li('propertyPlantEquipment', 'Property, plant and equipment'),
  li('capitalWorkInProgress', 'Capital work-in-progress'),
  li('intangibleAssets', 'Intangible assets and goodwill'),
  li('nonCurrentInvestments', 'Non-current investments'),
  li('otherNonCurrentAssets', 'Other non-current assets'),
  li('totalNonCurrentAssets', 'Total non-current assets'),
  li('inventories', 'Inventories'),
  li('tradeReceivables', 'Trade receivables'),
  li('cashAndCashEquivalents', 'Cash and cash equivalents'),
  li('currentInvestments', 'Current investments'),
  li('otherCurrentAssets', 'Other current assets'),
  li('totalCurrentAssets', 'Total current assets'),
  li('totalAssets', 'Total assets'),
  li('equityShareCapital', 'Equity share capital'),
  li('otherEquity', 'Other equity'),
  li('totalEquity', 'Equity attributable to owners'),
  li('nonControllingInterest', 'Non-controlling interest'),
  li('longTermBorrowings', 'Non-current borrowings'),
  li('otherNonCurrentLiabilities', 'Other non-current liabilities'),
  li('totalNonCurrentLiabilities', 'Total non-current liabilities'),
  li('shortTermBorrowings', 'Current borrowings'),
  li('tradePayables', 'Trade payables'),
  li('otherCurrentLiabilities', 'Other current liabilities'),
  li('totalCurrentLiabilities', 'Total current liabilities'),
  li('totalLiabilities', 'Total liabilities'),
  li('totalEquityAndLiabilities', 'Total equity and liabilities'),
  li('sharesOutstanding', 'Equity shares outstanding', 'shares'),
];

const BANK_BS: LineItem[] = [
  li('cashWithRbi', 'Cash and balances with the Reserve Bank of India'),
  li('balancesWithBanks', 'Balances with banks and money at call and short notice'),
  li('investments', 'Investments'),
  li('advances', 'Advances'),
  li('fixedAssets', 'Fixed assets'),
  li('otherAssets', 'Other assets'),
  li('totalAssets', 'Total assets'),
  li('equityShareCapital', 'Capital'),
  li('otherEquity', 'Reserves and surplus'),
  li('totalEquity', 'Total shareholders funds'),
  li('nonControllingInterest', 'Minority interest'),
  li('deposits', 'Deposits'),
  li('casaDeposits', 'Current and savings account deposits'),
  li('borrowings', 'Borrowings'),
  li('otherLiabilities', 'Other liabilities and provisions'),
  li('totalLiabilities', 'Total liabilities'),
  li('totalEquityAndLiabilities', 'Total capital and liabilities'),
  li('sharesOutstanding', 'Equity shares outstanding', 'shares'),
];

const CF: LineItem[] = [
  li('cashFromOperatingActivities', 'Net cash from operating activities'),
  li('cashFromInvestingActivities', 'Net cash used in investing activities'),
  li('cashFromFinancingActivities', 'Net cash used in financing activities'),
  li('netCashFlow', 'Net increase (decrease) in cash and cash equivalents'),
  li('openingCash', 'Cash and cash equivalents at the beginning of the period'),
  li('closingCash', 'Cash and cash equivalents at the end of the period'),
  li('capitalExpenditure', 'Purchase of property, plant and equipment'),
  li('dividendsPaid', 'Dividends paid'),
  li('interestPaid', 'Interest paid'),
  li('incomeTaxPaid', 'Income taxes paid'),
];

/** NBFCs and insurers use the general codes for now; their own layouts slot in here. */
export const LINE_ITEMS: Record<Layout, Record<StatementCode, LineItem[]>> = {
  general: { pl: GENERAL_PL, bs: GENERAL_BS, cf: CF },
  bank: { pl: BANK_PL, bs: BANK_BS, cf: CF },
  nbfc: { pl: GENERAL_PL, bs: GENERAL_BS, cf: CF },
  insurance: { pl: GENERAL_PL, bs: GENERAL_BS, cf: CF },
};

/** Revenue in the SPEC sense: revenue from operations, or interest earned for a bank. */
export function revenueOf(items: Items): number | null {
  return items.revenueFromOperations ?? items.interestEarned ?? null;
}
