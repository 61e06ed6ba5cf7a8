import { describe, expect, it } from 'vitest';
import { digits } from './digits.ts';

describe('digits', () => {
  it('writes an integer as String does, from 0 to past a millisecond timestamp', () => {
    const samples = [0, 1, 9, 10, 59, 60, 99_999_999, 100_000_000, 2 ** 31, 1_795_984_298_990, 2 ** 53 - 1];
    for (let n = 0; n < 10_000; n += 7) samples.push(n);
    for (const n of samples) expect(digits(n)).toBe(String(n));
  });
});
