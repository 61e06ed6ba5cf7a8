import { describe, expect, it } from 'vitest';
import type { Items, StatementCode } from '../engine/line-items.ts';
import { validateCashContinuity, validateStatement } from '../engine/validate.ts';
import { addDays, tradingDays } from './calendar.ts';
import { isinCheckDigit } from './companies.ts';
import { hashUniverse } from './load.ts';
import type { TableName } from './tables.ts';
import { TABLE_COLUMNS } from './tables.ts';
import { generateUniverse, resolveOptions, universeCompanies } from './universe.ts';

async function collect(opts: Parameters<typeof generateUniverse>[0]) {
  const rows = new Map<TableName, Record<string, unknown>[]>();
  await generateUniverse(opts, {
    row(table, values) {
      const cols = TABLE_COLUMNS[table];
      const list = rows.get(table) ?? [];
      list.push(Object.fromEntries(cols.map((c, i) => [c, values[i]])));
      rows.set(table, list);
    },
    async checkpoint() {},
  });
  return rows;
}

describe('sample universe generator', () => {
  it('is deterministic: same seed, same bytes; another seed, other bytes', async () => {
    const a = await hashUniverse({ size: 'small', companies: 12 });
    const b = await hashUniverse({ size: 'small', companies: 12 });
    const c = await hashUniverse({ size: 'small', companies: 12, seed: 'another' });
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);
    expect(c.hash).not.toBe(a.hash);
  });

  it('spans 5,000+ companies over 20+ sectors and 100+ industries, with the three real sample companies', () => {
    const o = resolveOptions({ size: 'default' });
    const specs = universeCompanies(o, tradingDays(addDays(o.asOf, -30), o.asOf));
    expect(specs.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(specs.map((s) => s.sectorCode)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(specs.map((s) => s.industryCode)).size).toBeGreaterThanOrEqual(100);
    expect(new Set(specs.map((s) => s.symbol)).size).toBe(specs.length);
    expect(new Set(specs.map((s) => s.isin)).size).toBe(specs.length);
    const real = specs.filter((s) => !s.synthetic);
    expect(real.map((s) => [s.symbol, s.isin, s.layout])).toEqual([
      ['ITC', 'INE154A01025', 'general'],
      ['RELIANCE', 'INE002A01018', 'general'],
      ['HDFCBANK', 'INE040A01034', 'bank'],
    ]);
    for (const s of real) expect(Number(s.isin.at(-1))).toBe(isinCheckDigit(s.isin.slice(0, 11)));
    for (const s of specs.filter((x) => x.synthetic)) {
      expect(s.name).toContain('(Synthetic)');
      expect(s.isin.startsWith('ZZ')).toBe(true);
    }
    expect(specs.filter((s) => s.status === 'delisted').length).toBeGreaterThan(10);
    expect(specs.filter((s) => s.formerSymbols.length > 0).length).toBeGreaterThan(50);
  });

  it('generates statements that obey their identities and plausible positive prices', async () => {
    const rows = await collect({ size: 'small', companies: 25 });
    const statements = rows.get('financial_statement')!;
    expect(statements.length).toBeGreaterThan(500);
    const cashByCompany = new Map<string, { periodEnd: string; cf: Items }[]>();
    for (const s of statements) {
      const breaches = validateStatement(s.statement_code as StatementCode, s.items as Items, {
        tolerance: 0.011,
      });
      expect(breaches, `${s.isin} ${s.statement_code} ${s.period_end}`).toEqual([]);
      if (s.statement_code === 'cf') {
        const key = `${s.isin}/${s.statement_type}`;
        cashByCompany.set(key, [
          ...(cashByCompany.get(key) ?? []),
          { periodEnd: s.period_end as string, cf: s.items as Items },
        ]);
      }
    }
    for (const years of cashByCompany.values())
      expect(validateCashContinuity(years, { tolerance: 0.011 })).toEqual([]);
    // Depth: 10 annual P&L, 12 quarters, 7 balance sheets, 5 cash flows for an active company.
    const itc = statements.filter((s) => s.isin === 'INE154A01025' && s.statement_type === 's');
    const count = (code: string, period: string) =>
      itc.filter((s) => s.statement_code === code && s.period === period).length;
    expect([
      count('pl', 'annual'),
      count('pl', 'quarterly'),
      count('bs', 'annual'),
      count('cf', 'annual'),
    ]).toEqual([10, 12, 7, 5]);

    const quotes = rows.get('daily_quote')!;
    for (const q of quotes) {
      const [o, h, l, c] = [q.open, q.high, q.low, q.close] as number[];
      expect(l).toBeGreaterThan(0);
      expect(h).toBeGreaterThanOrEqual(Math.max(o!, c!));
      expect(l).toBeLessThanOrEqual(Math.min(o!, c!));
      // Within one day the price moves by far less than half (the first day of a series included).
      expect(o! / c!, `${q.isin} ${q.trade_date}`).toBeGreaterThan(0.5);
      expect(o! / c!, `${q.isin} ${q.trade_date}`).toBeLessThan(2);
    }
    // Day-to-day moves stay plausible once splits and bonuses are accounted for.
    const reliance = quotes.filter((q) => q.isin === 'INE002A01018');
    const big = reliance.filter(
      (q) => q.prev_close && Math.abs((q.close as number) / (q.prev_close as number) - 1) > 0.2,
    );
    expect(big.map((q) => q.trade_date)).toEqual(['2024-10-28']);
  });
});
