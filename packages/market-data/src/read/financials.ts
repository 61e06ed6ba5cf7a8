import type { Queryable } from '../db/index.ts';
import {
  type Items,
  type Period,
  revenueOf,
  type StatementCode,
  type StatementType,
} from '../engine/line-items.ts';
import { type CompanyName, type CompanyRef, type Provenance, refOf } from './resolve.ts';

export interface StatementRow {
  isin: string;
  statementType: StatementType;
  statementCode: StatementCode;
  period: Period;
  periodEnd: string;
  fiscalYear: number;
  layout: string;
  resultDate: string | null;
  items: Items;
  source: string;
  asOf: string;
}

/** One period of a statement as served: the SPEC §3 fields first, then every line item. */
export interface FinancialRecord extends Provenance {
  company: string;
  symbol: string | null;
  statementType: StatementType;
  statementCode: StatementCode;
  period: Period;
  periodEnd: string;
  fiscalYear: number;
  layout: string;
  /** Date the result was filed, yyyymmdd (as in the SPEC sample). */
  result_date: string | null;
  [item: string]: string | number | null;
}

/** Loads statements of one company, newest first. */
export async function loadStatements(
  q: Queryable,
  isin: string,
  opts: { statementType: StatementType; statementCode?: StatementCode; period?: Period },
): Promise<StatementRow[]> {
  const { rows } = await q.query<StatementRow>(
    `SELECT isin, statement_type AS "statementType", statement_code AS "statementCode", period,
            period_end AS "periodEnd", fiscal_year AS "fiscalYear", layout, result_date AS "resultDate",
            items, source, as_of AS "asOf"
       FROM financial_statement
      WHERE isin = $1 AND statement_type = $2 AND ($3::text IS NULL OR statement_code = $3)
        AND ($4::text IS NULL OR period = $4)
      ORDER BY period_end DESC`,
    [isin, opts.statementType, opts.statementCode ?? null, opts.period ?? null],
  );
  return rows;
}

/**
 * Falls back from consolidated to standalone when a company publishes no consolidated
 * accounts, as exchanges and data vendors do; the answer says which one it is.
 */
export function effectiveStatementType(ref: CompanyRef, asked: StatementType): StatementType {
  return asked === 'c' && !ref.hasConsolidated ? 's' : asked;
}

const yyyymmdd = (d: string | null) => (d ? d.slice(0, 10).replaceAll('-', '') : null);

export function toFinancialRecord(ref: CompanyRef, row: StatementRow): FinancialRecord {
  const items = row.items;
  const record: FinancialRecord = {
    company: ref.name,
    symbol: ref.symbol,
    statementType: row.statementType,
    statementCode: row.statementCode,
    period: row.period,
    periodEnd: row.periodEnd,
    fiscalYear: row.fiscalYear,
    layout: row.layout,
    result_date: yyyymmdd(row.resultDate),
    source: row.source,
    asOf: row.asOf,
  };
  const resultDate = record.result_date;
  if (row.statementCode === 'pl') {
    record.revenueFromOperations = revenueOf(items);
    for (const k of plFirst) record[k] = items[k] ?? null;
  }
  // Every line item after (an item named like a field above takes its value, in its place).
  for (const k in items) record[k] = items[k] ?? null;
  record.result_date = resultDate;
  return record;
}

/** Profit and loss items that lead the record, after revenue from operations. */
const plFirst = ['otherIncome', 'expenses', 'taxExpense', 'profitBeforeTax', 'profitLossForPeriod', 'eps'];

/** Statements of one company, newest period first; null when the symbol is unknown. */
export async function getFinancials(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType: StatementType; statementCode: StatementCode; period: Period },
): Promise<FinancialRecord[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const rows = await loadStatements(q, ref.isin, {
    statementType: effectiveStatementType(ref, opts.statementType),
    statementCode: opts.statementCode,
    period: opts.period,
  });
  return rows.map((r) => toFinancialRecord(ref, r));
}

export interface SegmentRevenue extends Provenance {
  symbol: string | null;
  statementType: StatementType;
  period: Period;
  periodEnd: string;
  segment: string;
  revenue: number | null;
  result: number | null;
  sharePct: number | null;
}

/** Revenue and result by business segment, newest period first. */
export async function getSegmentRevenue(
  q: Queryable,
  symbol: CompanyName,
  opts: { statementType?: StatementType; period?: Period } = {},
): Promise<SegmentRevenue[] | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const st = effectiveStatementType(ref, opts.statementType ?? 'c');
  const { rows } = await q.query<SegmentRevenue>(
    `SELECT $3::text AS symbol, statement_type AS "statementType", period, period_end AS "periodEnd", segment,
            revenue, result,
            round(100 * revenue / nullif(sum(revenue) OVER (PARTITION BY period_end), 0), 2) AS "sharePct",
            source, as_of AS "asOf"
       FROM segment_revenue WHERE isin = $1 AND statement_type = $2 AND period = $4
      ORDER BY period_end DESC, revenue DESC NULLS LAST`,
    [ref.isin, st, ref.symbol, opts.period ?? 'annual'],
  );
  return rows;
}
