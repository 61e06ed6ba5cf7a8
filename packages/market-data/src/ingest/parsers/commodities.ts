import { readCsv, splitCsv } from '../csv.ts';
import type { Parsed } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { parseNumber, requireNumber } from '../values.ts';

/** One monthly price of one commodity series, in the series' unit. */
export interface CommodityPrice {
  line: number;
  code: string;
  month: string;
  price: number;
}

/** One commodity series: code, name and unit ("($/bbl)" is read as "$/bbl"). */
export interface CommoditySeries {
  line: number;
  code: string;
  name: string;
  unit: string;
}

function checkMonth(raw: string, file: string, line: number, field: string): string {
  const m = /^(\d{4})-?M?(\d{2})$/.exec(raw.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) {
    throw new IngestError(file, line, field, `not a month: "${raw}" (expected YYYY-MM)`);
  }
  return `${m[1]}-${m[2]}`;
}

/**
 * World Bank monthly prices table: a "period" column (1960-01 or 1960M01) then one column per
 * series code; blank and "..." cells mean no price and are skipped.
 */
export function parseWorldBankPrices(text: string, file: string): Parsed<CommodityPrice> {
  const rows = splitCsv(text);
  const head = rows[0];
  if (head?.cells[0]?.toLowerCase() !== 'period') {
    throw new IngestError(file, 1, 'period', 'first column must be "period"');
  }
  const codes = head!.cells.slice(1);
  const records: CommodityPrice[] = [];
  for (const { line, cells } of rows.slice(1)) {
    const month = checkMonth(cells[0] ?? '', file, line, 'period');
    codes.forEach((code, i) => {
      if (code === '') return;
      const price = parseNumber(cells[i + 1] ?? '', { file, line, field: code });
      if (price !== null) records.push({ line, code, month, price });
    });
  }
  return { records, rejected: [], rowsRead: rows.length - 1 };
}

/** World Bank series dictionary: code, name, unit. */
export function parseCommodityDictionary(text: string, file: string): Parsed<CommoditySeries> {
  const rows = readCsv(text, file, ['code', 'name', 'unit']);
  const records = rows.map((r) => ({
    line: r.line,
    code: r.get('code'),
    name: r.get('name'),
    unit: r.get('unit').replace(/^\((.*)\)$/, '$1'),
  }));
  return { records, rejected: [], rowsRead: rows.length };
}

/** The simple layout: code,month,price. */
export function parseCommodityCsv(text: string, file: string): Parsed<CommodityPrice> {
  const rows = readCsv(text, file, ['code', 'month', 'price']);
  const records = rows.map((r) => ({
    line: r.line,
    code: r.get('code'),
    month: checkMonth(r.get('month'), file, r.line, 'month'),
    price: requireNumber(r.get('price'), { file, line: r.line, field: 'price' }),
  }));
  return { records, rejected: [], rowsRead: rows.length };
}
