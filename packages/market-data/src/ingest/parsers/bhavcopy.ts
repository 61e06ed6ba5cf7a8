import { type CsvRow, readCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { isValidIsin, parseNumber, requireDate, requireNumber } from '../values.ts';

/**
 * The NSE series the product covers as listed equity: EQ (rolling settlement), BE and BZ
 * (trade-for-trade), SM and ST (SME platform). Bonds, ETFs' other series, NCDs, gold bonds,
 * InvITs/REITs (IV, RR) and the rest are read and rejected with the reason.
 */
export const EQUITY_SERIES: ReadonlySet<string> = new Set(['EQ', 'BE', 'BZ', 'SM', 'ST']);

/** One security-day of an NSE bhavcopy; turnover always in rupees. */
export interface PriceBar {
  line: number;
  symbol: string;
  series: string;
  isin: string | null;
  date: string;
  prevClose: number | null;
  open: number;
  high: number;
  low: number;
  close: number;
  last: number | null;
  avgPrice: number | null;
  volume: number;
  turnover: number;
  trades: number | null;
  deliveryQty: number | null;
  deliveryPct: number | null;
}

/**
 * A bhavcopy row's numbers, required (`n`) or optional (`o`): prices, quantities and values, none
 * of which can be negative.
 */
function quantities(r: CsvRow, file: string) {
  const at = (field: string) => ({ file, line: r.line, field });
  const check = (v: number, field: string) => {
    if (v < 0) throw new IngestError(file, r.line, field, `cannot be negative: ${v}`);
    return v;
  };
  return {
    n: (f: string) => check(requireNumber(r.get(f), at(f)), f),
    o: (f: string) => {
      const v = parseNumber(r.get(f), at(f));
      return v === null ? null : check(v, f);
    },
  };
}

/** Legacy cmDDMMMYYYYbhav.csv: TOTTRDVAL in rupees, TIMESTAMP like 01-JAN-2016, trailing comma. */
export function parseLegacyBhavcopy(text: string, file: string): Parsed<PriceBar> {
  const cols = ['SYMBOL', 'SERIES', 'OPEN', 'HIGH', 'LOW', 'CLOSE', 'TOTTRDQTY', 'TOTTRDVAL', 'TIMESTAMP'];
  const rows = readCsv(text, file, cols);
  const records: PriceBar[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const series = r.get('SERIES');
    if (!EQUITY_SERIES.has(series)) {
      rejected.push({ line: r.line, reason: `series not covered: ${series || '(blank)'}` });
      continue;
    }
    const { n, o } = quantities(r, file);
    const isin = r.get('ISIN');
    if (isin !== '' && !isValidIsin(isin))
      throw new IngestError(file, r.line, 'ISIN', `not a valid ISIN: "${isin}"`);
    records.push({
      line: r.line,
      symbol: r.get('SYMBOL'),
      series,
      isin: isin || null,
      date: requireDate(r.get('TIMESTAMP'), { file, line: r.line, field: 'TIMESTAMP' }),
      prevClose: o('PREVCLOSE'),
      open: n('OPEN'),
      high: n('HIGH'),
      low: n('LOW'),
      close: n('CLOSE'),
      last: o('LAST'),
      avgPrice: null,
      volume: n('TOTTRDQTY'),
      turnover: n('TOTTRDVAL'),
      trades: o('TOTALTRADES'),
      deliveryQty: null,
      deliveryPct: null,
    });
  }
  return { records, rejected, rowsRead: rows.length };
}

/**
 * Full bhavcopy with delivery, sec_bhavdata_full_DDMMYYYY.csv: ", " separators with padding,
 * TURNOVER_LACS in lakh rupees (converted to rupees here), "-" where there is no delivery data,
 * every series, and no ISIN (the loader resolves the symbol).
 */
export function parseFullBhavcopy(text: string, file: string): Parsed<PriceBar> {
  const cols = ['SYMBOL', 'SERIES', 'DATE1', 'OPEN_PRICE', 'HIGH_PRICE', 'LOW_PRICE', 'CLOSE_PRICE'];
  const rows = readCsv(text, file, [...cols, 'TTL_TRD_QNTY', 'TURNOVER_LACS']);
  const records: PriceBar[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const series = r.get('SERIES');
    if (!EQUITY_SERIES.has(series)) {
      rejected.push({ line: r.line, reason: `series not covered: ${series || '(blank)'}` });
      continue;
    }
    const { n, o } = quantities(r, file);
    records.push({
      line: r.line,
      symbol: r.get('SYMBOL'),
      series,
      isin: null,
      date: requireDate(r.get('DATE1'), { file, line: r.line, field: 'DATE1' }),
      prevClose: o('PREV_CLOSE'),
      open: n('OPEN_PRICE'),
      high: n('HIGH_PRICE'),
      low: n('LOW_PRICE'),
      close: n('CLOSE_PRICE'),
      last: o('LAST_PRICE'),
      avgPrice: o('AVG_PRICE'),
      volume: n('TTL_TRD_QNTY'),
      turnover: Math.round(n('TURNOVER_LACS') * 100_000 * 100) / 100,
      trades: o('NO_OF_TRADES'),
      deliveryQty: o('DELIV_QTY'),
      deliveryPct: o('DELIV_PER'),
    });
  }
  return { records, rejected, rowsRead: rows.length };
}
