import { getCommodityPctChange, getCommodityPrices, listCommodities } from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str } from '../schemas.ts';

const CodeParam = Type.Object({
  code: Type.String({
    pattern: '^[A-Za-z0-9_]{1,40}$',
    description: 'Commodity code from commodity-list, case-insensitive',
  }),
});

const Commodity = Type.Object({
  code: Str('Commodity code'),
  name: Str('Name'),
  category: Str('Category'),
  unit: Str('Unit of the price'),
  currency: Str('Currency of the price'),
  firstMonth: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'First month with a price',
  }),
  lastMonth: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'Latest month with a price',
  }),
  source: Str('Source'),
  asOf: IsoDate('As-of date'),
});

function unknownCode(code: string): AppError {
  return new AppError('not_found', `Unknown commodity code "${code}"; see commodity-list.`, {
    param: 'code',
  });
}

export const commodityList = defineEndpoint({
  path: '/commodity-list',
  operationId: 'commodityList',
  tag: 'Commodities',
  summary: 'Commodity list',
  description: 'Commodity and raw-material series with monthly prices, optionally of one category.',
  query: Type.Object({
    category: Type.Optional(
      Type.String({ pattern: '^[a-z_]{1,40}$', description: 'Category, e.g. monthly_index, energy, metals' }),
    ),
  }),
  data: Type.Array(Commodity),
  tabular: true,
  access: 'market',
  example: { query: { category: 'monthly_index' } },
  load: async ({ db, query }) => {
    const rows = await listCommodities(db, query.category ? { category: query.category } : {});
    if (rows.length === 0) {
      throw new AppError('not_found', `No commodity category "${query.category}".`, { param: 'category' });
    }
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const commodityPrice = defineEndpoint({
  path: '/commodity-price/:code',
  operationId: 'commodityPrice',
  tag: 'Commodities',
  summary: 'Commodity prices',
  description: 'Monthly prices of one commodity, oldest first (months as YYYY-MM-01).',
  params: CodeParam,
  query: Type.Object({
    from: Type.Optional(Type.String({ format: 'date', description: 'First month, inclusive (YYYY-MM-DD)' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Last month, inclusive (YYYY-MM-DD)' })),
  }),
  data: Type.Object({
    commodity: Commodity,
    prices: Type.Array(
      Type.Object({ month: IsoDate('Month'), price: Type.Number({ description: 'Price in the unit' }) }),
    ),
  }),
  tabular: true,
  csvRows: (d: { commodity: { code: string }; prices: Record<string, unknown>[] }) =>
    d.prices.map((p) => ({ code: d.commodity.code, ...p })),
  access: 'market',
  example: { params: { code: 'IENERGY' }, query: { from: '2024-01-01' } },
  load: async ({ db, params, query }) => {
    if (query.from && query.to && query.from > query.to) {
      throw new AppError('bad_request', '"to" is before "from".', { param: 'to' });
    }
    const r = await getCommodityPrices(db, params.code, query);
    if (!r) throw unknownCode(params.code);
    if (r.prices.length === 0) return null;
    return { data: r, asOf: r.prices.at(-1)!.month, source: provenanceOf(r.prices).source };
  },
});

export const commodityPctChange = defineEndpoint({
  path: '/commodity-pct-change/:code',
  operationId: 'commodityPctChange',
  tag: 'Commodities',
  summary: 'Commodity price changes',
  description:
    'Change of the latest monthly price against 1, 3 and 6 months and 1, 3, 5 and 10 years before, in %.',
  params: CodeParam,
  data: Type.Object({
    commodity: Commodity,
    latest: Type.Union([Type.Object({ month: IsoDate('Month'), price: Type.Number() }), Type.Null()], {
      description: 'Latest monthly price',
    }),
    changes: Type.Array(
      Type.Object({
        horizon: Str('1m, 3m, 6m, 1y, 3y, 5y or 10y'),
        fromMonth: IsoDate('Month compared against'),
        fromPrice: Type.Number({ description: 'Price then' }),
        pctChange: Num('Change, %'),
      }),
    ),
  }),
  tabular: true,
  csvRows: (d: { commodity: { code: string }; changes: Record<string, unknown>[] }) =>
    d.changes.map((c) => ({ code: d.commodity.code, ...c })),
  access: 'market',
  example: { params: { code: 'IENERGY' } },
  load: async ({ db, params }) => {
    const r = await getCommodityPctChange(db, params.code);
    if (!r) throw unknownCode(params.code);
    if (!r.latest) return null;
    return { data: r, asOf: r.latest.month, source: r.latest.source };
  },
});
