import type { Queryable } from '@bahi/market-data/db';
import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox-provider.ts';

describe('sandbox payment provider', () => {
  it('is refused in production before it touches anything', async () => {
    const db: Queryable = {
      query: () => Promise.reject(new Error('the database must not be touched')),
    } as unknown as Queryable;
    await expect(createSandboxProvider(db, 'production')).rejects.toThrow(/refused in production/);
  });
});
