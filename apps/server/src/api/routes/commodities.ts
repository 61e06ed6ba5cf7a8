import {
  getCommodityFutures,
  getCommodityPctChange,
  getCommodityPrices,
  listCommodities,
  listCommodityFutures,
} from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StrOrNull } from '../schemas.ts';

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

const FuturesSeries = Type.Object({
  exchange: Str('Exchange (MCX)'),
  symbol: Str('Commodity symbol as the exchange lists it'),
  name: StrOrNull('Name, from the exchange’s contract specifications'),
  unit: StrOrNull('Unit the prices are quoted in, e.g. INR per 10 g'),
  quantityUnit: StrOrNull('Unit of the traded quantity, as the exchange names it (KGS, GRMS, BBL, MMBTU)'),
  firstDate: IsoDate('First trading day held'),
  lastDate: IsoDate('Latest trading day held'),
  contracts: Type.Integer({ description: 'Contracts (expiries) reported on the latest day' }),
  source: Str('Source'),
  asOf: IsoDate('As-of date'),
});

const optionalDate = (description: string) =>
  Type.Optional(Type.String({ format: 'date', description: `${description} (YYYY-MM-DD)` }));

export const commodityFuturesList = defineEndpoint({
  path: '/commodity-futures-list',
  operationId: 'commodityFuturesList',
  tag: 'Commodities',
  summary: 'Commodity futures list',
  description:
    'Commodities with futures prices from the exchange’s daily bhavcopy (MCX): units, the days held and the contracts on the latest day.',
  data: Type.Array(FuturesSeries),
  tabular: true,
  access: 'market',
  example: {},
  load: async ({ db }) => {
    const rows = await listCommodityFutures(db);
    if (rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const commodityFutures = defineEndpoint({
  path: '/commodity-futures/:code',
  operationId: 'commodityFutures',
  tag: 'Commodities',
  summary: 'Commodity futures prices',
  description:
    'Daily futures prices of one commodity, one row per contract (expiry) and trading day, as the exchange’s bhavcopy reports them: the latest day’s contracts by default, one day with `date`, or a range with `from`/`to`; `expiry` keeps one contract. Prices are in the series’ unit; open, high and low are null on a day the contract did not trade.',
  params: Type.Object({
    code: Type.String({
      pattern: '^[A-Za-z0-9]{1,20}$',
      description: 'Commodity symbol from commodity-futures-list (e.g. GOLD, CRUDEOIL), case-insensitive',
    }),
  }),
  query: Type.Object({
    date: optionalDate('One trading day; not with from/to'),
    from: optionalDate('First trading day, inclusive'),
    to: optionalDate('Last trading day, inclusive'),
    expiry: optionalDate('Only the contract expiring on this day'),
  }),
  data: Type.Object({
    series: FuturesSeries,
    futures: Type.Array(
      Type.Object({
        date: IsoDate('Trading day'),
        expiry: IsoDate('Expiry of the contract'),
        instrument: Str('FUTCOM (commodity) or FUTIDX (index) futures'),
        open: Num('Open; null when the contract did not trade'),
        high: Num('High; null when the contract did not trade'),
        low: Num('Low; null when the contract did not trade'),
        close: Type.Number({ description: 'Close, in the series’ unit' }),
        previousClose: Num('Previous close'),
        settlement: Num('Settlement price, when the file gives one'),
        volumeLots: Type.Number({ description: 'Contracts traded, in lots' }),
        volumeQuantity: Num('Quantity traded, in the series’ quantity unit'),
        valueLakhs: Num('Value traded, in lakh rupees'),
        openInterestLots: Num('Open interest at the close, in lots'),
        lotSize: Num('Quantity per lot (traded quantity over lots); null without trades'),
        source: Str('Source file'),
      }),
    ),
  }),
  tabular: true,
  csvRows: (d: { series: { exchange: string; symbol: string }; futures: Record<string, unknown>[] }) =>
    d.futures.map((f) => ({ exchange: d.series.exchange, symbol: d.series.symbol, ...f })),
  access: 'market',
  example: { params: { code: 'GOLD' } },
  load: async ({ db, params, query }) => {
    if (query.date && (query.from || query.to)) {
      throw new AppError('bad_request', 'Give either "date" or "from"/"to", not both.', { param: 'date' });
    }
    if (query.from && query.to && query.from > query.to) {
      throw new AppError('bad_request', '"to" is before "from".', { param: 'to' });
    }
    const r = await getCommodityFutures(db, params.code, query);
    if (!r) {
      throw new AppError('not_found', `No futures for "${params.code}"; see commodity-futures-list.`, {
        param: 'code',
      });
    }
    if (r.futures.length === 0) {
      const asked = query.date ?? `${query.from ?? r.series.firstDate} to ${query.to ?? r.series.lastDate}`;
      throw new AppError(
        'request_failed',
        `No ${r.series.symbol} futures${query.expiry ? ` expiring ${query.expiry}` : ''} on ${asked}; held from ${r.series.firstDate} to ${r.series.lastDate}.`,
      );
    }
    return { data: r, asOf: r.futures.at(-1)!.date, source: provenanceOf(r.futures).source };
  },
});
