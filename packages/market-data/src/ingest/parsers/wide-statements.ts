import { basename } from 'node:path';
import { splitCsv } from '../csv.ts';
import { IngestError, type Parsed } from '../errors.ts';
import { datasheetLines, type SheetCell, type StatementLine } from './datasheet.ts';

/** One row of a sheet or CSV: its 1-based line and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function monthEnd(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  return d.toISOString().slice(0, 10);
}

/**
 * A column label as a period end: "FY2021" / "FY21" (31 March of that year), "Mar 2015",
 * "Mar-15", "Mar '15" (the month's last day), or a date (2015-03-31, 31-03-2015). Null otherwise.
 */
export function periodOf(label: string): string | null {
  const t = label.trim().toUpperCase();
  let m = /^FY\s*'?(\d{2}|\d{4})$/.exec(t);
  if (m) return monthEnd(m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]), 3);
  m = /^([A-Z]{3})[A-Z]*[\s\-']+'?(\d{2}|\d{4})$/.exec(t);
  if (m && MONTHS.includes(m[1]!)) {
    const y = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    return monthEnd(y, MONTHS.indexOf(m[1]!) + 1);
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return null;
}

/** The periods of a header row ("Report Date", "PARTICULARS", "Narration" or blank, then periods). */
function periodsOf(cells: readonly string[]): (string | null)[] | null {
  const first = (cells[0] ?? '').trim().toUpperCase();
  if (!['', 'REPORT DATE', 'PARTICULARS', 'NARRATION', 'PARTICULAR', 'YEAR', 'PERIOD'].includes(first))
    return null;
  const periods = cells.slice(1).map((c) => (c.trim() === '' ? null : periodOf(c)));
  const named = periods.filter((p) => p !== null).length;
  return named >= 1 && named === cells.slice(1).filter((c) => c.trim() !== '').length ? periods : null;
}

/** A wide sheet: some row names periods across (one column per year or quarter). */
export function isWide(rows: readonly SheetRow[]): boolean {
  return rows.slice(0, 40).some((r) => periodsOf(r.cells) !== null);
}

const SECTION_HEADINGS: Record<string, string> = {
  'PROFIT & LOSS': 'PROFIT & LOSS',
  'PROFIT AND LOSS': 'PROFIT & LOSS',
  QUARTERS: 'QUARTERS',
  'QUARTERLY RESULTS': 'QUARTERS',
  'BALANCE SHEET': 'BALANCE SHEET',
  'CASH FLOW': 'CASH FLOW',
  'CASH FLOWS': 'CASH FLOW',
  DERIVED: 'DERIVED',
};

/** The statement a file without section headings holds: from its name, else from its items. */
function sectionOf(file: string, items: readonly string[]): string | null {
  const name = basename(file).toLowerCase();
  if (/quarter/.test(name)) return 'QUARTERS';
  if (/balance/.test(name)) return 'BALANCE SHEET';
  if (/cash/.test(name)) return 'CASH FLOW';
  if (/profit|p&l|pnl|income|loss/.test(name)) return 'PROFIT & LOSS';
  const has = (re: RegExp) => items.some((i) => re.test(i));
  if (has(/^cash from (operating|investing|financing)/i)) return 'CASH FLOW';
  if (has(/^(reserves|borrowings|total assets|net block|equity share capital)$/i)) return 'BALANCE SHEET';
  if (has(/^(sales|revenue|net profit|profit before tax)$/i)) return 'PROFIT & LOSS';
  return null;
}

const GENERIC_NAME =
  /^(DATA|SHEET|SCREENER|EXPORT|REPORT|PROFIT|BALANCE|CASH|QUARTERS?|QUARTERLY|ANNUAL|STATEMENTS?|FINANCIALS?|COMPANY|SHAREHOLDING|PL|BS|CF|WIDE|FILE)$/;

/** The company a file name names: its first word (ITC_profit_loss.csv, TCS.xlsx), unless generic. */
export function companyFromFileName(file: string): string | null {
  const first = basename(file)
    .split(/[_\s.-]/)[0]!
    .toUpperCase();
  return /^[A-Z][A-Z0-9&]*$/.test(first) && !GENERIC_NAME.test(first) ? first : null;
}

/** The company of a file: the one named (a flag), else the file name's; fails saying how to name it. */
export function companyOf(file: string, company: string | undefined): string {
  const symbol = company?.trim().toUpperCase() || companyFromFileName(file);
  if (!symbol) {
    throw new IngestError(
      file,
      null,
      null,
      'the file name does not say which company this is; name it with --company SYMBOL',
    );
  }
  return symbol;
}

/**
 * A wide statement sheet (screener's "Data Sheet" and its CSV exports): section headings
 * ("PROFIT & LOSS", "Quarters", "BALANCE SHEET", "CASH FLOW:"), each followed by a row of periods
 * ("Report Date" then Mar 2015, Mar 2016… or FY2021, FY2022…), then one row per line item with a
 * value per period, in rupees crore. Rows before the first row of periods (the sheet's meta block)
 * are not statements. A file of one statement without headings is told by its name or items.
 */
export function wideSheetLines(
  rows: readonly SheetRow[],
  file: string,
  symbol: string,
): Parsed<StatementLine> {
  const cells: SheetCell[] = [];
  const fallback = sectionOf(
    file,
    rows.map((r) => (r.cells[0] ?? '').trim()),
  );
  let section: string | null = null;
  let periods: (string | null)[] | null = null;
  let company = '';
  for (const { line, cells: row } of rows) {
    const label = (row[0] ?? '').trim();
    const heading = SECTION_HEADINGS[label.toUpperCase().replace(/:$/, '').trim()];
    if (heading) {
      section = heading;
      periods = null;
      continue;
    }
    if (/^COMPANY NAME$/i.test(label)) company = (row[1] ?? '').trim();
    const header = periodsOf(row);
    if (header) {
      periods = header;
      continue;
    }
    if (!periods || !label) continue;
    const at = section ?? fallback;
    if (!at) {
      throw new IngestError(
        file,
        line,
        null,
        `cannot tell which statement "${label}" belongs to; name the file after it`,
      );
    }
    periods.forEach((periodEnd, i) => {
      const value = (row[i + 1] ?? '').trim().replace(/,/g, '');
      if (periodEnd && value !== '') {
        cells.push({
          line,
          symbol,
          company,
          section: at,
          item: label.replace(/\+$/, '').trim(),
          periodEnd,
          value,
        });
      }
    });
  }
  if (cells.length === 0)
    throw new IngestError(
      file,
      null,
      null,
      'no row of periods (Report Date, FY2021… or Mar 2015…) with values under it',
    );
  return datasheetLines(cells, file);
}

/** A wide statement CSV; the company from the flag or the file name. */
export function parseWideStatements(text: string, file: string, company?: string): Parsed<StatementLine> {
  return wideSheetLines(splitCsv(text), file, companyOf(file, company));
}
