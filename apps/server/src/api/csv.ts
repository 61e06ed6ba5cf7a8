/** CSV (RFC 4180) from the rows of a tabular response: one column per field, nested objects flattened with dots. */
export function toCsv(rows: readonly Record<string, unknown>[]): string {
  const flat = rows.map((r) => flatten(r));
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of flat)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
  const lines = [columns.map(cell).join(',')];
  for (const r of flat) lines.push(columns.map((c) => cell(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function flatten(obj: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      flatten(v as Record<string, unknown>, name, out);
    else out[name] = Array.isArray(v) ? v.join(';') : v;
  }
  return out;
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // A leading = + - @ would be read as a formula by spreadsheets; numbers are left alone.
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
