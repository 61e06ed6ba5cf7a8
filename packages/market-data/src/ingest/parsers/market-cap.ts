import { readCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { requireDate, requireNumber } from '../values.ts';
import { EQUITY_SERIES } from './bhavcopy.ts';

/** One security of NSE's daily market-capitalisation report (mcapDDMMYYYY.csv). */
export interface MarketCapRecord {
  line: number;
  date: string;
  symbol: string;
  series: string;
  /** Shares issued ("Issue Size"). */
  issueSize: number;
  close: number;
  marketCap: number;
}

/**
 * mcapDDMMYYYY.csv: padded columns, dates like "16 DEC 2025", market cap in rupees, and three
 * summary rows at the end (Listed, Permitted, Total) with no series, rejected as such.
 */
export function parseMarketCap(text: string, file: string): Parsed<MarketCapRecord> {
  const cols = [
    'Trade Date',
    'Symbol',
    'Series',
    'Issue Size',
    'Close Price/Paid up value(Rs.)',
    'Market Cap(Rs.)',
  ];
  const rows = readCsv(text, file, cols);
  const records: MarketCapRecord[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const series = r.get('Series');
    if (series === '') {
      rejected.push({ line: r.line, reason: `summary row: ${r.get('Symbol')}` });
      continue;
    }
    if (!EQUITY_SERIES.has(series)) {
      rejected.push({ line: r.line, reason: `series not covered: ${series}` });
      continue;
    }
    const n = (f: string) => requireNumber(r.get(f), { file, line: r.line, field: f });
    records.push({
      line: r.line,
      date: requireDate(r.get('Trade Date'), { file, line: r.line, field: 'Trade Date' }),
      symbol: r.get('Symbol'),
      series,
      issueSize: n('Issue Size'),
      close: n('Close Price/Paid up value(Rs.)'),
      marketCap: n('Market Cap(Rs.)'),
    });
  }
  return { records, rejected, rowsRead: rows.length };
}
