import {
  getShareholdings,
  SHAREHOLDING_VIEWS,
  type ShareholdingSeries,
  type ShareholdingView,
} from '@bahi/market-data';
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

const isSeries = (period: string | undefined): period is ShareholdingSeries =>
  period === 'annual' || period === 'quarterly';

function shareholdingEndpoint(view: ShareholdingView): Endpoint {
  const v = views[view];
  // A single-quarter view answers a series (period=annual|quarterly) as a list of itself.
  const listed = (v.data as { type?: string }).type === 'array';
  return defineEndpoint({
    path: `/shareholdings/${view}/:symbol`,
    operationId: `shareholdings${view.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`,
    tag: 'Shareholdings',
    summary: v.summary,
    description: `${v.description} \`period=quarterly\` gives every quarter and \`period=annual\` one a year (the fiscal year's last quarter held), newest first${listed ? '' : ', as a list'}; a quarter end (YYYY-MM-DD, in \`period\` or \`date\`) gives that quarter.`,
    params: SymbolParam,
    query: Type.Object({
      period: Type.Optional(
        Type.String({
          pattern: '^(annual|quarterly|\\d{4}-\\d{2}-\\d{2})$',
          description:
            view === 'ownership-history'
              ? 'annual or quarterly (the series), or the last quarter end included (YYYY-MM-DD); default every quarter'
              : 'annual or quarterly (the series), or a quarter end (YYYY-MM-DD); default the latest quarter',
        }),
      ),
      date: Type.Optional(
        Type.String({ format: 'date', description: 'A quarter end (YYYY-MM-DD), as period=YYYY-MM-DD' }),
      ),
    }),
    data: listed ? v.data : Type.Union([v.data, Type.Array(v.data)]),
    tabular: v.tabular,
    ...(view === 'category-axis-summary'
      ? {
          csvRows: (d: CategoryAxis | CategoryAxis[]) =>
            (Array.isArray(d) ? d : [d]).flatMap((q) =>
              q.categories.map((c) => ({ periodEnd: q.periodEnd, ...c })),
            ),
        }
      : {}),
    access: 'symbol',
    symbols: (p) => [p.symbol],
    example: { params: { symbol: 'RELIANCE' } },
    load: async ({ db, companies, query }) => {
      const company = companies[0]!;
      if (query.date && query.period && query.date !== query.period) {
        throw new AppError('bad_request', 'Give the quarter in period or in date, not two different ones.', {
          param: 'date',
        });
      }
      const series = isSeries(query.period) ? query.period : undefined;
      const period = query.date ?? (series ? undefined : query.period);
      const r = await getShareholdings(db, view, company.ref, {
        ...(period ? { period } : {}),
        ...(series ? { series } : {}),
      });
      if (!r) return null;
      const empty = r.data === null || (Array.isArray(r.data) && r.data.length === 0);
      if (empty && view === 'beneficial-owners' && r.quarter && (!period || r.quarter.periodEnd === period)) {
        // The quarter's pattern is held and declares no significant beneficial owner: an answer.
        return { data: [], asOf: r.quarter.asOf, source: r.quarter.source };
      }
      if (empty) {
        const held = r.periods.length
          ? `available: ${r.periods.slice(0, 12).join(', ')}${r.periods.length > 12 ? ', …' : ''}`
          : 'none is on record for this company';
        throw new AppError(
          'request_failed',
          period
            ? `No shareholding pattern for ${company.symbol} for the quarter ending ${period}; ${held}.`
            : `No shareholding pattern is on record for ${company.symbol}, so no ${v.summary.toLowerCase()}.`,
        );
      }
      const rows = Array.isArray(r.data) ? r.data : [r.data];
      const p = provenanceOf(rows as { asOf?: string; source?: string }[]);
      return { data: r.data, ...p };
    },
  });
}

type CategoryAxis = { periodEnd: string; categories: Record<string, unknown>[] };

export const shareholdings = SHAREHOLDING_VIEWS.map(shareholdingEndpoint);
