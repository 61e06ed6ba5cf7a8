import { describe, expect, it } from 'vitest';
import { buildExample, exampleDepthLimit } from './schema-example.ts';
import type { Schema } from './swagger.ts';

describe('buildExample', () => {
  it('uses 123 for integers, the minimum when one is given, and 123.45 for numbers', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        year: { type: 'integer', minimum: 1990 },
        eps: { type: 'number' },
        margin: { type: 'number', minimum: 0, maximum: 1 },
        listed: { type: 'boolean' },
        result_date: { type: 'string', format: 'date' },
        company: { type: 'string' },
      },
    };
    expect(buildExample(schema)).toEqual({
      count: 123,
      year: 1990,
      eps: 123.45,
      margin: 1,
      listed: true,
      result_date: '2024-03-31',
      company: 'string',
    });
  });

  it('prefers examples, defaults and the first enum value over type defaults', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        symbol: { type: 'string', example: 'ITC' },
        period: { type: 'string', enum: ['annual', 'quarterly'] },
        limit: { type: 'integer', default: 20 },
      },
    };
    expect(buildExample(schema)).toEqual({ symbol: 'ITC', period: 'annual', limit: 20 });
  });

  it('follows $ref into definitions and builds arrays of one item', () => {
    const definitions: Record<string, Schema> = {
      Quote: { type: 'object', properties: { symbol: { type: 'string' }, close: { type: 'number' } } },
    };
    const schema: Schema = { type: 'array', items: { $ref: '#/definitions/Quote' } };
    expect(buildExample(schema, definitions)).toEqual([{ symbol: 'string', close: 123.45 }]);
  });

  it('stops at the depth limit, so a self-referencing schema still ends', () => {
    const definitions: Record<string, Schema> = {
      Node: {
        type: 'object',
        properties: { value: { type: 'integer' }, child: { $ref: '#/definitions/Node' } },
      },
    };
    const example = buildExample({ $ref: '#/definitions/Node' }, definitions);
    let levels = 0;
    let node = example as { child?: unknown } | null;
    while (node && typeof node === 'object' && 'value' in node) {
      levels++;
      node = node.child as { child?: unknown } | null;
    }
    expect(levels).toBeGreaterThan(1);
    expect(levels).toBeLessThanOrEqual(exampleDepthLimit);
    expect(JSON.stringify(example).length).toBeLessThan(1000);
  });

  it('builds nested objects fully while under the depth limit', () => {
    let schema: Schema = { type: 'integer' };
    for (let i = 0; i < 4; i++) schema = { type: 'object', properties: { inner: schema } };
    expect(buildExample(schema)).toEqual({ inner: { inner: { inner: { inner: 123 } } } });
  });
});
