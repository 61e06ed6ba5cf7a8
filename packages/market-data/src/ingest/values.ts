import { IngestError } from './errors.ts';

const MONTHS: Record<string, string> = {
  JAN: '01',
  FEB: '02',
  MAR: '03',
  APR: '04',
  MAY: '05',
  JUN: '06',
  JUL: '07',
  AUG: '08',
  SEP: '09',
  OCT: '10',
  NOV: '11',
  DEC: '12',
};

/** Where a value came from, for error messages. */
export interface At {
  file: string;
  line: number;
  field: string;
}

function fail(at: At, reason: string): never {
  throw new IngestError(at.file, at.line, at.field, reason);
}

function checkedDate(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m}-${d.padStart(2, '0')}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/**
 * Parses the exchanges' date spellings to ISO YYYY-MM-DD: 08-FEB-1995, 01-Jul-2024,
 * 16 DEC 2025, 2025-12-17, 30-JUN-2026. Returns null for a blank or "-" value.
 */
export function parseDate(raw: string, at: At): string | null {
  const v = raw.trim();
  if (v === '' || v === '-') return null;
  let m = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{4})$/.exec(v);
  if (m) {
    const month = MONTHS[m[2]!.toUpperCase()];
    const iso = month ? checkedDate(m[3]!, month, m[1]!) : null;
    return iso ?? fail(at, `not a date: "${raw}"`);
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return checkedDate(m[1]!, m[2]!, m[3]!) ?? fail(at, `not a date: "${raw}"`);
  return fail(at, `not a date: "${raw}" (expected like 08-FEB-1995 or 2025-12-17)`);
}

export function requireDate(raw: string, at: At): string {
  return parseDate(raw, at) ?? fail(at, 'date is missing');
}

/**
 * Parses a number as the exchanges print it: padding, Indian digit grouping ("25,02,835"),
 * a trailing "%". Blank, "-", "NA" and the World Bank's "..." mean no value (null).
 */
const PLAIN = /^-?\d+(\.\d+)?$/;

export function parseNumber(raw: string, at: At): number | null {
  if (PLAIN.test(raw)) return Number(raw);
  let v = raw.trim();
  if (v === '' || v === '-' || v === '...' || v === '…' || /^n\.?a\.?$/i.test(v)) return null;
  if (v.endsWith('%')) v = v.slice(0, -1).trim();
  if (/^-?\d{1,3}(,\d{2})*,\d{3}(\.\d+)?$/.test(v) || /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v)) {
    v = v.replaceAll(',', '');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return fail(at, `not a number: "${raw}"`);
  return Number(v);
}

export function requireNumber(raw: string, at: At): number {
  return parseNumber(raw, at) ?? fail(at, 'value is missing');
}

/** Indian ISIN: IN, one letter class, 9 alphanumerics, check digit (Luhn over the letter-expanded form). */
export function isValidIsin(isin: string): boolean {
  if (!/^IN[A-Z0-9]{9}\d$/.test(isin)) return false;
  const digits = [...isin].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
