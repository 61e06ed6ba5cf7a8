import type { Queryable } from '../db/index.ts';
import { type Provenance, resolveCompany } from './resolve.ts';

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

/**
 * One of the seven shareholding views. `period` is a quarter end (YYYY-MM-DD); default the
 * latest quarter (for the history: the last quarter it includes). Null when the symbol is unknown; `data: null` when the quarter is missing.
 */
export async function getShareholdings(
  q: Queryable,
  view: ShareholdingView,
  symbol: string,
  opts: { period?: string } = {},
): Promise<{ symbol: string | null; view: ShareholdingView; periods: string[]; data: unknown } | null> {
  const ref = await resolveCompany(q, symbol);
  if (!ref) return null;
  const rows = await loadShareholding(q, ref.isin);
  const periods = rows.map((r) => r.periodEnd);
  const p = pick(rows, opts.period);
  const prov = p ? { periodEnd: p.periodEnd, source: p.source, asOf: p.asOf } : null;
  const out = (data: unknown) => ({ symbol: ref.symbol, view, periods, data });
  if (view === 'ownership-history')
    return out(
      // The history up to and including `period` (all of it by default).
      rows
        .filter((r) => !opts.period || r.periodEnd <= opts.period)
        .map((r) => ({
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
        })),
    );
  if (view === 'beneficial-owners') {
    const { rows: owners } = await q.query(
      `SELECT period_end AS "periodEnd", owner_name AS "ownerName", nationality, registered_owner AS "registeredOwner",
              pct, voting_pct AS "votingPct", acquired_on AS "acquiredOn", source, as_of AS "asOf"
         FROM beneficial_owner WHERE isin = $1 AND period_end = COALESCE($2::date,
              (SELECT max(period_end) FROM beneficial_owner WHERE isin = $1))
        ORDER BY pct DESC NULLS LAST, owner_name`,
      [ref.isin, opts.period ?? null],
    );
    return out(owners);
  }
  if (!p || !prov) return out(null);
  switch (view) {
    case 'declaration':
      return out({ ...prov, items: p.declaration ?? {} });
    case 'overall-summary': {
      const nonPromoterNonPublic = p.employeeTrustPct ?? 0;
      return out({
        ...prov,
        totalShares: p.totalShares,
        shareholders: p.shareholders,
        promoterPct: p.promoterPct,
        publicPct: round3(100 - p.promoterPct - nonPromoterNonPublic),
        nonPromoterNonPublicPct: nonPromoterNonPublic,
        promoterPledgedPct: p.promoterPledgedPct,
      });
    }
    case 'axis-summary':
      return out({
        ...prov,
        axes: [
          { axis: 'promoter', pct: p.promoterPct },
          { axis: 'fpi', pct: p.fpiPct },
          { axis: 'dii', pct: p.diiPct },
          { axis: 'government', pct: p.governmentPct },
          { axis: 'public', pct: p.publicPct },
          { axis: 'employee_trusts', pct: p.employeeTrustPct },
        ],
      });
    case 'ownership':
      return out(p);
    case 'category-axis-summary':
      return out({ ...prov, totalShares: p.totalShares, categories: categoryLines(p) });
  }
  return out(null);
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
