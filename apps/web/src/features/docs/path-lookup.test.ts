import { describe, expect, it } from 'vitest';
import { lookupPath, noOperationsMessage } from './path-lookup.ts';
import { noJsonExampleMessage, noResponsesMessage, sampleResponse } from './sample-response.ts';
import type { SwaggerDocument } from './swagger.ts';

function makeDocument(): SwaggerDocument {
  return {
    swagger: '2.0',
    info: { title: 'Test', version: '1.0' },
    basePath: '/api/v1',
    paths: {
      '/stock-symbols': { get: { summary: 'Stock symbols', responses: { '200': { description: 'ok' } } } },
      '/support': { post: { summary: 'Support', responses: {} } },
    },
  };
}

describe('lookupPath', () => {
  it('finds the GET operation of a known path', () => {
    const found = lookupPath(makeDocument(), '/stock-symbols');
    expect(found).toMatchObject({ found: true, operations: [{ method: 'get' }] });
  });

  it('says no operations were found for a path without GET', () => {
    expect(lookupPath(makeDocument(), '/support')).toEqual({ found: false, message: noOperationsMessage });
  });

  it('lists the available paths for an unknown one', () => {
    expect(lookupPath(makeDocument(), '/nope')).toEqual({
      found: false,
      message: 'Path not found. Tried: /stock-symbols, /support',
    });
  });
});

describe('sampleResponse', () => {
  it('takes the JSON example of the first 2xx response', () => {
    const result = sampleResponse({
      responses: {
        '404': { description: 'missing', examples: { 'application/json': { code: 'not_found' } } },
        '201': { description: 'made', examples: { 'application/json': { id: 2 } } },
        '200': { description: 'ok', examples: { 'application/json': { id: 1 } } },
      },
    });
    expect(result).toEqual({ kind: 'json', status: '200', source: 'example', value: { id: 1 } });
  });

  it('builds from the schema when there is no example', () => {
    const result = sampleResponse({
      responses: {
        '200': { description: 'ok', schema: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
    });
    expect(result).toEqual({ kind: 'json', status: '200', source: 'schema', value: { n: 123 } });
  });

  it('names the two empty cases', () => {
    expect(sampleResponse({ responses: { '400': { description: 'bad' } } })).toEqual({
      kind: 'message',
      message: noResponsesMessage,
    });
    expect(sampleResponse({ responses: { '200': { description: 'csv only' } } })).toEqual({
      kind: 'message',
      status: '200',
      message: noJsonExampleMessage,
    });
  });
});
