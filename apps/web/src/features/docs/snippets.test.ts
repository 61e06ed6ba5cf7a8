import { describe, expect, it } from 'vitest';
import { filterGroups, groupEndpoints } from './endpoint-index.ts';
import { buildSnippet } from './snippets.ts';
import type { SwaggerDocument } from './swagger.ts';

function makeDocument(): SwaggerDocument {
  const ok = { '200': { description: 'ok' } };
  return {
    swagger: '2.0',
    info: { title: 'Test', version: '1.0' },
    basePath: '/api/v1',
    paths: {
      '/holidays-calender': { get: { tags: ['Exchange'], summary: 'Holidays calendar', responses: ok } },
      '/quote': {
        get: {
          tags: ['Price'],
          summary: 'Daily quote',
          parameters: [
            { name: 'symbol', in: 'query', type: 'array', required: true, 'x-example': ['ITC', 'RELIANCE'] },
          ],
          responses: ok,
        },
      },
      '/company-profile/{symbol}': {
        get: {
          tags: ['Company'],
          summary: 'Company profile',
          parameters: [{ name: 'symbol', in: 'path', type: 'string', required: true, 'x-example': 'ITC' }],
          responses: ok,
        },
      },
      '/stock-symbols': { get: { tags: ['Company'], summary: 'Stock symbols', responses: ok } },
      '/feedback': { post: { tags: ['Company'], summary: 'Feedback', responses: ok } },
    },
  };
}

describe('groupEndpoints and filterGroups', () => {
  it('groups GET operations by tag in the SPEC order', () => {
    const groups = groupEndpoints(makeDocument());
    expect(groups.map((g) => g.name)).toEqual(['Company', 'Price', 'Exchange']);
    expect(groups[0]!.endpoints.map((e) => e.label)).toEqual(['Company profile', 'Stock symbols']);
  });

  it('searches method and label without regard to case', () => {
    const groups = groupEndpoints(makeDocument());
    expect(filterGroups(groups, 'QUOTE').flatMap((g) => g.endpoints.map((e) => e.path))).toEqual(['/quote']);
    expect(filterGroups(groups, 'get').flatMap((g) => g.endpoints)).toHaveLength(4);
    expect(filterGroups(groups, '/quote')).toEqual([]);
  });
});

describe('buildSnippet', () => {
  const [company, price] = groupEndpoints(makeDocument());

  it('fills path values, repeats array parameters and adds the key in every language', () => {
    const quote = price!.endpoints[0]!;
    const snippet = (lang: 'curl' | 'go' | 'java' | 'node' | 'python') =>
      buildSnippet(quote, 'https://bahi.example/api/v1', 'bahi_test_abc', lang);
    const url = 'https://bahi.example/api/v1/quote?symbol=ITC&symbol=RELIANCE&token=bahi_test_abc';
    expect(snippet('curl')).toContain(`curl '${url}'`);
    expect(snippet('go')).toContain(`"${url}"`);
    expect(snippet('java')).toContain(`.url("${url}")`);
    expect(snippet('node')).toContain(`fetch('${url}'`);
    expect(snippet('python')).toContain(`"${url}"`);
  });

  it('uses the given values over the samples', () => {
    const profile = company!.endpoints[0]!;
    const curl = buildSnippet(profile, 'https://bahi.example/api/v1', 'k1', 'curl', { symbol: 'HDFCBANK' });
    expect(curl).toContain('/company-profile/HDFCBANK?token=k1');
  });
});
