import {
  getBasicFinancials,
  getFinancialMetrics,
  getRatios,
  RATIO_TYPES,
  type RatioType,
} from '@bahi/market-data';
import { Type } from 'typebox';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StringEnum, StrOrNull, SymbolParam } from '../schemas.ts';
import { StatementTypeParam } from './financials.ts';

const ratioTypes = Object.keys(RATIO_TYPES) as RatioType[];
const NumberMap = (description: string) =>
  Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()]), { description });

export const ratios = defineEndpoint({
  path: '/ratios/:symbol',
  operationId: 'ratios',
  tag: 'Financial Analysis',
  summary: 'Financial ratios',
  description: `500+ ratios per fiscal year, newest first, by category: ${Object.entries(RATIO_TYPES)
    .map(([k, v]) => `${k} ${v.toLowerCase()}`)
    .join(', ')}. A ratio whose inputs are missing or whose denominator is zero is null.`,
  params: SymbolParam,
  query: Type.Object({
    statement_type: Type.Optional(StatementTypeParam),
    ratio_type: Type.Optional(
      StringEnum(ratioTypes as unknown as readonly string[], {
        description: 'Ratio category; every category when omitted',
      }),
    ),
  }),
  data: Type.Array(
    Type.Object({
      symbol: StrOrNull('NSE symbol'),
      company: Str('Company name'),
      statementType: Str('s or c'),
      ratioType: Str('Ratio category asked, or all'),
      fiscalYear: Type.Integer({ description: 'Fiscal year' }),
      periodEnd: IsoDate('Fiscal year end'),
      values: NumberMap('Ratio code → value (percentages as numbers, e.g. 23.4 for 23.4 %)'),
      source: Str('Source'),
      asOf: IsoDate('As-of date'),
    }),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' }, query: { statement_type: 's', ratio_type: 'pr' } },
  prepare: [{ statement_type: 's' }, { statement_type: 'c' }],
  load: async ({ db, companies, query }) => {
    const rows = await getRatios(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
      ...(query.ratio_type ? { ratioType: query.ratio_type as RatioType } : {}),
    });
    if (!rows || rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const financialMetrics = defineEndpoint({
  path: '/financial-metrics/:symbol',
  operationId: 'financialMetrics',
  tag: 'Financial Analysis',
  summary: 'Key financial metrics',
  description:
    'The headline metrics of the latest fiscal year: growth, margins, returns, leverage and valuation.',
  params: SymbolParam,
  query: Type.Object({ statement_type: Type.Optional(StatementTypeParam) }),
  data: Type.Object({
    symbol: StrOrNull('NSE symbol'),
    company: Str('Company name'),
    statementType: Str('s or c'),
    fiscalYear: Type.Integer({ description: 'Fiscal year of the metrics' }),
    periodEnd: IsoDate('Fiscal year end'),
    metrics: NumberMap('Metric code → value'),
  }),
  tabular: true,
  csvRows: (d: { metrics: Record<string, number | null>; fiscalYear: number }) =>
    Object.entries(d.metrics).map(([metric, value]) => ({ fiscalYear: d.fiscalYear, metric, value })),
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: [{ statement_type: 's' }, { statement_type: 'c' }],
  load: async ({ db, companies, query }) => {
    const m = await getFinancialMetrics(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
    });
    if (!m || m.fiscalYear === null || !m.asOf) return null;
    const { source, asOf, ...data } = m;
    return { data, asOf, source };
  },
});

const basicFields = {
  revenue: 'Revenue from operations',
  otherIncome: 'Other income',
  totalIncome: 'Total income',
  expenses: 'Total expenses',
  ebitda: 'EBITDA',
  pbt: 'Profit before tax',
  tax: 'Tax expense',
  pat: 'Profit after tax',
  eps: 'Earnings per share, rupees',
  dps: 'Dividend per share, rupees',
  totalAssets: 'Total assets',
  netWorth: 'Net worth',
  borrowings: 'Borrowings',
  cash: 'Cash and equivalents',
  cfo: 'Cash flow from operations',
  capex: 'Capital expenditure',
  fcf: 'Free cash flow',
  shares: 'Shares outstanding',
};

export const basicFinancials = defineEndpoint({
  path: '/basic-financials/:symbol',
  operationId: 'basicFinancials',
  tag: 'Financial Analysis',
  summary: 'Basic financials',
  description:
    'Key figures per fiscal year, newest first (rupees crore; eps and dps in rupees; shares in units).',
  params: SymbolParam,
  query: Type.Object({ statement_type: Type.Optional(StatementTypeParam) }),
  data: Type.Array(
    Type.Object({
      symbol: StrOrNull('NSE symbol'),
      fiscalYear: Type.Integer({ description: 'Fiscal year' }),
      periodEnd: IsoDate('Fiscal year end'),
      ...Object.fromEntries(Object.entries(basicFields).map(([k, d]) => [k, Num(d)])),
    }),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: [{ statement_type: 's' }, { statement_type: 'c' }],
  load: async ({ db, companies, query }) => {
    const b = await getBasicFinancials(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
    });
    if (!b || b.years.length === 0 || !b.asOf) return null;
    return { data: b.years.map((y) => ({ symbol: b.symbol, ...y })), asOf: b.asOf, source: b.source };
  },
});
