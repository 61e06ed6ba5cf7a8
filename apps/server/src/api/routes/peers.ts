import { getPeers, tableProvenance } from '@bahi/market-data';
import { Type } from 'typebox';
import { defineEndpoint } from '../endpoint.ts';
import { StringEnum, SymbolParam } from '../schemas.ts';
import { CompanySummary } from './company.ts';

export const peers = defineEndpoint({
  path: '/peers/:symbol',
  operationId: 'peers',
  tag: 'Peers',
  summary: 'Peers',
  description:
    'Active companies in the same industry (default) or sector, largest market capitalisation first.',
  params: SymbolParam,
  query: Type.Object({
    group: Type.Optional(
      StringEnum(['industry', 'sector'] as const, {
        default: 'industry',
        description: 'Compare within the industry (default) or the whole sector',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Most peers to return' }),
    ),
  }),
  data: Type.Array(CompanySummary),
  tabular: true,
  access: 'symbol',
  symbols: (p) => [p.symbol],
  example: { params: { symbol: 'ITC' }, query: { group: 'sector' } },
  prepare: [{ group: 'industry' }, { group: 'sector' }],
  load: async ({ db, companies, query }) => {
    const r = await getPeers(db, companies[0]!.ref, {
      group: query.group ?? 'industry',
      limit: query.limit ?? 20,
    });
    if (!r) return null;
    // An empty list is an answer: the company has no active peer in the group.
    const prov = await tableProvenance(db, 'company');
    return { data: r.peers, asOf: prov.asOf ?? '', source: prov.source };
  },
});
