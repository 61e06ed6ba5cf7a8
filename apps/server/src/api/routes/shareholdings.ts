import { getShareholdings, SHAREHOLDING_VIEWS, type ShareholdingView } from '@bahi/market-data';
import { type TSchema, Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, type Endpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, SymbolParam } from '../schemas.ts';

const Pct = (d: string) => Num(`${d}, % of total shares`);
const prov = { periodEnd: IsoDate('Quarter end'), source: Str('Source'), asOf: IsoDate('As-of date') };

const pattern = Type.Object({
  ...prov,
  totalShares: Type.Number({ description: 'Total shares' }),
  shareholders: Num('Number of shareholders'),
  promoterPct: Type.Number({ description: 'Promoter and promoter group, % of total shares' }),
  promoterIndianPct: Pct('Indian promoters'),
  promoterForeignPct: Pct('Foreign promoters'),
  promoterPledgedPct: Num('Promoter shares pledged, % of promoter holding'),
  promoterHolders: Num('Promoter holders'),
  fpiPct: Pct('Foreign portfolio investors'),
  fpiHolders: Num('FPI holders'),
  diiPct: Pct('Domestic institutions'),
  mutualFundsPct: Pct('Mutual funds'),
  insurancePct: Pct('Insurance companies'),
  banksPct: Pct('Banks'),
  otherDiiPct: Pct('Other domestic institutions'),
  diiHolders: Num('DII holders'),
  governmentPct: Pct('Government'),
  publicPct: Pct('Public (non-institutional)'),
  retailPct: Pct('Retail (up to 2 lakh rupees)'),
  hniPct: Pct('HNI (above 2 lakh rupees)'),
  otherPublicPct: Pct('Other public'),
  publicHolders: Num('Public holders'),
  employeeTrustPct: Pct('Employee benefit trusts'),
});

const views: Record<
  ShareholdingView,
  { summary: string; description: string; data: TSchema; tabular: boolean }
> = {
  declaration: {
    summary: 'Shareholding declaration',
    description:
      'The company’s declarations with the pattern (pledges, locked-in shares, depository receipts…).',
    data: Type.Object({
      ...prov,
      items: Type.Record(Type.String(), Type.Boolean(), { description: 'Question → answer' }),
    }),
    tabular: false,
  },
  'overall-summary': {
    summary: 'Ownership structure',
    description: 'Promoter, public and non-promoter non-public shares in the quarter.',
    data: Type.Object({
      ...prov,
      totalShares: Type.Number({ description: 'Total shares' }),
      shareholders: Num('Number of shareholders'),
      promoterPct: Type.Number({ description: 'Promoter and promoter group, %' }),
      publicPct: Type.Number({ description: 'Public, %' }),
      nonPromoterNonPublicPct: Type.Number({ description: 'Non-promoter non-public (employee trusts), %' }),
      promoterPledgedPct: Num('Promoter shares pledged, %'),
    }),
    tabular: false,
  },
  'axis-summary': {
    summary: 'Shareholding pattern',
    description: 'Holdings by axis: promoter, FPI, DII, government, public, employee trusts.',
    data: Type.Object({
      ...prov,
      axes: Type.Array(Type.Object({ axis: Str('Axis'), pct: Pct('Holding') })),
    }),
    tabular: false,
  },
  ownership: {
    summary: 'Current ownership',
    description: 'The full pattern of the quarter in SEBI categories, with holder counts.',
    data: pattern,
    tabular: false,
  },
  'ownership-history': {
    summary: 'Ownership history',
    description: 'The main categories for every quarter, newest first.',
    data: Type.Array(
      Type.Object({
        periodEnd: IsoDate('Quarter end'),
        promoterPct: Type.Number({ description: 'Promoter, %' }),
        promoterPledgedPct: Num('Pledged, % of promoter holding'),
        fpiPct: Pct('FPI'),
        diiPct: Pct('DII'),
        mutualFundsPct: Pct('Mutual funds'),
        governmentPct: Pct('Government'),
        publicPct: Pct('Public'),
        shareholders: Num('Shareholders'),
        source: Str('Source'),
        asOf: IsoDate('As-of date'),
      }),
    ),
    tabular: true,
  },
  'beneficial-owners': {
    summary: 'Significant beneficial owners',
    description: 'Significant beneficial owners declared for the quarter, largest first.',
    data: Type.Array(
      Type.Object({
        periodEnd: IsoDate('Quarter end'),
        ownerName: Str('Beneficial owner'),
        nationality: Type.Union([Type.String(), Type.Null()], { description: 'Nationality' }),
        registeredOwner: Type.Union([Type.String(), Type.Null()], { description: 'Registered owner' }),
        pct: Pct('Holding'),
        votingPct: Num('Voting rights, %'),
        acquiredOn: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description: 'Acquired on',
        }),
        source: Str('Source'),
        asOf: IsoDate('As-of date'),
      }),
    ),
    tabular: true,
  },
  'category-axis-summary': {
    summary: 'Holdings by category',
    description: 'Every SEBI category with its parent axis, percentage, shares and holders.',
    data: Type.Object({
      ...prov,
      totalShares: Type.Number({ description: 'Total shares' }),
      categories: Type.Array(
        Type.Object({
          category: Str('Category'),
          parent: Type.Union([Type.String(), Type.Null()], { description: 'Parent category (axis)' }),
          pct: Pct('Holding'),
          shares: Num('Shares'),
          holders: Num('Holders'),
        }),
      ),
    }),
    tabular: true,
  },
};

function shareholdingEndpoint(view: ShareholdingView): Endpoint {
  const v = views[view];
  return defineEndpoint({
    path: `/shareholdings/${view}/:symbol`,
    operationId: `shareholdings${view.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`,
    tag: 'Shareholdings',
    summary: v.summary,
    description: `${v.description}`,
    params: SymbolParam,
    query: Type.Object({
      period: Type.Optional(
        Type.String({
          format: 'date',
          description:
            view === 'ownership-history'
              ? 'Last quarter end included (YYYY-MM-DD); default the latest quarter'
              : 'Quarter end (YYYY-MM-DD); default the latest quarter',
        }),
      ),
    }),
    data: v.data,
    tabular: v.tabular,
    ...(view === 'category-axis-summary'
      ? {
          csvRows: (d: { periodEnd: string; categories: Record<string, unknown>[] }) =>
            d.categories.map((c) => ({ periodEnd: d.periodEnd, ...c })),
        }
      : {}),
    access: 'symbol',
    symbols: (p) => [p.symbol],
    example: { params: { symbol: 'RELIANCE' } },
    load: async ({ db, companies, query }) => {
      const r = await getShareholdings(
        db,
        view,
        companies[0]!.isin,
        query.period ? { period: query.period } : {},
      );
      if (!r) return null;
      if (r.data === null || (Array.isArray(r.data) && r.data.length === 0)) {
        if (query.period && !r.periods.includes(query.period)) {
          throw new AppError(
            'request_failed',
            `No shareholding pattern for the quarter ending ${query.period}; available: ${r.periods.slice(0, 12).join(', ')}.`,
          );
        }
        return null;
      }
      const rows = Array.isArray(r.data) ? r.data : [r.data];
      const p = provenanceOf(rows as { asOf?: string; source?: string }[]);
      return { data: r.data, ...p };
    },
  });
}

export const shareholdings = SHAREHOLDING_VIEWS.map(shareholdingEndpoint);
