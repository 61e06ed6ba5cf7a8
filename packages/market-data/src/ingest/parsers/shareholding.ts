import { basename } from 'node:path';
import { readCsv, splitCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { parseNumber, requireDate } from '../values.ts';

/** Shareholding categories as the product names them. */
export type HolderCategory =
  | 'promoter'
  | 'promoter_pledged'
  | 'fii'
  | 'dii'
  | 'mutual_fund'
  | 'government'
  | 'public';

/** One category's share of a company's equity at a quarter end; shareholders is a head count. */
export interface ShareholdingRecord {
  line: number;
  symbol: string;
  periodEnd: string;
  category: HolderCategory | 'shareholders';
  value: number;
}

const NSE_COLUMNS: [string, HolderCategory][] = [
  ['PROMOTER_%', 'promoter'],
  ['PLEDGED_%', 'promoter_pledged'],
  ['FII_%', 'fii'],
  ['DII_%', 'dii'],
  ['MF_%', 'mutual_fund'],
  ['PUBLIC_%', 'public'],
];

/** NSE shareholding summary: SYMBOL, PERIOD (30-JUN-2026), PROMOTER_%, PLEDGED_%, FII_%, DII_%, MF_%, PUBLIC_%. */
export function parseNseShareholding(text: string, file: string): Parsed<ShareholdingRecord> {
  const rows = readCsv(text, file, ['SYMBOL', 'PERIOD', 'PROMOTER_%']);
  const records: ShareholdingRecord[] = [];
  for (const r of rows) {
    const periodEnd = requireDate(r.get('PERIOD'), { file, line: r.line, field: 'PERIOD' });
    for (const [col, category] of NSE_COLUMNS) {
      const value = parseNumber(r.get(col), { file, line: r.line, field: col });
      if (value === null) continue;
      if (value < 0 || value > 100)
        throw new IngestError(file, r.line, col, `percentage out of range: ${value}`);
      records.push({ line: r.line, symbol: r.get('SYMBOL'), periodEnd, category, value });
    }
  }
  return { records, rejected: [], rowsRead: rows.length };
}

const QUARTER_LABELS: Record<string, HolderCategory | 'shareholders'> = {
  PROMOTERS: 'promoter',
  FIIS: 'fii',
  DIIS: 'dii',
  GOVERNMENT: 'government',
  PUBLIC: 'public',
  'NO. OF SHAREHOLDERS': 'shareholders',
};

const MONTH_END: Record<string, string> = { MAR: '03-31', JUN: '06-30', SEP: '09-30', DEC: '12-31' };

/**
 * Quarterly category table (one row per category, one column per quarter "Jun 2023"): "%"
 * strings, a "+" after expandable category names, and the shareholder count in Indian digit
 * grouping ("25,02,835"). The symbol is the one named, else the file name's first part
 * (TCS_shareholding_...csv).
 */
export function parseQuarterlyShareholding(
  text: string,
  file: string,
  company?: string,
): Parsed<ShareholdingRecord> {
  const rows = splitCsv(text);
  const head = rows[0];
  if (!head) throw new IngestError(file, 1, null, 'file is empty');
  const symbol = company?.trim().toUpperCase() || basename(file).split('_')[0]!.toUpperCase();
  const periods = head.cells.slice(1).map((label) => {
    const m = /^([A-Za-z]{3})\s+(\d{4})$/.exec(label);
    const end = m ? MONTH_END[m[1]!.toUpperCase()] : undefined;
    if (!m || !end) throw new IngestError(file, head.line, label, `not a quarter label: "${label}"`);
    return `${m[2]}-${end}`;
  });
  const records: ShareholdingRecord[] = [];
  const rejected: Rejection[] = [];
  for (const { line, cells } of rows.slice(1)) {
    const label = (cells[0] ?? '').replace(/\+$/, '').trim();
    const category = QUARTER_LABELS[label.toUpperCase()];
    if (!category) {
      rejected.push({ line, reason: `unknown category: "${label}"` });
      continue;
    }
    periods.forEach((periodEnd, i) => {
      const value = parseNumber(cells[i + 1] ?? '', { file, line, field: head.cells[i + 1]! });
      if (value !== null) records.push({ line, symbol, periodEnd, category, value });
    });
  }
  return { records, rejected, rowsRead: rows.length - 1 };
}
