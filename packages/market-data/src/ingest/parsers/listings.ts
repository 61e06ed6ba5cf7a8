import { readCsv } from '../csv.ts';
import type { Parsed } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { isValidIsin, parseDate, parseNumber } from '../values.ts';

/** One row of NSE's equity master (EQUITY_L.csv). */
export interface NseListing {
  line: number;
  isin: string;
  symbol: string;
  name: string;
  series: string;
  listingDate: string | null;
  paidUpValue: number | null;
  marketLot: number | null;
  faceValue: number | null;
}

/** One row of BSE's list of scrips, with BSE's four-level industry classification. */
export interface BseScrip {
  line: number;
  isin: string;
  code: string;
  symbol: string;
  name: string;
  status: string;
  group: string;
  faceValue: number | null;
  instrument: string;
  sector: string | null;
  industry: string | null;
  industryGroup: string | null;
  subIndustry: string | null;
}

/** One row of an NSE index constituent list (Nifty 500, Nifty 750...). */
export interface IndexConstituent {
  line: number;
  isin: string;
  symbol: string;
  name: string;
  industry: string;
  series: string;
}

function checkIsin(raw: string, file: string, line: number, field: string): string {
  const isin = raw.trim().toUpperCase();
  if (!isValidIsin(isin)) throw new IngestError(file, line, field, `not a valid ISIN: "${raw}"`);
  return isin;
}

/** NSE EQUITY_L.csv: header names carry leading spaces; dates like 08-FEB-1995. */
export function parseNseEquityList(text: string, file: string): Parsed<NseListing> {
  const cols = ['SYMBOL', 'NAME OF COMPANY', 'SERIES', 'DATE OF LISTING', 'ISIN NUMBER', 'FACE VALUE'];
  const rows = readCsv(text, file, cols);
  const records = rows.map((r) => {
    const at = (field: string) => ({ file, line: r.line, field });
    return {
      line: r.line,
      isin: checkIsin(r.get('ISIN NUMBER'), file, r.line, 'ISIN NUMBER'),
      symbol: r.get('SYMBOL'),
      name: r.get('NAME OF COMPANY'),
      series: r.get('SERIES'),
      listingDate: parseDate(r.get('DATE OF LISTING'), at('DATE OF LISTING')),
      paidUpValue: parseNumber(r.get('PAID UP VALUE'), at('PAID UP VALUE')),
      marketLot: parseNumber(r.get('MARKET LOT'), at('MARKET LOT')),
      faceValue: parseNumber(r.get('FACE VALUE'), at('FACE VALUE')),
    };
  });
  return { records, rejected: [], rowsRead: rows.length };
}

const dash = (v: string) => (v === '' || v === '-' ? null : v);

/**
 * BSE list of scrips: quoted names with commas, a trailing empty column, "-" for an
 * unclassified industry. Only equity instruments with an ISIN are kept.
 */
export function parseBseScrips(text: string, file: string): Parsed<BseScrip> {
  const rows = readCsv(text, file, ['Security Code', 'Security Id', 'Issuer Name', 'ISIN No', 'Status']);
  const records: BseScrip[] = [];
  const rejected = [];
  for (const r of rows) {
    const instrument = r.get('Instrument');
    if (instrument !== '' && instrument.toUpperCase() !== 'EQUITY') {
      rejected.push({ line: r.line, reason: `not equity: instrument "${instrument}"` });
      continue;
    }
    const rawIsin = r.get('ISIN No');
    if (rawIsin === '' || rawIsin === '-' || /^n\.?a\.?$/i.test(rawIsin)) {
      rejected.push({ line: r.line, reason: `no ISIN: "${rawIsin}"` });
      continue;
    }
    records.push({
      line: r.line,
      isin: checkIsin(rawIsin, file, r.line, 'ISIN No'),
      code: r.get('Security Code'),
      symbol: r.get('Security Id'),
      name: r.get('Issuer Name'),
      status: r.get('Status'),
      group: r.get('Group'),
      faceValue: parseNumber(r.get('Face Value'), { file, line: r.line, field: 'Face Value' }),
      instrument,
      sector: dash(r.get('Sector Name')),
      industry: dash(r.get('Industry New Name')),
      industryGroup: dash(r.get('Igroup Name')),
      subIndustry: dash(r.get('ISubgroup Name')) ?? dash(r.get('Industry')),
    });
  }
  return { records, rejected, rowsRead: rows.length };
}

/** Index constituent list: Company Name, Industry, Symbol, Series, ISIN Code. */
export function parseIndexConstituents(text: string, file: string): Parsed<IndexConstituent> {
  const rows = readCsv(text, file, ['Company Name', 'Industry', 'Symbol', 'Series', 'ISIN Code']);
  const records: IndexConstituent[] = [];
  const rejected = [];
  for (const r of rows) {
    const raw = r.get('ISIN Code');
    // NSE lists a few constituents with a placeholder "DUMxxxxxxxxx" code instead of an ISIN.
    if (/^DUM/i.test(raw)) {
      rejected.push({ line: r.line, reason: `placeholder ISIN: "${raw}" for ${r.get('Symbol')}` });
      continue;
    }
    records.push({
      line: r.line,
      isin: checkIsin(raw, file, r.line, 'ISIN Code'),
      symbol: r.get('Symbol'),
      name: r.get('Company Name'),
      industry: r.get('Industry'),
      series: r.get('Series'),
    });
  }
  return { records, rejected, rowsRead: rows.length };
}
