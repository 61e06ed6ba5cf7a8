import { Rng } from './rng.ts';

export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const parseIso = (s: string) => new Date(`${s}T00:00:00Z`);
export function addDays(s: string, n: number): string {
  const d = parseIso(s);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** Gregorian Easter Sunday (anonymous algorithm). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Real trading days the sample companies' corporate actions fall on; never generated as holidays. */
const KNOWN_TRADING_DAYS = new Set([
  '2016-06-30',
  '2019-09-19',
  '2020-05-14',
  '2024-10-28',
  '2025-01-06',
  '2025-08-26',
]);

export interface HolidayRow {
  date: string;
  description: string;
}

/**
 * Trading holidays of a year in the sample calendar: the fixed national holidays, Good Friday,
 * and lunar-calendar festivals placed deterministically in their usual months (illustrative
 * dates, not the exchange's circular).
 */
export function holidaysOf(year: number): HolidayRow[] {
  const rng = new Rng(`holidays-${year}`);
  const on = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const list: HolidayRow[] = [
    { date: on(1, 26), description: 'Republic Day' },
    { date: on(rng.int(3, 3), rng.int(1, 28)), description: 'Holi' },
    { date: addDays(easter(year), -2), description: 'Good Friday' },
    { date: on(4, 14), description: 'Dr. Baba Saheb Ambedkar Jayanti' },
    { date: on(5, 1), description: 'Maharashtra Day' },
    { date: on(8, 15), description: 'Independence Day' },
    { date: on(9, rng.int(1, 25)), description: 'Ganesh Chaturthi' },
    { date: on(10, 2), description: 'Mahatma Gandhi Jayanti' },
    { date: on(10, rng.int(12, 28)), description: 'Dussehra' },
    { date: on(11, rng.int(1, 12)), description: 'Diwali Balipratipada' },
    { date: on(11, rng.int(14, 28)), description: 'Guru Nanak Jayanti' },
    { date: on(12, 25), description: 'Christmas' },
  ];
  const seen = new Set<string>();
  return list
    .filter((h) => {
      const day = parseIso(h.date).getUTCDay();
      if (day === 0 || day === 6 || seen.has(h.date) || KNOWN_TRADING_DAYS.has(h.date)) return false;
      seen.add(h.date);
      return true;
    })
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Weekdays that are not holidays, from `from` to `to` inclusive. */
export function tradingDays(from: string, to: string): string[] {
  const holidays = new Set<string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
    for (const h of holidaysOf(y)) holidays.add(h.date);
  const out: string[] = [];
  const d = parseIso(from);
  const end = parseIso(to);
  while (d <= end) {
    const day = d.getUTCDay();
    const s = iso(d);
    if (day !== 0 && day !== 6 && !holidays.has(s)) out.push(s);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Last day of a fiscal year (April–March): FY2026 ends 2026-03-31. */
export const fiscalYearEnd = (fy: number) => `${fy}-03-31`;

/** Quarter ends (Jun, Sep, Dec, Mar) on or before a date, newest first. */
export function quarterEnds(asOf: string, count: number): string[] {
  const out: string[] = [];
  let y = Number(asOf.slice(0, 4));
  const ends = ['12-31', '09-30', '06-30', '03-31'];
  while (out.length < count) {
    for (const e of ends) {
      const d = `${y}-${e}`;
      if (d <= asOf && out.length < count) out.push(d);
    }
    y--;
  }
  return out;
}

/** Fiscal year a date falls in (April–March). */
export const fiscalYearOf = (date: string) => {
  const y = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 4 ? y + 1 : y;
};
