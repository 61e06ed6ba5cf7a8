import { readCsv } from '../csv.ts';
import type { Parsed } from '../errors.ts';
import { IngestError } from '../errors.ts';
import { requireDate } from '../values.ts';

/** One exchange holiday of one market segment (CM is the cash equity market). */
export interface Holiday {
  line: number;
  segment: string;
  date: string;
  description: string;
}

/** Line number of the n-th occurrence of a key in the JSON text, for precise error messages. */
function lineOf(text: string, needle: string, nth: number): number {
  let pos = -1;
  for (let i = 0; i <= nth; i++) {
    pos = text.indexOf(needle, pos + 1);
    if (pos < 0) return 1;
  }
  return text.slice(0, pos).split('\n').length;
}

/** NSE holiday master JSON: { "CM": [{ tradingDate: "26-Jan-2025", weekDay, description, Sr_no }], ... }. */
export function parseHolidays(text: string, file: string): Parsed<Holiday> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new IngestError(file, null, null, `not valid JSON: ${(err as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new IngestError(file, 1, null, 'expected an object of segments');
  }
  const records: Holiday[] = [];
  let seen = 0;
  for (const [segment, list] of Object.entries(doc as Record<string, unknown>)) {
    if (!Array.isArray(list))
      throw new IngestError(file, lineOf(text, `"${segment}"`, 0), segment, 'expected a list');
    for (const [i, item] of list.entries()) {
      const line = lineOf(text, '"tradingDate"', seen++);
      const field = `${segment}[${i}].tradingDate`;
      const it = item as { tradingDate?: unknown; description?: unknown };
      if (typeof it?.tradingDate !== 'string')
        throw new IngestError(file, line, field, 'tradingDate is missing');
      records.push({
        line,
        segment,
        date: requireDate(it.tradingDate, { file, line, field }),
        description: typeof it.description === 'string' ? it.description.trim() : '',
      });
    }
  }
  return { records, rejected: [], rowsRead: records.length };
}

/**
 * NSE's holiday list as CSV (the site's download): "Sr. No", "Date" (26-Jan-2025), "Day",
 * "Description"; a "Segment" column when present, else the cash market (CM) the list is for.
 */
export function parseHolidayCsv(text: string, file: string): Parsed<Holiday> {
  const head = text.slice(0, 400).toUpperCase();
  const dateCol = ['HOLIDAY DATE', 'TRADING DATE', 'DATE'].find((c) => head.includes(c)) ?? 'DATE';
  const rows = readCsv(text, file, [dateCol, 'DESCRIPTION']);
  const records = rows.map((r) => ({
    line: r.line,
    segment: r.get('SEGMENT').toUpperCase() || 'CM',
    date: requireDate(r.get(dateCol), { file, line: r.line, field: dateCol }),
    description: r.get('DESCRIPTION'),
  }));
  return { records, rejected: [], rowsRead: rows.length };
}
