import { describe, expect, it } from 'vitest';
import { collectionWithKey } from './postman-download.ts';

describe('collectionWithKey', () => {
  it('replaces the sample key variable with the given key and keeps the other variables', () => {
    const served = {
      info: { name: 'Bahi' },
      variable: [
        { key: 'baseUrl', value: 'https://api.example', type: 'string' },
        { key: 'apiKey', value: 'bahi_sample', type: 'string' },
      ],
    };
    const out = collectionWithKey(served, 'bahi_mine');
    expect(out.variable).toEqual([
      { key: 'baseUrl', value: 'https://api.example', type: 'string' },
      { key: 'apiKey', value: 'bahi_mine', type: 'string' },
    ]);
    expect(out.info).toEqual({ name: 'Bahi' });
    expect(served.variable[1]?.value).toBe('bahi_sample');
  });

  it('adds the key variable when the collection has none', () => {
    expect(collectionWithKey({}, 'bahi_mine').variable).toEqual([
      { key: 'apiKey', value: 'bahi_mine', type: 'string' },
    ]);
  });
});
