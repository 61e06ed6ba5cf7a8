import { CORPORATE_ACTIONS, getCorporateActions, getDividends } from '@bahi/market-data';
import { Type } from 'typebox';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StringEnum, StrOrNull, SymbolParam } from '../schemas.ts';

const OptDate = (d: string) => Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: d });

const Action = Type.Object({
  symbol: StrOrNull('NSE symbol'),
  action: Str('dividend, bonus, split, rights, buyback, demerger or other'),
  exDate: IsoDate('Ex-date'),
  recordDate: OptDate('Record date'),
  bookClosureStart: OptDate('Book closure start'),
  bookClosureEnd: OptDate('Book closure end'),
  purpose: Str('Purpose as the exchange published it'),
  dividendPerShare: Num('Dividend per share, rupees'),
  dividendKind: StrOrNull('interim, final or special'),
  ratio: StrOrNull('Bonus or rights ratio new:held'),
  faceValueFrom: Num('Face value before a split, rupees'),
  faceValueTo: Num('Face value after a split, rupees'),
  offerPrice: Num('Rights or buyback price, rupees'),
  source: Str('Source'),
  asOf: IsoDate('As-of date'),
});

export const corporateActions = defineEndpoint({
  path: '/corporate-actions/:corp_action/:symbol',
  operationId: 'corporateActions',
  tag: 'Corporate Action',
  summary: 'Corporate actions',
  description:
    'Corporate actions of one kind (or all), newest first, with ex, record and book-closure dates.',
  params: Type.Object({
    corp_action: StringEnum([...CORPORATE_ACTIONS, 'all'] as const, {
      description: 'Kind of corporate action',
    }),
    ...SymbolParam.properties,
  }),
  data: Type.Array(Action),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { corp_action: 'bonus', symbol: 'RELIANCE' } },
  load: async ({ db, companies, params }) => {
    const rows = await getCorporateActions(db, companies[0]!.ref, params.corp_action);
    if (!rows || rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const dividend = defineEndpoint({
  path: '/dividend/:symbol',
  operationId: 'dividend',
  tag: 'Corporate Action',
  summary: 'Dividends',
  description:
    'Every dividend, newest first, with totals per fiscal year (April–March, named by the ending year).',
  params: SymbolParam,
  data: Type.Object({
    dividends: Type.Array(Action),
    byFiscalYear: Type.Array(
      Type.Object({
        fiscalYear: Type.Integer({ description: 'Fiscal year' }),
        total: Type.Number({ description: 'Dividends per share in the year, rupees' }),
      }),
    ),
  }),
  tabular: true,
  csvRows: (d: { dividends: Record<string, unknown>[] }) => d.dividends,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: [{}],
  load: async ({ db, companies }) => {
    const r = await getDividends(db, companies[0]!.ref);
    if (!r || r.dividends.length === 0) return null;
    return { data: { dividends: r.dividends, byFiscalYear: r.byFiscalYear }, ...provenanceOf(r.dividends) };
  },
});
