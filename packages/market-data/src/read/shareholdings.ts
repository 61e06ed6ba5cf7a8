import type { Queryable } from '../db/index.ts';
import { type CompanyName, type Provenance, refOf } from './resolve.ts';

export const SHAREHOLDING_VIEWS = [
  'declaration',
  'overall-summary',
  'axis-summary',
  'ownership',
  'ownership-history',
  'beneficial-owners',
  'category-axis-summary',
] as const;
export type ShareholdingView = (typeof SHAREHOLDING_VIEWS)[number];

/** One quarter's pattern, SEBI categories, percentages of total shares. */
export interface ShareholdingPattern extends Provenance {
  periodEnd: string;
  totalShares: number;
  shareholders: number | null;
  promoterPct: number;
  promoterIndianPct: number | null;
  promoterForeignPct: number | null;
  promoterPledgedPct: number | null;
  promoterHolders: number | null;
  fpiPct: number | null;
  fpiHolders: number | null;
  diiPct: number | null;
  mutualFundsPct: number | null;
  insurancePct: number | null;
  banksPct: number | null;
  otherDiiPct: number | null;
  diiHolders: number | null;
  governmentPct: number | null;
  publicPct: number | null;
  retailPct: number | null;
  hniPct: number | null;
  otherPublicPct: number | null;
  publicHolders: number | null;
  employeeTrustPct: number | null;
  declaration: Record<string, boolean> | null;
}

const PATTERN_COLUMNS = `period_end AS "periodEnd", total_shares AS "totalShares", shareholders,
  promoter_pct AS "promoterPct", promoter_indian_pct AS "promoterIndianPct", promoter_foreign_pct AS "promoterForeignPct",
  promoter_pledged_pct AS "promoterPledgedPct", promoter_holders AS "promoterHolders", fpi_pct AS "fpiPct",
  fpi_holders AS "fpiHolders", dii_pct AS "diiPct", mutual_funds_pct AS "mutualFundsPct",
  insurance_pct AS "insurancePct", banks_pct AS "banksPct", other_dii_pct AS "otherDiiPct", dii_holders AS "diiHolders",
  government_pct AS "governmentPct", public_pct AS "publicPct", retail_pct AS "retailPct", hni_pct AS "hniPct",
  other_public_pct AS "otherPublicPct", public_holders AS "publicHolders", employee_trust_pct AS "employeeTrustPct",
  declaration, source, as_of AS "asOf"`;

export async function loadShareholding(q: Queryable, isin: string): Promise<ShareholdingPattern[]> {
  const { rows } = await q.query<ShareholdingPattern>(
    `SELECT ${PATTERN_COLUMNS} FROM shareholding WHERE isin = $1 ORDER BY period_end DESC`,
    [isin],
  );
  return rows;
}

interface CategoryLine {
  category: string;
  parent: string | null;
  pct: number | null;
  shares: number | null;
  holders: number | null;
}

const pctShares = (p: ShareholdingPattern, pct: number | null) =>
  pct === null ? null : Math.round((p.totalShares * pct) / 100);

/** The pattern flattened into SEBI categories with their parent (axis) for tables and charts. */
export function categoryLines(p: ShareholdingPattern): CategoryLine[] {
  const line = (
    category: string,
    parent: string | null,
    pct: number | null,
    holders: number | null = null,
  ) => ({
    category,
    parent,
    pct,
    shares: pctShares(p, pct),
    holders,
  });
  return [
    line('promoter', null, p.promoterPct, p.promoterHolders),
    line('promoter_indian', 'promoter', p.promoterIndianPct),
    line('promoter_foreign', 'promoter', p.promoterForeignPct),
    line('fpi', 'public_institutions', p.fpiPct, p.fpiHolders),
    line('dii', 'public_institutions', p.diiPct, p.diiHolders),
    line('mutual_funds', 'dii', p.mutualFundsPct),
    line('insurance', 'dii', p.insurancePct),
    line('banks', 'dii', p.banksPct),
    line('other_dii', 'dii', p.otherDiiPct),
    line('government', 'public_institutions', p.governmentPct),
    line('public', null, p.publicPct, p.publicHolders),
    line('retail', 'public', p.retailPct),
    line('hni', 'public', p.hniPct),
    line('other_public', 'public', p.otherPublicPct),
    line('employee_trusts', null, p.employeeTrustPct),
  ];
}

function pick(rows: ShareholdingPattern[], period?: string): ShareholdingPattern | undefined {
  return period ? rows.find((r) => r.periodEnd === period) : rows[0];
}

/** A series of quarters: every quarter, or one a year (the fiscal year's last quarter held). */
export type ShareholdingSeries = 'annual' | 'quarterly';

/** Indian fiscal year of a quarter end: April to March, named by the year it ends. */
const fiscalYear = (periodEnd: string) =>
  Number(periodEnd.slice(0, 4)) + (Number(periodEnd.slice(5, 7)) >= 4 ? 1 : 0);

