import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './primary.ts';

describe('restarting a worker that died', () => {
  it('is immediate after a steady run and backs off on crashes in a row, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
