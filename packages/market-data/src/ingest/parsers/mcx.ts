import { MCX_CONTRACTS, priceUnitOf } from '../../engine/mcx-contracts.ts';
import { splitCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { type At, parseNumber } from '../values.ts';

/** Spellings of one quantity unit, and how many grams a mass unit is. */
const UNIT_ALIASES: Record<string, string> = {
  GRMS: 'GRMS',
  GRM: 'GRMS',
  GMS: 'GRMS',
  GM: 'GRMS',
  G: 'GRMS',
  KGS: 'KGS',
  KG: 'KGS',
  MT: 'MT',
  TONNE: 'MT',
  TONNES: 'MT',
  BBL: 'BBL',
  BARREL: 'BBL',
  BARRELS: 'BBL',
  MMBTU: 'MMBTU',
  CANDY: 'CANDY',
};
const GRAMS: Record<string, number> = { GRMS: 1, KGS: 1000, MT: 1_000_000 };

/** One futures contract on one trading day, as MCX's bhavcopy reports it. */
export interface CommodityFutureRecord {
  line: number;
  /** The trading day. */
  date: string;
  /** FUTCOM (commodity), FUTIDX (index) or another futures instrument. */
  instrument: string;
  symbol: string;
  expiry: string;
  /** Null for a contract that did not trade that day (MCX leaves them blank or 0). */
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  previousClose: number | null;
  settlement: number | null;
  volumeLots: number;
  /** Traded quantity in `quantityUnit` ("Volume(In 000's)" × 1,000). */
  volumeQuantity: number | null;
  quantityUnit: string | null;
  /** Quoting unit of the prices, from MCX_CONTRACTS. */
  unit: string | null;
  valueLakhs: number | null;
  openInterestLots: number | null;
  /** Quantity per lot, from the day's traded quantity and lots; null without trades. */
  lotSize: number | null;
}

/** The bhavcopy's columns under the names MCX has used, compared without case, spaces or punctuation. */
const COLUMNS = {
  date: ['date', 'tradedate', 'datedisplay'],
  instrument: ['instrumentname', 'instrument', 'instrumenttype'],
  symbol: ['symbol', 'commoditysymbol', 'commodity'],
  expiry: ['expirydate', 'contractexpirymonth', 'expiry'],
  optionType: ['optiontype'],
  strike: ['strikeprice', 'strike'],
  open: ['open', 'openrs'],
  high: ['high', 'highrs'],
  low: ['low', 'lowrs'],
  close: ['close', 'closers', 'closeprice'],
  previousClose: ['previousclose', 'pcprs', 'pcp', 'prevclose'],
  settlement: ['settlementprice', 'settleprice', 'settlement'],
  volumeLots: ['volumelots', 'volumeinlots', 'volume'],
  volumeThousands: ['volumein000s', 'volumeinthousands', 'volume000s'],
  valueLakhs: ['valuelacs', 'valueinlacs', 'valuelakhs', 'valueinlakhs', 'valuerslakhs', 'value'],
  openInterest: ['openinterestlots', 'oiinlots', 'openinterest', 'oilots'],
} as const;
type Column = keyof typeof COLUMNS;

const REQUIRED: readonly Column[] = ['date', 'symbol', 'expiry', 'close', 'volumeLots', 'openInterest'];

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where each column is in a header row, by its known names. */
function columnsOf(head: readonly string[]): Partial<Record<Column, number>> {
  const names = head.map(squash);
  const out: Partial<Record<Column, number>> = {};
  for (const [col, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const i = names.findIndex((n) => aliases.includes(n));
    if (i >= 0) out[col] = i;
  }
  return out;
}

/** True when a header row is MCX's bhavcopy (date, symbol, expiry, close, lots, open interest). */
export function isMcxBhavcopyHeader(head: readonly string[]): boolean {
  const at = columnsOf(head);
  return REQUIRED.every((c) => at[c] !== undefined);
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function checked(y: number, m: number, d: number): string | null {
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * MCX's date spellings: 23 Nov 2026, 23-NOV-2026, 23NOV2026 (expiries), 23/11/2026 (the site's
 * display), 2026-11-23.
 */
export function mcxDate(raw: string, at: At): string {
  const v = raw.trim();
  const named = /^(\d{1,2})[- ]?([A-Za-z]{3})[a-z]*[- ]?(\d{4})$/.exec(v);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso8601 = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  let iso: string | null = null;
  if (named) {
    const month = MONTHS.indexOf(named[2]!.toUpperCase()) + 1;
    iso = month > 0 ? checked(Number(named[3]), month, Number(named[1])) : null;
  } else if (slashed) iso = checked(Number(slashed[3]), Number(slashed[2]), Number(slashed[1]));
  else if (iso8601) iso = checked(Number(iso8601[1]), Number(iso8601[2]), Number(iso8601[3]));
  if (iso === null) {
    throw new IngestError(
      at.file,
      at.line,
      at.field,
      v === ''
        ? 'date is missing'
        : `not a date: "${raw}" (expected like 23 Nov 2026, 23-NOV-2026 or 23NOV2026)`,
    );
  }
  return iso;
}

/** "1,234.500 KGS" → 1234.5 and KGS; the unit may be absent. */
function quantityWithUnit(raw: string, at: At): { value: number | null; unit: string | null } {
  const m = /^\s*([-+\d.,]*)\s*([A-Za-z]*)\s*$/.exec(raw);
  if (!m) throw new IngestError(at.file, at.line, at.field, `not a quantity: "${raw}"`);
  const unit = m[2] ? (UNIT_ALIASES[m[2].toUpperCase()] ?? m[2].toUpperCase()) : null;
  return { value: parseNumber(m[1]!, at), unit };
}

/** Instruments read as futures, and as options (counted and not stored). */
const FUTURES = /^FUT/;
const OPTIONS = /^OPT/;

/** How far the average price implied by value / quantity may stray outside the day's low–high. */
const PRICE_SLACK = 0.1;
/** Value in lakh with two decimals is rounded to Rs 1,000. */
const VALUE_SLACK = 1000;

interface Table {
  head: { line: number; cells: string[] };
  rows: { line: number; cells: string[] }[];
}

function csvTable(text: string, file: string): Table {
  const [head, ...rows] = splitCsv(text);
  if (!head) throw new IngestError(file, 1, null, 'file is empty');
  return { head, rows };
}

const isJson = (text: string) => /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));

/**
 * The answer of the JSON service behind MCX's Bhavcopy page: `{"d": {"Data": [...]}}` (or the
 * list alone), one object per contract with the CSV's columns as keys (DateDisplay,
 * InstrumentName, Symbol, ExpiryDate, ..., VolumeInThousands, Value, OpenInterest). Its `Date`
 * is a /Date(ms)/ stamp; DateDisplay is the day. Entries are numbered as lines from 2, as
 * if under a header line.
 */
function jsonTable(text: string, file: string): Table {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new IngestError(
      file,
      null,
      null,
      `not MCX's bhavcopy: the JSON does not parse (${(err as Error).message})`,
    );
  }
  const o = json as { d?: { Data?: unknown }; Data?: unknown; data?: unknown } | null;
  const list = Array.isArray(json) ? json : (o?.d?.Data ?? o?.Data ?? o?.data);
  if (!Array.isArray(list) || list.some((x) => !x || typeof x !== 'object' || Array.isArray(x))) {
    throw new IngestError(file, 1, null, "not MCX's bhavcopy: expected a list of contracts under d.Data");
  }
  const entries = list as Record<string, unknown>[];
  const keys = [...new Set(entries.flatMap((e) => Object.keys(e)))].filter(
    (k, _, all) => !(k === 'Date' && all.includes('DateDisplay')) && k !== '__type',
  );
  // A day without trading answers an empty list; the header is then the CSV's.
  const head =
    keys.length > 0
      ? keys
      : ['Date', 'Symbol', 'Expiry Date', 'Close', 'Volume(Lots)', 'Open Interest(Lots)'];
  return {
    head: { line: 1, cells: head },
    rows: entries.map((e, i) => ({
      line: i + 2,
      cells: head.map((k) => (e[k] === null || e[k] === undefined ? '' : String(e[k]).trim())),
    })),
  };
}

