import { IngestError } from './errors.ts';

/** One data row of a CSV file: its 1-based line number and its fields by normalized header name. */
export interface CsvRow {
  line: number;
  get(field: string): string;
  cells: string[];
}

/**
 * Splits CSV text into rows of fields. Handles quoted fields with commas and doubled quotes,
 * CRLF line ends, a UTF-8 byte-order mark and blank lines. Every field is trimmed, which
 * absorbs the ", "-separated padding of NSE's full bhavcopy and the padded mcap columns.
 */
export function splitCsv(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field.trim());
    if (cells.length > 1 || cells[0] !== '') out.push({ line: rowLine, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(field.trim());
      field = '';
    } else if (c === '\n') {
      endRow();
      line++;
      rowLine = line;
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || cells.length > 0) endRow();
  return out;
}

/** Header names compared without case, padding, BOM or trailing empty columns. */
export function normalizeHeader(name: string): string {
  return name.trim().toUpperCase().replace(/\s+/g, ' ');
}

/**
 * Reads a CSV with a header row and checks that the required columns are present.
 * Trailing empty columns (NSE's legacy bhavcopy, BSE's scrip list) are ignored.
 */
export function readCsv(text: string, file: string, required: readonly string[]): CsvRow[] {
  const rows = splitCsv(text);
  const head = rows[0];
  if (!head) throw new IngestError(file, 1, null, 'file is empty');
  const names = head.cells.map(normalizeHeader);
  const index = new Map<string, number>();
  names.forEach((n, i) => {
    if (n !== '' && !index.has(n)) index.set(n, i);
  });
  for (const r of required) {
    if (!index.has(normalizeHeader(r))) {
      throw new IngestError(
        file,
        head.line,
        r,
        `missing column "${r}" (found: ${names.filter(Boolean).join(', ')})`,
      );
    }
  }
  const byName = new Map<string, number | undefined>();
  const position = (fieldName: string) => {
    if (!byName.has(fieldName)) byName.set(fieldName, index.get(normalizeHeader(fieldName)));
    return byName.get(fieldName);
  };
  // Every row must fill the named columns, and anything past them must be empty: a row cut short
  // (a truncated file) or split by an unquoted comma fails here, with its line.
  const width = names.reduce((w, n, i) => (n === '' ? w : i + 1), 0);
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length < width) {
      throw new IngestError(
        file,
        line,
        null,
        `the row has ${cells.length} cells where the header names ${width} columns (a file cut short?)`,
      );
    }
    if (cells.slice(Math.max(width, head.cells.length)).some((c) => c.trim() !== '')) {
      throw new IngestError(
        file,
        line,
        null,
        `the row has ${cells.length} cells where the header has ${head.cells.length} (an unquoted comma?)`,
      );
    }
  }
  return rows.slice(1).map(({ line, cells }) => ({
    line,
    cells,
    get(fieldName: string) {
      const i = position(fieldName);
      return i === undefined ? '' : (cells[i] ?? '');
    },
  }));
}
