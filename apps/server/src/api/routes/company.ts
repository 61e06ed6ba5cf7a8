import { getCompanyProfile, listSymbols, searchCompanies, tableProvenance } from '@bahi/market-data';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { defineEndpoint, provenanceOf } from '../endpoint.ts';
import { IsoDate, Num, Str, StringEnum, StrOrNull, SymbolParam } from '../schemas.ts';

const Status = StringEnum(['active', 'suspended', 'delisted'] as const, { description: 'Listing status' });

export const CompanySummary = Type.Object({
  symbol: StrOrNull('NSE symbol'),
  name: Str('Company name'),
  isin: Str('ISIN'),
  sector: StrOrNull('Sector'),
  industry: StrOrNull('Industry'),
  status: Str('Listing status'),
  marketCap: Num('Market capitalisation at the latest close, rupees crore'),
});

export const stockSymbols = defineEndpoint({
  path: '/stock-symbols',
  operationId: 'stockSymbols',
  tag: 'Company',
  summary: 'Stock symbols',
  description: 'Every listed company with its NSE symbol, ISIN, BSE code, series and listing status.',
  query: Type.Object({ status: Type.Optional(Status) }),
  data: Type.Array(
    Type.Object({
      symbol: Str('NSE symbol'),
      name: Str('Company name'),
      isin: Str('ISIN'),
      bseCode: StrOrNull('BSE scrip code'),
      series: Str('NSE series'),
      status: Status,
    }),
  ),
  tabular: true,
  access: 'market',
  example: { query: { status: 'active' } },
  load: async ({ db, query }) => {
    const rows = await listSymbols(db, query.status ? { status: query.status } : {});
    const prov = await tableProvenance(db, 'company');
    return { data: rows, asOf: prov.asOf ?? '', source: prov.source };
  },
});

export const companyProfile = defineEndpoint({
  path: '/company-profile/:symbol',
  operationId: 'companyProfile',
  tag: 'Company',
  summary: 'Company profile',
  description:
    'Master data of one company: names and codes, listing, face value, sector and industry, status and former symbols.',
  params: SymbolParam,
  data: Type.Object({
    symbol: StrOrNull('NSE symbol'),
    name: Str('Company name'),
    isin: Str('ISIN'),
    bseCode: StrOrNull('BSE scrip code'),
    series: Str('NSE series'),
    listingDate: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Listing date' }),
    faceValue: Num('Face value per share, rupees'),
    paidUpValue: Num('Paid-up value per share, rupees'),
    marketLot: Type.Integer({ description: 'Market lot' }),
    sector: StrOrNull('Sector'),
    sectorCode: StrOrNull('Sector code'),
    industry: StrOrNull('Industry'),
    industryCode: StrOrNull('Industry code'),
    status: Status,
    delistedOn: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Delisting date' }),
    layout: Str('Statement layout: general, bank, nbfc or insurance'),
    hasConsolidated: Type.Boolean({ description: 'Publishes consolidated statements' }),
    sharesOutstanding: Num('Shares outstanding'),
    synthetic: Type.Boolean({ description: 'True for generated sample companies' }),
    illustrative: Type.Boolean({ description: 'True when the figures are illustrative' }),
    formerSymbols: Type.Array(
      Type.Object({ symbol: Str('Former symbol'), changedOn: IsoDate('Date of change') }),
    ),
  }),
  tabular: false,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' } },
  prepare: [{}],
  load: async ({ db, companies }) => {
    const profile = await getCompanyProfile(db, companies[0]!.ref);
    return profile && { data: profile, asOf: profile.asOf, source: profile.source };
  },
});

export const stockSearch = defineEndpoint({
  path: '/stock-search',
  operationId: 'stockSearch',
  tag: 'Company',
  summary: 'Company search by sector or industry',
  description:
    'Companies in a sector or industry (matched by code or name, case-insensitive), largest first.',
  query: Type.Object({
    group: StringEnum(['sector', 'industry'] as const, { description: 'Search by sector or by industry' }),
    value: Type.String({ minLength: 1, maxLength: 100, description: 'Sector or industry name or code' }),
  }),
  data: Type.Array(CompanySummary),
  tabular: true,
  access: 'market',
  example: { query: { group: 'sector', value: 'Financial Services' } },
  load: async ({ db, query }) => {
    const rows = await searchCompanies(db, { group: query.group, value: query.value });
    if (rows.length === 0) {
      throw new AppError('not_found', `No ${query.group} matches "${query.value}".`, { param: 'value' });
    }
    const prov = await tableProvenance(db, 'company');
    return { data: rows, ...provenanceOf([], prov.asOf ?? ''), source: prov.source };
  },
});
