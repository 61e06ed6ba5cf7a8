import { describe, expect, it } from 'vitest';
import { MemoryWindows } from './rate-limit.ts';

describe('MemoryWindows', () => {
  it('opens a window at the first call, refuses past the limit, and starts afresh when it ends', () => {
    const w = new MemoryWindows(60_000);
    const t0 = 1_000_000;
    expect(w.hit('a', 2, t0)).toEqual({ limit: 2, remaining: 1, resetSeconds: 60, allowed: true });
    expect(w.hit('a', 2, t0 + 10_500)).toMatchObject({ remaining: 0, resetSeconds: 50, allowed: true });
    expect(w.hit('a', 2, t0 + 59_999)).toMatchObject({ remaining: 0, resetSeconds: 1, allowed: false });
    // Another subject has its own window.
    expect(w.hit('b', 2, t0 + 59_999)).toMatchObject({ remaining: 1, allowed: true });
    expect(w.hit('a', 2, t0 + 60_000)).toMatchObject({ remaining: 1, resetSeconds: 60, allowed: true });
  });
});
