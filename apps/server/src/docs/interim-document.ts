import type { DocParameter, DocSchema, SwaggerDocument } from './swagger-document.ts';

/**
 * The API's endpoint list as SPEC §7 names it, as a Swagger 2.0 document. It stands in for the
 * document generated from the data API's route schemas until that is served, and is replaced
 * by it (the reference tools take any document through a DocumentSource).
 */
const symbol: DocParameter = {
  name: 'symbol',
  in: 'path',
  type: 'string',
  required: true,
  description: 'NSE symbol of the company, e.g. ITC',
  'x-example': 'ITC',
};
const token: DocParameter = {
  name: 'token',
  in: 'query',
  type: 'string',
  required: true,
  description: 'Your API key',
};
const q = (name: string, description: string, extra: Partial<DocParameter> = {}): DocParameter => ({
  name,
  in: 'query',
  type: 'string',
  required: false,
  description,
  ...extra,
});

const rowsOf = (properties: Record<string, DocSchema>): DocSchema => ({
  type: 'object',
  properties: { data: { type: 'array', items: { type: 'object', properties } } },
});
const companyRow: Record<string, DocSchema> = {
  symbol: { type: 'string', description: 'NSE symbol', example: 'ITC' },
  company: { type: 'string', description: 'Company name', example: 'ITC Limited' },
};

type Entry = [tag: string, path: string, summary: string, params: DocParameter[], fields?: DocSchema];
const entries: Entry[] = [
  ['Company', '/stock-symbols', 'Stock symbols', [], rowsOf(companyRow)],
  ['Company', '/company-profile/{symbol}', 'Company profile', [symbol]],
  [
    'Company',
    '/stock-search',
    'Company search by sector or industry',
    [
      q('group', 'sector or industry', { required: true, enum: ['sector', 'industry'] }),
      q('value', 'Sector or industry name', { required: true, 'x-example': 'Banks' }),
    ],
    rowsOf(companyRow),
  ],
  [
    'Financials',
    '/financials/{symbol}',
    'Financial statements',
    [
      symbol,
      q('statement_type', 's: standalone, c: consolidated', { enum: ['s', 'c'] }),
      q('statement_code', 'pl, bs or cf', { enum: ['pl', 'bs', 'cf'] }),
      q('period', 'annual or quarterly', { enum: ['annual', 'quarterly'] }),
    ],
  ],
  ['Financials', '/segment-revenue/{symbol}', 'Revenue by segment', [symbol]],
  [
    'Financial Analysis',
    '/ratios/{symbol}',
    'Ratios',
    [
      symbol,
      q('statement_type', 's or c', { enum: ['s', 'c'] }),
      q('ratio_type', 'gr or pr', { enum: ['gr', 'pr'] }),
    ],
  ],
  ['Financial Analysis', '/financial-metrics/{symbol}', 'Financial metrics', [symbol]],
  ['Financial Analysis', '/basic-financials/{symbol}', 'Basic financials', [symbol]],
  [
    'Price',
    '/quote',
    'Daily quote',
    [
      q('symbol', 'One or more symbols (repeat the parameter)', {
        type: 'array',
        required: true,
        items: { type: 'string' },
        'x-example': ['ITC', 'RELIANCE'],
      }),
    ],
  ],
  ['Price', '/daily-quotes/{symbol}', 'Historical adjusted price', [symbol]],
  ['Price', '/daily-price-ratios/{symbol}', 'Daily price ratios', [symbol]],
  ['Price', '/annual-price-ratios/{symbol}', 'Annual price ratios', [symbol]],
  [
    'Peers',
    '/peers/{symbol}',
    'Peers',
    [symbol, q('group', 'sector or industry', { enum: ['sector', 'industry'] })],
  ],
  ...(
    [
      ['declaration', 'Declaration'],
      ['overall-summary', 'Ownership structure'],
      ['axis-summary', 'Shareholding pattern'],
      ['ownership', 'Current ownership'],
      ['ownership-history', 'Ownership history'],
      ['beneficial-owners', 'Beneficial owners'],
      ['category-axis-summary', 'Category summary'],
    ] as const
  ).map(
    ([slug, summary]): Entry => [
      'Shareholdings',
      `/shareholdings/${slug}/{symbol}`,
      summary,
      [symbol, q('period', 'Quarter end, yyyymmdd')],
    ],
  ),
  [
    'Corporate Action',
    '/corporate-actions/{corp_action}/{symbol}',
    'Corporate actions',
    [
      {
        name: 'corp_action',
        in: 'path',
        type: 'string',
        required: true,
        description: 'bonus, split, rights, buyback',
        'x-example': 'bonus',
      },
      symbol,
    ],
  ],
  ['Corporate Action', '/dividend/{symbol}', 'Dividends', [symbol]],
  [
    'Commodities',
    '/commodity-list',
    'Commodity list',
    [q('category', 'Category', { 'x-example': 'monthly_index' })],
  ],
  ...(['commodity-price', 'commodity-pct-change'] as const).map(
    (slug): Entry => [
      'Commodities',
      `/${slug}/{code}`,
      slug === 'commodity-price' ? 'Commodity price' : 'Commodity price change',
      [
        {
          name: 'code',
          in: 'path',
          type: 'string',
          required: true,
          description: 'Commodity code',
          'x-example': 'GOLD',
        },
      ],
    ],
  ),
  ['Exchange', '/holidays-calender', 'Holidays calendar', []],
];

export function interimSwaggerDocument(publicUrl: string): SwaggerDocument {
  const url = new URL(publicUrl);
  const paths: SwaggerDocument['paths'] = {};
  for (const [tag, path, summary, params, schema] of entries) {
    paths[path] = {
      get: {
        tags: [tag],
        summary,
        description: `${summary}. Answers JSON.`,
        parameters: [...params, token],
        responses: {
          '200': { description: 'OK', ...(schema ? { schema } : {}) },
          '401': { description: 'No valid API key provided' },
        },
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'Bahi financial data API', version: '1.0' },
    host: url.host,
    basePath: '/api/v1',
    schemes: [url.protocol.replace(':', '')],
    paths,
  };
}
