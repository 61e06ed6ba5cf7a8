import { describe, expect, it } from 'vitest';
import { mcpConfigs } from './ai-assistants-section.tsx';
import { clientSnippets } from './client-snippets.ts';
import { codeSample, codeTabs } from './code-tabs.ts';
import type { Endpoint } from './endpoint-index.ts';

const dailyQuotes: Endpoint = {
  id: '/daily-quotes/{symbol}',
  path: '/daily-quotes/{symbol}',
  method: 'GET',
  label: 'Historical prices',
  group: 'Price',
  operation: { operationId: 'dailyQuotes' },
  parameters: [
    { name: 'from', in: 'query', type: 'string', format: 'date', 'x-example': '2024-10-21' },
    { name: 'to', in: 'query', type: 'string', format: 'date', 'x-example': '2024-10-31' },
    { name: 'format', in: 'query', type: 'string' },
    { name: 'symbol', in: 'path', type: 'string', required: true, 'x-example': 'RELIANCE' },
    { name: 'token', in: 'query', type: 'string' },
  ],
};

const quote: Endpoint = {
  ...dailyQuotes,
  id: '/quote',
  path: '/quote',
  operation: { operationId: 'quote' },
  parameters: [
    { name: 'symbol', in: 'query', type: 'array', required: true, 'x-example': ['ITC', 'RELIANCE'] },
  ],
};

describe('client samples', () => {
  it('call the operation by its snake_case method (Python) and typed path (Node.js), with the given values', () => {
    const s = clientSnippets(dailyQuotes, 'https://bahi.example', 'bahi_k', {
      from: '2024-10-21',
      to: '2024-10-31',
    });
    expect(s['python-client']).toContain('Client(api_key="bahi_k", base_url="https://bahi.example")');
    expect(s['python-client']).toContain(
      'client.daily_quotes("RELIANCE", from_="2024-10-21", to="2024-10-31")',
    );
    expect(s['node-client']).toContain(
      "new BahiClient({ apiKey: 'bahi_k', baseUrl: 'https://bahi.example' })",
    );
    expect(s['node-client']).toContain(
      "bahi.data('/daily-quotes/{symbol}', { params: { path: { symbol: 'RELIANCE' }, query: { from: '2024-10-21', to: '2024-10-31' } } })",
    );
  });

  it('pass a repeatable parameter as a list', () => {
    const s = clientSnippets(quote, 'https://bahi.example', 'k');
    expect(s['python-client']).toContain('client.quote(symbol=["ITC", "RELIANCE"])');
    expect(s['node-client']).toContain("{ params: { query: { symbol: ['ITC', 'RELIANCE'] } } }");
  });

  it('sit after their language’s tab and take the site URL, not the API’s', () => {
    expect(codeTabs.map((t) => t.label)).toEqual([
      'cURL',
      'Go',
      'Java',
      'Node.js',
      'Node.js client',
      'Python',
      'Python client',
    ]);
    const sample = (tab: 'curl' | 'python-client') =>
      codeSample(dailyQuotes, 'https://bahi.example/api/v1', '/api/v1', 'k', tab);
    expect(sample('curl')).toContain('https://bahi.example/api/v1/daily-quotes/RELIANCE');
    expect(sample('python-client')).toContain('base_url="https://bahi.example"');
  });

  it('the assistant configurations name /mcp with the key, and the stdio server with its variables', () => {
    const { remote, local } = mcpConfigs('https://bahi.example', 'bahi_k');
    expect(JSON.parse(remote).mcpServers.bahi).toEqual({
      type: 'http',
      url: 'https://bahi.example/mcp',
      headers: { Authorization: 'Bearer bahi_k' },
    });
    expect(JSON.parse(local).mcpServers.bahi).toMatchObject({
      command: 'npx',
      args: ['bahi-mcp'],
      env: { BAHI_API_KEY: 'bahi_k', BAHI_BASE_URL: 'https://bahi.example' },
    });
  });
});
