import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from './endpoints.ts';
import { AnswerPreparer } from './prepare-answers.ts';

describe('a preparation that keeps failing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is tried again after 1, 2, 4... minutes (at most 32), and not after stop', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const warnings: unknown[] = [];
    // A database that is down: every run fails at its first query.
    const svc = {
      prepared: {
        code: 'test',
        isComplete: () => false,
        refresh: async () => {
          attempts += 1;
          throw new Error('the database is down');
        },
      },
    };
    const preparer = new AnswerPreparer(
      {} as never,
      svc as never,
      endpoints.filter((e) => e.prepare),
      { warn: (o: unknown) => warnings.push(o), info: () => undefined } as never,
    );
    preparer.start(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    const minute = 60_000;
    await vi.advanceTimersByTimeAsync(minute - 1);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * minute);
    expect(attempts).toBe(3);
    await vi.advanceTimersByTimeAsync(4 * minute + 8 * minute + 16 * minute);
    expect(attempts).toBe(6);
    // Capped: 32 minutes from now on.
    await vi.advanceTimersByTimeAsync(32 * minute);
    expect(attempts).toBe(7);
    await vi.advanceTimersByTimeAsync(32 * minute);
    expect(attempts).toBe(8);
    expect(warnings).toHaveLength(8);
    await preparer.stop();
    await vi.advanceTimersByTimeAsync(64 * minute);
    expect(attempts).toBe(8);
  });
});
