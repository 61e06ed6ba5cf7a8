import type { Parsed, Rejection } from '../errors.ts';
import { IngestError } from '../errors.ts';
import type { HolderCategory, ShareholdingRecord } from './shareholding.ts';

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
  /** The explicit dimension members, by local name (ShareholdingOfPromoterAndPromoterGroupMember). */
  members: string[];
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/**
 * The parts of an XBRL instance the readers use: contexts (period instant or start/end, and
 * their dimension members), units, and the first value of a text fact by local name.
 */
function readInstance(text: string, file: string) {
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
      members: [...body.matchAll(/<(?:\w+:)?explicitMember\b[^>]*>\s*([^<\s]+)\s*</g)].map((x) =>
        local(x[1]!),
      ),
    });
  }
  const units = new Map<string, string>();
  for (const m of text.matchAll(/<(\w+:)?unit\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/\1?unit>/g)) {
    const measures = [...m[3]!.matchAll(/<(?:\w+:)?measure>\s*([^<\s]+)\s*</g)].map((x) => local(x[1]!));
    units.set(m[2]!, /divide/.test(m[3]!) ? `${measures[0]}/${measures[1]}` : (measures[0] ?? m[2]!));
  }
  const textFact = (name: string) =>
    new RegExp(`<[\\w.-]+:${name}\\b[^>]*>\\s*([^<]*?)\\s*</[\\w.-]+:${name}>`).exec(text)?.[1] ?? null;
  return { contexts, units, textFact };
}

/**
 * Reads an XBRL instance of financial results as filed with the exchanges (Ind AS taxonomy):
 * contexts (period instant or start/end; dimensional contexts are skipped), units, and the
 * numeric facts listed in RESULT_ITEMS with decimals. Standalone or consolidated comes from the
 * NatureOfReportStandaloneConsolidated fact.
 */
export function parseXbrlResults(text: string, file: string): Parsed<XbrlFact> {
  const { contexts, units, textFact } = readInstance(text, file);
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

/**
 * The shareholding pattern categories the product keeps, by the dimension member of SEBI's
 * shareholding taxonomy (in-bse-shp, CategoryOfShareholdersAxis) a percentage is filed under.
 * Public is the non-institutional public (the institutions are their own categories), as in the
 * rest of the product; the whole public block is read only when that member is absent.
 */
const SHP_MEMBERS: [string, HolderCategory][] = [
  ['ShareholdingOfPromoterAndPromoterGroupMember', 'promoter'],
  ['InstitutionsForeignMember', 'fii'],
  ['InstitutionsDomesticMember', 'dii'],
  ['MutualFundsOrUTIMember', 'mutual_fund'],
  ['MutualFundsOrUtiMember', 'mutual_fund'],
  ['CentralGovernmentOrStateGovernmentsMember', 'government'],
  ['NonInstitutionsMember', 'public'],
];
const SHP_PUBLIC = 'PublicShareholdingMember';
const SHP_TOTAL = 'ShareholdingPatternMember';
const SHP_PERCENT = 'ShareholdingAsAPercentageOfTotalNumberOfShares';

/** True when a text is a shareholding-pattern XBRL instance (its percentage facts). */
export function isShareholdingXbrl(text: string): boolean {
  return /<(?:\w+:)?xbrl[\s>]/.test(text) && text.includes(`:${SHP_PERCENT}`);
}

/**
 * Reads a shareholding pattern filed as XBRL (SEBI's shareholding taxonomy, as NSE and BSE
 * publish it with each filing): the percentage of total shares of each category, filed as a
 * fraction (0.5024) or a percentage, at the quarter end of its context; the shareholder count
 * of the whole pattern. The company is the filing's Symbol fact, else the one named (the
 * filings index's symbol, or --company).
 */
export function parseXbrlShareholding(
  text: string,
  file: string,
  company?: string,
): Parsed<ShareholdingRecord> {
  const { contexts, textFact } = readInstance(text, file);
  const symbol = (textFact('Symbol') ?? textFact('NSESymbol') ?? company ?? '').trim().toUpperCase();
  if (symbol === '') {
    throw new IngestError(
      file,
      null,
      'Symbol',
      'the filing names no symbol; name the company with --company SYMBOL',
    );
  }
  const percents: { line: number; member: string; end: string; value: number }[] = [];
  let shareholders: { line: number; end: string; value: number } | null = null;
  let read = 0;
  for (const m of text.matchAll(/<([\w.-]+):(\w+)\b([^>]*\bcontextRef="[^"]+"[^>]*)>([^<]*)<\/\1:\2>/g)) {
    const [, , name, attrs, rawValue] = m as unknown as [string, string, string, string, string];
    if (name !== SHP_PERCENT && name !== 'NumberOfShareholders') continue;
    read++;
    const line = lineAt(text, m.index);
    const contextRef = /\bcontextRef="([^"]+)"/.exec(attrs)![1]!;
    const ctx = contexts.get(contextRef);
    if (!ctx) throw new IngestError(file, line, name, `unknown context "${contextRef}"`);
    const value = Number(rawValue.trim());
    if (rawValue.trim() === '' || !Number.isFinite(value) || value < 0) {
      throw new IngestError(file, line, name, `not a number: "${rawValue}"`);
    }
    const member = ctx.members.length === 1 ? ctx.members[0]! : ctx.members.length === 0 ? SHP_TOTAL : null;
    if (member === null) continue;
    if (name === SHP_PERCENT) percents.push({ line, member, end: ctx.end, value });
    else if (member === SHP_TOTAL && shareholders === null) shareholders = { line, end: ctx.end, value };
  }
  const promoter = percents.find((p) => p.member === SHP_MEMBERS[0]![0]);
  if (!promoter) {
    throw new IngestError(
      file,
      null,
      SHP_PERCENT,
      `no ${SHP_PERCENT} of the promoter and promoter group: not a shareholding pattern this reader knows`,
    );
  }
  // Filed as fractions of one (the taxonomy's "pure" unit) or, by some, as percentages.
  const scale = percents.every((p) => p.value <= 1) ? 100 : 1;
  const records: ShareholdingRecord[] = [];
  const has = new Set(percents.map((p) => p.member));
  const members: [string, HolderCategory][] = has.has('NonInstitutionsMember')
    ? SHP_MEMBERS
    : [...SHP_MEMBERS, [SHP_PUBLIC, 'public']];
  for (const [member, category] of members) {
    const p = percents.find((x) => x.member === member && x.end === promoter.end);
    if (!p || records.some((r) => r.category === category)) continue;
    const value = Math.round(p.value * scale * 10_000) / 10_000;
    if (value > 100) throw new IngestError(file, p.line, SHP_PERCENT, `percentage out of range: ${value}`);
    records.push({ line: p.line, symbol, periodEnd: promoter.end, category, value });
  }
  if (shareholders && shareholders.end === promoter.end) {
    records.push({
      line: shareholders.line,
      symbol,
      periodEnd: promoter.end,
      category: 'shareholders',
      value: shareholders.value,
    });
  }
  return { records, rejected: [], rowsRead: read };
}
