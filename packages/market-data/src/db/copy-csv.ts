export function toCsv(rows: Iterable<readonly unknown[]>): { text: string; count: number } {
  const parts: string[] = [];
  for (const row of rows) parts.push(csvLine(row));
  return { text: parts.join(''), count: parts.length };
}

/** One CSV line in PostgreSQL's COPY csv dialect: empty unquoted field is NULL. */
export function csvLine(row: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    if (i > 0) line += ',';
    line += csvField(row[i]);
  }
  return `${line}\n`;
}

const NEEDS_QUOTES = /[",\n\r]/;

function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Quote only when needed: an empty string must stay distinct from NULL, and a lone \. ends COPY data.
  if (s === '' || s === '\\.' || NEEDS_QUOTES.test(s)) return `"${s.replaceAll('"', '""')}"`;
  return s;
}
