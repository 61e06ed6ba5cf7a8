import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';

/** The financial-results facts the product reads from an Ind AS XBRL instance. */
export const RESULT_ITEMS = [
  'RevenueFromOperations',
  'OtherIncome',
  'Income',
  'Expenses',
  'ProfitBeforeTax',
  'TaxExpense',
  'ProfitLossForPeriod',
  'BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations',
  'DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations',
  'BasicEarningsLossPerShareFromContinuingOperations',
  'DilutedEarningsLossPerShareFromContinuingOperations',
  'FinanceCosts',
  'DepreciationDepletionAndAmortisationExpense',
  'EmployeeBenefitExpense',
  'InterestEarned',
] as const;

/** One numeric fact of a results filing, with its context resolved. */
export interface XbrlFact {
  line: number;
  symbol: string | null;
  isin: string | null;
  basis: 'standalone' | 'consolidated';
  item: string;
  periodStart: string | null;
  periodEnd: string;
  /** Value as filed, in the unit (INR, or INR per share). */
  value: number;
  unit: string;
  decimals: number | null;
}

interface Context {
  start: string | null;
  end: string;
  dimensional: boolean;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/**
 * Reads an XBRL instance of financial results as filed with the exchanges (Ind AS taxonomy):
 * contexts (period instant or start/end; dimensional contexts are skipped), units, and the
 * numeric facts listed in RESULT_ITEMS with decimals. Standalone or consolidated comes from the
 * NatureOfReportStandaloneConsolidated fact.
 */
export function parseXbrlResults(text: string, file: string): Parsed<XbrlFact> {
  if (!/<(?:\w+:)?xbrl[\s>]/.test(text))
    throw new IngestError(file, 1, null, 'not an XBRL instance (no xbrl root)');
  const contexts = new Map<string, Context>();
  for (const m of text.matchAll(/<(\w+:)?context\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/\1?context>/g)) {
    const body = m[3]!;
    const instant = /<(?:\w+:)?instant>\s*([^<\s]+)\s*</.exec(body)?.[1];
    const start = /<(?:\w+:)?startDate>\s*([^<\s]+)\s*</.exec(body)?.[1];
    const end = /<(?:\w+:)?endDate>\s*([^<\s]+)\s*</.exec(body)?.[1];
    const periodEnd = instant ?? end;
    if (!periodEnd)
      throw new IngestError(file, lineAt(text, m.index), `context ${m[2]}`, 'context has no period');
    contexts.set(m[2]!, {
      start: instant ? null : (start ?? null),
      end: periodEnd,
      dimensional: /explicitMember|typedMember/.test(body),
    });
  }
  const units = new Map<string, string>();
  for (const m of text.matchAll(/<(\w+:)?unit\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/\1?unit>/g)) {
    const measures = [...m[3]!.matchAll(/<(?:\w+:)?measure>\s*([^<\s]+)\s*</g)].map((x) => local(x[1]!));
    units.set(m[2]!, /divide/.test(m[3]!) ? `${measures[0]}/${measures[1]}` : (measures[0] ?? m[2]!));
  }
  const textFact = (name: string) =>
    new RegExp(`<[\\w.-]+:${name}\\b[^>]*>\\s*([^<]*?)\\s*</[\\w.-]+:${name}>`).exec(text)?.[1] ?? null;
  const nature = (textFact('NatureOfReportStandaloneConsolidated') ?? '').toLowerCase();
  if (nature !== 'standalone' && nature !== 'consolidated') {
    throw new IngestError(
      file,
      null,
      'NatureOfReportStandaloneConsolidated',
      'missing or not Standalone/Consolidated',
    );
  }
  const symbol = textFact('Symbol') ?? textFact('NSESymbol');
  const isin = textFact('ISIN');
  const wanted = new Set<string>(RESULT_ITEMS);
  const records: XbrlFact[] = [];
  const rejected: Rejection[] = [];
  let read = 0;
  for (const m of text.matchAll(/<([\w.-]+):(\w+)\b([^>]*\bcontextRef="[^"]+"[^>]*)>([^<]*)<\/\1:\2>/g)) {
    const [, , name, attrs, rawValue] = m as unknown as [string, string, string, string, string];
    if (!/\bunitRef="/.test(attrs)) continue;
    read++;
    const line = lineAt(text, m.index);
    if (!wanted.has(name)) continue;
    const contextRef = /\bcontextRef="([^"]+)"/.exec(attrs)![1]!;
    const ctx = contexts.get(contextRef);
    if (!ctx) throw new IngestError(file, line, name, `unknown context "${contextRef}"`);
    if (ctx.dimensional) {
      rejected.push({ line, reason: `dimensional context not kept: ${name} in ${contextRef}` });
      continue;
    }
    const unitRef = /\bunitRef="([^"]+)"/.exec(attrs)![1]!;
    const unit = units.get(unitRef);
    if (!unit) throw new IngestError(file, line, name, `unknown unit "${unitRef}"`);
    const value = Number(rawValue.trim());
    if (rawValue.trim() === '' || !Number.isFinite(value)) {
      throw new IngestError(file, line, name, `not a number: "${rawValue}"`);
    }
    const dec = /\bdecimals="([^"]+)"/.exec(attrs)?.[1];
    records.push({
      line,
      symbol,
      isin,
      basis: nature,
      item: name,
      periodStart: ctx.start,
      periodEnd: ctx.end,
      value,
      unit,
      decimals: dec === undefined || dec === 'INF' ? null : Number(dec),
    });
  }
  return { records, rejected, rowsRead: read };
}
