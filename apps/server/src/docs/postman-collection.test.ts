import { describe, expect, it } from 'vitest';
import { buildPostmanCollection } from './postman-collection.ts';
import type { SwaggerDocument } from './swagger-document.ts';

const example = { data: [{ symbol: 'ITC' }], meta: { asOf: '2024-11-01' } };
const problem = { $ref: '#/definitions/Problem' };
const doc = {
  swagger: '2.0',
  info: { title: 'Test', version: '1.0' },
  host: 'bahi.example',
  basePath: '/api/v1',
  schemes: ['https'],
  produces: ['application/json'],
  securityDefinitions: { token: { type: 'apiKey', in: 'query', name: 'token' } },
  definitions: {
    Problem: { type: 'object', properties: { code: { type: 'string' }, status: { type: 'integer' } } },
  },
  responses: { Problem401: { description: 'No valid API key', schema: problem } },
  paths: {
    '/symbols': {
      get: {
        tags: ['Company'],
        summary: 'Symbols',
        security: [{ token: [] }],
        parameters: [
          { name: 'status', in: 'query', type: 'string', 'x-example': 'active' },
          { name: 'token', in: 'query', type: 'string', required: false },
        ],
        responses: {
          200: {
            description: 'OK. The example shows 1 of 5,003 rows.',
            schema: { type: 'object' },
            headers: { 'X-RateLimit-Limit': { type: 'integer', description: 'Calls per minute' } },
            examples: { 'application/json': example },
          },
          401: { $ref: '#/responses/Problem401' },
        },
      },
    },
  },
} as unknown as SwaggerDocument;

describe('buildPostmanCollection', () => {
  it('saves the documented example as the one response, without made-up errors or header values', async () => {
    const collection = (await buildPostmanCollection(doc, 'https://bahi.example/api/v1', 'k')) as {
      item: {
        item: { response: { code: number; name: string; body: string; header: { key: string }[] }[] }[];
      }[];
    };
    const [request] = collection.item[0]!.item;
    expect(request!.response.map((r) => r.code)).toEqual([200]);
    const [saved] = request!.response;
    expect(saved!.name).toBe('Example: 200 OK');
    expect(JSON.parse(saved!.body)).toEqual(example);
    expect(saved!.header.map((h) => h.key)).toEqual(['Content-Type']);
  });
});
