import { sampleSymbols } from '@bahi/contracts';
import {
  getSuperinvestorHoldings,
  getSuperinvestorsHolding,
  listSuperinvestors,
  tableProvenance,
} from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StrOrNull, SymbolParam } from '../schemas.ts';

const Holding = Type.Object({
  investorId: Str('Investor id'),
  investorName: Str('Investor'),
  symbol: StrOrNull('NSE symbol'),
  company: Str('Company'),
  isin: Str('ISIN'),
  periodEnd: IsoDate('Quarter end of the disclosure'),
  shares: Type.Number({ description: 'Shares held' }),
  pct: Num('Holding, % of the company'),
  source: Str('Source'),
  asOf: IsoDate('As-of date'),
});

export const superinvestorList = defineEndpoint({
  path: '/superinvestors',
  operationId: 'superinvestors',
  tag: 'Superinvestors',
  summary: 'Superinvestors',
  description:
    'Investors whose disclosed portfolios are tracked, with the size and quarter of their latest portfolio.',
  data: Type.Array(
    Type.Object({
      id: Str('Investor id, for superinvestor-portfolio'),
      name: Str('Name'),
      kind: Str('individual or institution'),
      description: StrOrNull('About the investor'),
      synthetic: Type.Boolean({ description: 'True for generated sample investors' }),
      holdings: Type.Integer({ description: 'Holdings in the latest quarter' }),
      latestPeriod: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
        description: 'Latest quarter end',
      }),
      source: Str('Source'),
      asOf: IsoDate('As-of date'),
    }),
  ),
  tabular: true,
  access: 'market',
  example: {},
  load: async ({ db }) => {
    const rows = await listSuperinvestors(db);
    if (rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const superinvestorPortfolio = defineEndpoint({
  path: '/superinvestor-portfolio/:investor_id',
  operationId: 'superinvestorPortfolio',
  tag: 'Superinvestors',
  summary: 'Superinvestor portfolio',
  description: 'One investor’s disclosed holdings in a quarter, largest first. Paid plans.',
  params: Type.Object({
    investor_id: Type.String({
      pattern: '^[a-z0-9-]{1,60}$',
      description: 'Investor id from superinvestors',
    }),
  }),
  query: Type.Object({
    period: Type.Optional(Type.String({ format: 'date', description: 'Quarter end; default the latest' })),
  }),
  data: Type.Array(Holding),
  tabular: true,
  access: 'paid',
  example: async (db) => {
    const [first] = await listSuperinvestors(db);
    return { params: { investor_id: first?.id ?? 'unknown' } };
  },
  load: async ({ db, params, query }) => {
    const rows = await getSuperinvestorHoldings(
      db,
      params.investor_id,
      query.period ? { period: query.period } : {},
    );
    if (!rows) {
      throw new AppError('not_found', `Unknown investor "${params.investor_id}".`, { param: 'investor_id' });
    }
    if (rows.length === 0) return null;
    return { data: rows, ...provenanceOf(rows) };
  },
});

export const superinvestorHolders = defineEndpoint({
  path: '/superinvestor-holders/:symbol',
  operationId: 'superinvestorHolders',
  tag: 'Superinvestors',
  summary: 'Superinvestors holding a company',
  description: 'Tracked investors holding the company in their latest disclosed portfolio.',
  params: SymbolParam,
  data: Type.Array(Holding),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: async (db) => {
    for (const symbol of sampleSymbols) {
      if ((await getSuperinvestorsHolding(db, symbol))?.length) return { params: { symbol } };
    }
    return { params: { symbol: sampleSymbols[0] } };
  },
  load: async ({ db, companies }) => {
    const rows = await getSuperinvestorsHolding(db, companies[0]!.ref);
    if (!rows) return null;
    // An empty list is an answer: no tracked investor holds the company.
    const prov = await tableProvenance(db, 'superinvestor');
    return { data: rows, ...provenanceOf(rows, prov.asOf ?? ''), source: prov.source };
  },
});