/** The quarters of a series, newest first (rows come newest first). */
function seriesOf(rows: ShareholdingPattern[], series: ShareholdingSeries): ShareholdingPattern[] {
  if (series === 'quarterly') return rows;
  const years = new Set<number>();
  return rows.filter((r) => {
    const fy = fiscalYear(r.periodEnd);
    if (years.has(fy)) return false;
    years.add(fy);
    return true;
  });
}

/** One quarter's pattern as one of the single-quarter views. */
function viewOf(view: ShareholdingView, p: ShareholdingPattern): unknown {
  const prov = { periodEnd: p.periodEnd, source: p.source, asOf: p.asOf };
  switch (view) {
    case 'declaration':
      return { ...prov, items: p.declaration ?? {} };
    case 'overall-summary': {
      const nonPromoterNonPublic = p.employeeTrustPct ?? 0;
      return {
        ...prov,
        totalShares: p.totalShares,
        shareholders: p.shareholders,
        promoterPct: p.promoterPct,
        publicPct: round3(100 - p.promoterPct - nonPromoterNonPublic),
        nonPromoterNonPublicPct: nonPromoterNonPublic,
        promoterPledgedPct: p.promoterPledgedPct,
      };
    }
    case 'axis-summary':
      return {
        ...prov,
        axes: [
          { axis: 'promoter', pct: p.promoterPct },
          { axis: 'fpi', pct: p.fpiPct },
          { axis: 'dii', pct: p.diiPct },
          { axis: 'government', pct: p.governmentPct },
          { axis: 'public', pct: p.publicPct },
          { axis: 'employee_trusts', pct: p.employeeTrustPct },
        ],
      };
    case 'category-axis-summary':
      return { ...prov, totalShares: p.totalShares, categories: categoryLines(p) };
    default:
      return p;
  }
}

const historyRow = (r: ShareholdingPattern) => ({
  periodEnd: r.periodEnd,
  promoterPct: r.promoterPct,
  promoterPledgedPct: r.promoterPledgedPct,
  fpiPct: r.fpiPct,
  diiPct: r.diiPct,
  mutualFundsPct: r.mutualFundsPct,
  governmentPct: r.governmentPct,
  publicPct: r.publicPct,
  shareholders: r.shareholders,
  source: r.source,
  asOf: r.asOf,
});

export interface ShareholdingAnswer {
  symbol: string | null;
  view: ShareholdingView;
  /** Every quarter end held for the company, newest first. */
  periods: string[];
  /** The view: one quarter's, or (a series, the history, beneficial owners) a list; null when the quarter is missing. */
  data: unknown;
  /** The quarter (or latest quarter of the series) answered, when the company's pattern holds it. */
  quarter: (Provenance & { periodEnd: string }) | null;
}

/**
 * One of the seven shareholding views. `period` is a quarter end (YYYY-MM-DD); default the
 * latest quarter (for the history: the last quarter it includes). `series` asks for every quarter
 * or one a year instead, newest first. Null when the symbol is unknown; `data: null` when the
 * quarter is missing. Beneficial owners of a quarter the pattern holds are a list, empty when
 * none are declared (no significant beneficial owner on record).
 */
export async function getShareholdings(
  q: Queryable,
  view: ShareholdingView,
  symbol: CompanyName,
  opts: { period?: string; series?: ShareholdingSeries } = {},
): Promise<ShareholdingAnswer | null> {
  const ref = await refOf(q, symbol);
  if (!ref) return null;
  const rows = await loadShareholding(q, ref.isin);
  const periods = rows.map((r) => r.periodEnd);
  const p = opts.series ? rows[0] : pick(rows, opts.period);
  const quarter = p ? { periodEnd: p.periodEnd, source: p.source, asOf: p.asOf } : null;
  const out = (data: unknown) => ({ symbol: ref.symbol, view, periods, data, quarter });
  const series = opts.series ? seriesOf(rows, opts.series) : null;
  if (view === 'ownership-history')
    // The history up to and including `period` (all of it by default), or the series asked.
    return out((series ?? rows.filter((r) => !opts.period || r.periodEnd <= opts.period)).map(historyRow));
  if (view === 'beneficial-owners') {
    const quarters = series ? series.map((r) => r.periodEnd) : p ? [p.periodEnd] : [];
    const { rows: owners } = await q.query(
      `SELECT period_end AS "periodEnd", owner_name AS "ownerName", nationality, registered_owner AS "registeredOwner",
              pct, voting_pct AS "votingPct", acquired_on AS "acquiredOn", source, as_of AS "asOf"
         FROM beneficial_owner WHERE isin = $1 AND (period_end = ANY($2::date[])
              OR (cardinality($2::date[]) = 0 AND period_end = COALESCE($3::date,
                  (SELECT max(period_end) FROM beneficial_owner WHERE isin = $1))))
        ORDER BY period_end DESC, pct DESC NULLS LAST, owner_name`,
      [ref.isin, quarters, opts.period ?? null],
    );
    return out(owners);
  }
  if (series) return out(series.map((r) => viewOf(view, r)));
  if (!p) return out(null);
  return out(viewOf(view, p));
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
