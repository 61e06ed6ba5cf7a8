import { getFinancials, getSegmentRevenue } from '@bahi/market-data';
import { Type } from 'typebox';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StringEnum, StrOrNull, SymbolParam } from '../schemas.ts';

export const StatementTypeParam = StringEnum(['s', 'c'] as const, {
  default: 'c',
  description:
    'Statement type: s standalone, c consolidated (default; companies without consolidated accounts answer standalone)',
});
export const PeriodParam = StringEnum(['annual', 'quarterly'] as const, {
  default: 'annual',
  description: 'Reporting period: annual (default) or quarterly',
});

const FinancialRecord = Type.Object(
  {
    company: Str('Company name'),
    symbol: StrOrNull('NSE symbol'),
    statementType: Str('s standalone or c consolidated'),
    statementCode: Str('pl profit and loss, bs balance sheet, cf cash flow'),
    period: Str('annual or quarterly'),
    periodEnd: IsoDate('End of the reporting period'),
    fiscalYear: Type.Integer({ description: 'Fiscal year (April–March), named by its ending year' }),
    layout: Str('Statement layout: general, bank, nbfc or insurance'),
    result_date: StrOrNull('Date the result was filed, yyyymmdd'),
    source: Str('Source of the statement'),
    asOf: IsoDate('Date the figures describe or were published'),
  },
  {
    additionalProperties: Type.Union([Type.Number(), Type.String(), Type.Null()]),
    description:
      'One period. Profit and loss carries revenueFromOperations, otherIncome, expenses, taxExpense, profitBeforeTax, profitLossForPeriod and eps first; every line item follows (rupees crore; per-share items in rupees).',
  },
);

export const financials = defineEndpoint({
  path: '/financials/:symbol',
  operationId: 'financials',
  tag: 'Financials',
  summary: 'Financial statements',
  description:
    'Profit and loss (8+ years), balance sheet (up to 7 years) or cash flow (4 years), standalone or consolidated, annual or quarterly, newest period first.',
  params: SymbolParam,
  query: Type.Object({
    statement_type: Type.Optional(StatementTypeParam),
    statement_code: Type.Optional(
      StringEnum(['pl', 'bs', 'cf'] as const, {
        default: 'pl',
        description: 'Statement: pl profit and loss (default), bs balance sheet, cf cash flow',
      }),
    ),
    period: Type.Optional(PeriodParam),
  }),
  data: Type.Array(FinancialRecord),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: {
    params: { symbol: 'ITC' },
    query: { statement_type: 's', statement_code: 'pl', period: 'annual' },
  },
  // Every statement of every company, as a scan of the universe asks them.
  prepare: (['s', 'c'] as const).flatMap((statement_type) =>
    (['pl', 'bs', 'cf'] as const).flatMap((statement_code) =>
      (['annual', 'quarterly'] as const).map((period) => ({ statement_type, statement_code, period })),
    ),
  ),
  load: async ({ db, companies, query }) => {
    const rows = await getFinancials(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
      statementCode: query.statement_code ?? 'pl',
      period: query.period ?? 'annual',
    });
    if (!rows || rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const segmentRevenue = defineEndpoint({
  path: '/segment-revenue/:symbol',
  operationId: 'segmentRevenue',
  tag: 'Financials',
  summary: 'Revenue by segment',
  description:
    'Revenue and result by business segment with each segment’s share of revenue, newest period first.',
  params: SymbolParam,
  query: Type.Object({
    statement_type: Type.Optional(StatementTypeParam),
    period: Type.Optional(PeriodParam),
  }),
  data: Type.Array(
    Type.Object({
      symbol: StrOrNull('NSE symbol'),
      statementType: Str('s or c'),
      period: Str('annual or quarterly'),
      periodEnd: IsoDate('End of the reporting period'),
      segment: Str('Business segment'),
      revenue: Num('Segment revenue, rupees crore'),
      result: Num('Segment result, rupees crore'),
      sharePct: Num('Share of total revenue in the period, %'),
      source: Str('Source'),
      asOf: IsoDate('As-of date'),
    }),
  ),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: (['s', 'c'] as const).flatMap((statement_type) =>
    (['annual', 'quarterly'] as const).map((period) => ({ statement_type, period })),
  ),
  load: async ({ db, companies, query }) => {
    const rows = await getSegmentRevenue(db, companies[0]!.ref, {
      statementType: query.statement_type ?? 'c',
      period: query.period ?? 'annual',
    });
    if (!rows || rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});
