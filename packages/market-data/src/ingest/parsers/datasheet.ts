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
  const items = new Set(rows.map((r) => r.get('line_item')));
  const bank = !items.has('Inventory') && !items.has('Receivables') && items.has('Sales');
  const totals = new Set<string>();
  const records: StatementLine[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const section = r.get('section');
    const statement = SECTIONS[section.toUpperCase()];
    if (!statement) throw new IngestError(file, r.line, 'section', `unknown section "${section}"`);
    const periodEnd = requireDate(r.get('period_end'), { file, line: r.line, field: 'period_end' });
    let item = r.get('line_item');
    if (statement === 'bs' && item === 'Total') {
      const key = `${r.get('symbol')}|${periodEnd}`;
      item = totals.has(key) ? 'Total Assets' : 'Total Liabilities';
      totals.add(key);
    }
    if (bank && item === 'Sales') item = 'Interest Earned';
    if (r.get('value') === '') {
      rejected.push({ line: r.line, reason: `no value: ${item}` });
      continue;
    }
    records.push({
      line: r.line,
      symbol: r.get('symbol').toUpperCase(),
      company: r.get('company'),
      statement,
      item,
      periodEnd,
      value: requireNumber(r.get('value'), { file, line: r.line, field: 'value' }),
      unit: unitOf(item),
    });
  }
  return { records, rejected, rowsRead: rows.length };
}
