import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectAfterBulkWork } from './heap.ts';

const usedMb = () => getHeapStatistics().used_heap_size / 1048576;

describe('collectAfterBulkWork', () => {
  it('frees garbage left in the old generation in a task of its own, done when its promise resolves', async () => {
    // About 200 MB of objects kept long enough to be moved to the old generation, then dropped.
    let kept: { id: number; name: string; values: number[] }[][] | null = [];
    for (let i = 0; i < 200; i++) {
      kept.push(
        Array.from({ length: 5_000 }, (_, j) => ({ id: j, name: `row ${i}-${j}`, values: [i, j, i + j] })),
      );
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    kept = null;
    const before = usedMb();
    expect(before).toBeGreaterThan(150);

    // V8's own heuristics would leave this garbage alone for far longer with so little allocation.
    const collected = collectAfterBulkWork();
    // Not inside the call: the caller goes on, and the collection runs as a task of its own.
    expect(usedMb()).toBeGreaterThan(before - 20);
    await collected;
    const after = usedMb();
    expect(after).toBeLessThan(before - 120);
  });
});
