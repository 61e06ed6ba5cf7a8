import { readCsv } from '../csv.ts';
import type { Parsed, Rejection } from '../errors.ts';
import { parseDate, parseNumber } from '../values.ts';
import { EQUITY_SERIES } from './bhavcopy.ts';
import { type CorporateAction, parsePurpose } from './purpose.ts';

/** One corporate action of one security, with the text it was read from. */
export interface CorporateActionRecord {
  line: number;
  symbol: string;
  series: string | null;
  exDate: string | null;
  recordDate: string | null;
  bookClosureStart: string | null;
  bookClosureEnd: string | null;
  faceValue: number | null;
  purpose: string;
  action: CorporateAction;
}

function expand(base: Omit<CorporateActionRecord, 'action'>, rejected: Rejection[]): CorporateActionRecord[] {
  const { actions, unparsed } = parsePurpose(base.purpose);
  if (unparsed.length > 0) {
    rejected.push({ line: base.line, reason: `purpose not understood: "${unparsed.join('" & "')}"` });
  }
  return actions.map((action) => ({ ...base, action }));
}

/**
 * NSE daily book-closure file (bcDDMMYYYY.csv): SERIES, SYMBOL, SECURITY, RECORD_DT, BC_STRT_DT,
 * BC_END_DT, EX_DT, ND_STRT_DT, ND_END_DT, PURPOSE. Debt rows (interest, redemption) fall outside
 * the equity series and are rejected with the reason.
 */
export function parseBookClosure(text: string, file: string): Parsed<CorporateActionRecord> {
  const rows = readCsv(text, file, ['SERIES', 'SYMBOL', 'RECORD_DT', 'EX_DT', 'PURPOSE']);
  const records: CorporateActionRecord[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const series = r.get('SERIES');
    if (!EQUITY_SERIES.has(series)) {
      rejected.push({
        line: r.line,
        reason: `series not covered: ${series || '(blank)'} ${r.get('PURPOSE')}`,
      });
      continue;
    }
    const d = (f: string) => parseDate(r.get(f), { file, line: r.line, field: f });
    const base = {
      line: r.line,
      symbol: r.get('SYMBOL'),
      series,
      exDate: d('EX_DT'),
      recordDate: d('RECORD_DT'),
      bookClosureStart: d('BC_STRT_DT'),
      bookClosureEnd: d('BC_END_DT'),
      faceValue: null,
      purpose: r.get('PURPOSE'),
    };
    records.push(...expand(base, rejected));
  }
  return { records, rejected, rowsRead: rows.length };
}

/** NSE corporate-actions CSV: SYMBOL, COMPANY, PURPOSE, EX_DATE, RECORD_DATE, FACE_VALUE. */
export function parseCorporateActions(text: string, file: string): Parsed<CorporateActionRecord> {
  const rows = readCsv(text, file, ['SYMBOL', 'PURPOSE', 'EX_DATE']);
  const records: CorporateActionRecord[] = [];
  const rejected: Rejection[] = [];
  for (const r of rows) {
    const d = (f: string) => parseDate(r.get(f), { file, line: r.line, field: f });
    const base = {
      line: r.line,
      symbol: r.get('SYMBOL'),
      series: null,
      exDate: d('EX_DATE'),
      recordDate: d('RECORD_DATE'),
      bookClosureStart: null,
      bookClosureEnd: null,
      faceValue: parseNumber(r.get('FACE_VALUE'), { file, line: r.line, field: 'FACE_VALUE' }),
      purpose: r.get('PURPOSE'),
    };
    records.push(...expand(base, rejected));
  }
  return { records, rejected, rowsRead: rows.length };
}