/**
 * MCX's daily bhavcopy as its site exports it (CSV, quoted cells, padded symbols): Date,
 * Instrument Name, Symbol, Expiry Date, Option Type, Strike Price, Open, High, Low, Close,
 * Previous Close, Volume(Lots), Volume(In 000's) with the quantity unit after the figure ("5.000
 * KGS"), Value(Lacs), Open Interest(Lots); also the older commodity-wise layout (Commodity
 * Symbol, Contract/Expiry Month, Open(Rs)…, PCP(Rs), Volume(In Lots), Value(In Lakhs), OI(In
 * Lots)) whose rows are all futures. Futures rows (FUTCOM, FUTIDX…) are kept; options (OPTFUT,
 * OPTCOM…) are counted and not stored. Numbers may carry thousands separators; an untraded
 * contract's blank or zero open, high and low are no price. A row without a close, a traded row
 * without its range, or a negative figure fails the file. The same columns as JSON (the service
 * behind MCX's Bhavcopy page) are read too.
 */
export function parseMcxBhavcopy(text: string, file: string): Parsed<CommodityFutureRecord> {
  const { head, rows } = isJson(text) ? jsonTable(text, file) : csvTable(text, file);
  const at = columnsOf(head.cells);
  const missing = REQUIRED.filter((c) => at[c] === undefined);
  if (missing.length > 0) {
    throw new IngestError(
      file,
      head.line,
      missing[0]!,
      `not MCX's bhavcopy layout: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (found: ${head.cells.filter(Boolean).join(', ')})`,
    );
  }
  const width = head.cells.reduce((w, c, i) => (c === '' ? w : i + 1), 0);
  const records: CommodityFutureRecord[] = [];
  const rejected: Rejection[] = [];
  for (const { line, cells } of rows) {
    if (cells.length < width || cells.slice(head.cells.length).some((c) => c !== '')) {
      throw new IngestError(
        file,
        line,
        null,
        `the row has ${cells.length} cells where the header names ${width} columns (a file cut short, or an unquoted comma?)`,
      );
    }
    const get = (c: Column) => (at[c] === undefined ? '' : (cells[at[c]!] ?? '').trim());
    const where = (c: Column) => ({ file, line, field: head.cells[at[c]!] ?? c });
    const num = (c: Column) => {
      if (at[c] === undefined) return null;
      const v = parseNumber(get(c), where(c));
      if (v !== null && v < 0) throw new IngestError(file, line, where(c).field, `cannot be negative: ${v}`);
      return v;
    };
    const instrument = get('instrument').toUpperCase() || 'FUTCOM';
    const symbol = get('symbol').toUpperCase();
    const expiry = mcxDate(get('expiry'), where('expiry'));
    if (OPTIONS.test(instrument)) {
      const strike = get('strike');
      rejected.push({
        line,
        reason:
          `option not stored (futures only): ${instrument} ${symbol} ${expiry} ${get('optionType')} ${strike}`.trimEnd(),
      });
      continue;
    }
    if (!FUTURES.test(instrument)) {
      rejected.push({ line, reason: `instrument not covered: ${instrument}` });
      continue;
    }
    if (symbol === '') throw new IngestError(file, line, where('symbol').field, 'symbol is missing');
    const date = mcxDate(get('date'), where('date'));
    const close = num('close');
    if (close === null || close === 0) {
      throw new IngestError(file, line, where('close').field, `no closing price for ${symbol} ${expiry}`);
    }
    const volumeLots = num('volumeLots') ?? 0;
    if (!Number.isInteger(volumeLots)) {
      throw new IngestError(file, line, where('volumeLots').field, `lots must be whole: ${volumeLots}`);
    }
    const openInterestLots = num('openInterest');
    if (openInterestLots !== null && !Number.isInteger(openInterestLots)) {
      throw new IngestError(
        file,
        line,
        where('openInterest').field,
        `lots must be whole: ${openInterestLots}`,
      );
    }
    // An untraded contract has no range: blank, or 0 in the older layout.
    const price = (c: Column) => {
      const v = num(c);
      return v === 0 && volumeLots === 0 ? null : v;
    };
    const [open, high, low] = [price('open'), price('high'), price('low')];
    if (volumeLots > 0 && (open === null || high === null || low === null || low === 0)) {
      throw new IngestError(
        file,
        line,
        where('open').field,
        `${symbol} ${expiry} traded ${volumeLots} lots but has no open, high and low`,
      );
    }
    if (high !== null && low !== null && high < low) {
      throw new IngestError(file, line, where('high').field, `high ${high} is below low ${low}`);
    }
    const qty =
      at.volumeThousands === undefined
        ? { value: null, unit: null }
        : quantityWithUnit(get('volumeThousands'), where('volumeThousands'));
    const contract = MCX_CONTRACTS[symbol];
    const quantityUnit = qty.unit ?? (contract?.quantityUnit || null);
    const volumeQuantity = qty.value === null ? null : Math.round(qty.value * 1000 * 1000) / 1000;
    records.push({
      line,
      date,
      instrument,
      symbol,
      expiry,
      open,
      high,
      low,
      close,
      previousClose: num('previousClose') || null,
      settlement: num('settlement') || null,
      volumeLots,
      volumeQuantity,
      quantityUnit,
      unit: priceUnitOf(symbol),
      valueLakhs: num('valueLakhs'),
      openInterestLots,
      lotSize:
        volumeLots > 0 && volumeQuantity ? Math.round((volumeQuantity / volumeLots) * 1000) / 1000 : null,
    });
  }
  return checkValue(
    { records, rejected, rowsRead: rows.length },
    file,
    head.cells[at.valueLakhs!] ?? 'Value',
  );
}

