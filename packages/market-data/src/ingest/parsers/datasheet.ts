import { readCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { requireDate, requireNumber } from '../values.ts';

export type StatementCode = 'pl' | 'quarterly' | 'bs' | 'cf' | 'derived' | 'price';

/** One line item of one period from a long data sheet; unit says how to read value. */
export interface StatementLine {
  line: number;
  symbol: string;
  company: string;
  statement: StatementCode;
  item: string;
  periodEnd: string;
  value: number;
  unit: 'INR crore' | 'INR' | 'shares' | 'crore shares';
}

const SECTIONS: Record<string, StatementCode> = {
  'PROFIT & LOSS': 'pl',
  QUARTERS: 'quarterly',
  'BALANCE SHEET': 'bs',
  'CASH FLOW': 'cf',
  DERIVED: 'derived',
  PRICE: 'price',
};

function unitOf(item: string): StatementLine['unit'] {
  if (item === 'Face value' || item.startsWith('Price')) return 'INR';
  if (item === 'No. of Equity Shares' || item === 'New Bonus Shares') return 'shares';
  if (item.endsWith('Shares in Cr')) return 'crore shares';
  return 'INR crore';
}

/**
 * Long data-sheet layout: symbol, company, section, line_item, period_end, value (rupees crore
 * unless the item is a count or a per-share value). The balance sheet lists "Total" twice per
 * period, first for liabilities and then for assets; they are named apart here. A bank's sheet
 * has no inventory or receivables and its "Sales" is interest earned: renamed accordingly.
 */
export function parseDatasheet(text: string, file: string): Parsed<StatementLine> {
  const rows = readCsv(text, file, ['symbol', 'section', 'line_item', 'period_end', 'value']);
  return datasheetLines(
    rows.map((r) => ({
      line: r.line,
      symbol: r.get('symbol'),
      company: r.get('company'),
      section: r.get('section'),
      item: r.get('line_item'),
      periodEnd: requireDate(r.get('period_end'), { file, line: r.line, field: 'period_end' }),
      value: r.get('value'),
    })),
    file,
  );
}

/** One cell of a data sheet in the long layout's terms: section, item, period and raw value. */
export interface SheetCell {
  line: number;
  symbol: string;
  company: string;
  section: string;
  item: string;
  periodEnd: string;
  value: string;
}

/** The data sheet's cells as statement lines, whichever layout they came in (long, wide, workbook). */
export function datasheetLines(cells: readonly SheetCell[], file: string): Parsed<StatementLine> {
  const items = new Set(cells.map((r) => r.item));
  // A bank's full balance sheet has no inventory or receivables (a sheet without one cannot tell).
  const fullBalanceSheet = cells.some(
    (r) => r.section.toUpperCase() === 'BALANCE SHEET' && r.item === 'Total',
  );
  const bank = fullBalanceSheet && !items.has('Inventory') && !items.has('Receivables') && items.has('Sales');
  const totals = new Set<string>();
  const records: StatementLine[] = [];
  const rejected: Rejection[] = [];
  for (const r of cells) {
    const section = r.section;
    const statement = SECTIONS[section.toUpperCase()];
    if (!statement) throw new IngestError(file, r.line, 'section', `unknown section "${section}"`);
    const periodEnd = r.periodEnd;
    let item = r.item;
    if (statement === 'bs' && item === 'Total') {
      const key = `${r.symbol}|${periodEnd}`;
      item = totals.has(key) ? 'Total Assets' : 'Total Liabilities';
      totals.add(key);
    }
    if (bank && item === 'Sales') item = 'Interest Earned';
    if (r.value === '') {
      rejected.push({ line: r.line, reason: `no value: ${item}` });
      continue;
    }
    records.push({
      line: r.line,
      symbol: r.symbol.toUpperCase(),
      company: r.company,
      statement,
      item,
      periodEnd,
      value: requireNumber(r.value, { file, line: r.line, field: 'value' }),
      unit: unitOf(item),
    });
  }
  return { records, rejected, rowsRead: cells.length };
}
