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
  return checkTurnover({ records, rejected, rowsRead: rows.length }, file, 'TOTTRDVAL', 'rupees');
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
  return checkTurnover({ records, rejected, rowsRead: rows.length }, file, 'TURNOVER_LACS', 'lakh rupees');
}

/** Turnover in lakh is rounded to Rs 1,000; allow that much besides the share below. */
const TURNOVER_SLACK = 1000;
/** How far the average price implied by turnover / volume may stray outside the day's low–high. */
const PRICE_SLACK = 0.1;

/**
 * Checks each row's turnover against its prices and volume: turnover / volume is the day's
 * average price and lies between low and high. When most rows fail, the column is in the wrong
 * unit (a converted file: turnover in lakh taken as rupees, or in thousands) and the file fails
 * saying so; a few failing rows are refused with the implied price, never stored with a figure of
 * the wrong magnitude.
 */
function checkTurnover(
  parsed: Parsed<PriceBar>,
  file: string,
  field: string,
  unit: string,
): Parsed<PriceBar> {
  const bad: { bar: PriceBar; implied: number }[] = [];
  let checked = 0;
  for (const b of parsed.records) {
    if (b.volume <= 0 || b.low <= 0) continue;
    checked++;
    const lo = b.low * b.volume * (1 - PRICE_SLACK) - TURNOVER_SLACK;
    const hi = b.high * b.volume * (1 + PRICE_SLACK) + TURNOVER_SLACK;
    if (b.turnover < lo || b.turnover > hi) bad.push({ bar: b, implied: b.turnover / b.volume });
  }
  if (bad.length === 0) return parsed;
  const first = bad[0]!;
  const price = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });
  if (bad.length * 2 > checked) {
    throw new IngestError(
      file,
      first.bar.line,
      field,
      `turnover in the wrong unit? ${bad.length} of ${checked} rows imply an average price outside the day's range ` +
        `(e.g. ${first.bar.symbol}: Rs ${price(first.implied)} against a close of ${price(first.bar.close)}); ` +
        `${field} must be in ${unit}`,
    );
  }
  const refused = new Set(bad.map((x) => x.bar));
  return {
    records: parsed.records.filter((b) => !refused.has(b)),
    rejected: [
      ...parsed.rejected,
      ...bad.map(({ bar, implied }) => ({
        line: bar.line,
        reason: `implausible turnover: ${bar.symbol} implies an average price of Rs ${price(implied)} against a range of ${price(bar.low)}–${price(bar.high)}`,
      })),
    ].sort((a, b) => a.line - b.line),
    rowsRead: parsed.rowsRead,
  };
}