/**
 * The average price a futures row's traded value implies, in its quoting unit: value / (quantity
 * in quoting units). Null when the contract's quoting unit is not known or nothing traded.
 */
function impliedPrice(r: CommodityFutureRecord): number | null {
  const c = MCX_CONTRACTS[r.symbol];
  if (!c || c.per === 0 || !r.volumeQuantity || !r.valueLakhs || !r.quantityUnit) return null;
  let quantity = r.volumeQuantity;
  if (r.quantityUnit !== c.quantityUnit) {
    const [from, to] = [GRAMS[r.quantityUnit], GRAMS[c.quantityUnit]];
    if (from === undefined || to === undefined) return null;
    quantity = (quantity * from) / to;
  }
  return (r.valueLakhs * 100_000) / (quantity / c.per);
}

/**
 * Decision 0411 for futures: a row's traded value over its traded quantity is the day's average
 * price and lies between low and high. When most rows fail, the value column is in the wrong unit
 * and the file fails naming an example; a few failing rows are refused with the implied price.
 */
function checkValue(
  parsed: Parsed<CommodityFutureRecord>,
  file: string,
  field: string,
): Parsed<CommodityFutureRecord> {
  const bad: { r: CommodityFutureRecord; implied: number }[] = [];
  let checkedRows = 0;
  for (const r of parsed.records) {
    const implied = impliedPrice(r);
    if (implied === null || r.low === null || r.high === null) continue;
    checkedRows++;
    const quotes = (r.valueLakhs! * 100_000) / implied;
    const slack = VALUE_SLACK / quotes;
    if (implied < r.low * (1 - PRICE_SLACK) - slack || implied > r.high * (1 + PRICE_SLACK) + slack) {
      bad.push({ r, implied });
    }
  }
  if (bad.length === 0) return parsed;
  const price = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });
  const first = bad[0]!;
  if (bad.length * 2 > checkedRows) {
    throw new IngestError(
      file,
      first.r.line,
      field,
      `traded value in the wrong unit? ${bad.length} of ${checkedRows} futures rows imply an average price outside the day's range ` +
        `(e.g. ${first.r.symbol} ${first.r.expiry}: ${price(first.implied)} against a close of ${price(first.r.close)}, ${first.r.unit}); ` +
        `${field} must be in lakh rupees`,
    );
  }
  const refused = new Set(bad.map((x) => x.r));
  return {
    records: parsed.records.filter((r) => !refused.has(r)),
    rejected: [
      ...parsed.rejected,
      ...bad.map(({ r, implied }) => ({
        line: r.line,
        reason: `implausible traded value: ${r.symbol} ${r.expiry} implies an average price of ${price(implied)} against a range of ${price(r.low!)}–${price(r.high!)}`,
      })),
    ].sort((a, b) => a.line - b.line),
    rowsRead: parsed.rowsRead,
  };
}
