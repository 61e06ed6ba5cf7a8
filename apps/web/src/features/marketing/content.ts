import { historyDepth } from '@bahi/contracts/plans';

/** The feature cards of the home page (SPEC §1 offering). */
export const featureCards: { title: string; text: string; comingSoon?: boolean }[] = [
  {
    title: 'Financial statements',
    text: `Profit and loss for ${historyDepth.profitAndLossYears} years, balance sheet for up to ${historyDepth.balanceSheetYears} years, cash flow for ${historyDepth.cashFlowYears} years, and revenue by segment, annual and quarterly.`,
  },
  {
    title: '500+ financial ratios',
    text: 'Growth, profitability, leverage, liquidity and valuation ratios, computed the same way for every company.',
  },
  {
    title: 'Sector insights',
    text: 'Search companies by sector or industry and compare each one with its peers.',
  },
  {
    title: 'Stock quotes',
    text: 'Daily quotes for one or many symbols, historical adjusted prices and daily and annual price ratios.',
  },
  {
    title: 'Shareholding patterns',
    text: 'Promoter, institutional and public holdings, ownership history and beneficial owners, quarter by quarter.',
  },
  {
    title: 'Corporate actions',
    text: 'Dividends, bonus issues, splits, rights and buybacks with their dates.',
  },
  {
    title: 'Exchange holidays',
    text: 'The trading holiday calendar, so your jobs know when markets are closed.',
  },
  {
    title: 'Commodity prices',
    text: 'Monthly commodity and raw material prices with percentage changes, for input-cost analysis.',
  },
  {
    title: 'Superinvestor portfolios',
    text: 'Holdings of well-known investors, tracked from the shareholding filings.',
  },
  { title: 'Mutual funds', text: 'Scheme data and portfolios.', comingSoon: true },
  { title: 'Insurance', text: 'Data on listed and unlisted insurers.', comingSoon: true },
];

export const trustBadges = [
  'Data from NSE and BSE filings',
  'HTTPS-only REST API',
  'JSON responses',
  'Secure card payments',
];

/** Sample request and response for the home page (SPEC §3 sample financial response). */
export const sampleRequest =
  'GET /api/v1/financials/ITC?statement_type=s&statement_code=pl&period=quarterly&token=YOUR_API_KEY';

export const sampleResponse = {
  company: 'ITC Limited',
  symbol: 'ITC',
  revenueFromOperations: 18790.2,
  otherIncome: 612.4,
  expenses: 12356.8,
  profitBeforeTax: 7045.8,
  taxExpense: 1755.3,
  profitLossForPeriod: 5290.5,
  eps: 4.23,
  result_date: '20250801',
};
