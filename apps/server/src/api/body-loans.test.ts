import { describe, expect, it } from 'vitest';
import { BodyLoans } from './body-loans.ts';

describe('body loans (decision 0373)', () => {
  it('lends a view of the size asked, in a block given out again once it is back', () => {
    const loans = new BodyLoans();
    const a = loans.take(5000)!;
    expect(a.body.length).toBe(5000);
    expect(a.body.buffer.byteLength).toBe(8192);
    const b = loans.take(5000)!;
    expect(b.body.buffer).not.toBe(a.body.buffer);
    a.back();
    // Given back twice, it is still one block: two loans never share it.
    a.back();
    const c = loans.take(6000)!;
    const d = loans.take(6000)!;
    expect(c.body.buffer).toBe(a.body.buffer);
    expect(d.body.buffer).not.toBe(a.body.buffer);
    expect([loans.lent, loans.made]).toEqual([4, 3]);
  });

  it('keeps a failed write’s block out of the pool', () => {
    const loans = new BodyLoans();
    const a = loans.take(100)!;
    a.written(new Error('EPIPE'));
    expect(loans.heldBytes).toBe(0);
    expect(loans.take(100)!.body.buffer).not.toBe(a.body.buffer);
    expect(loans.made).toBe(2);
  });

  it('lends nothing past 256 KiB or of no size, and holds at most its bound between loans', () => {
    const loans = new BodyLoans(64 * 1024);
    expect(loans.take(256 * 1024 + 1)).toBeNull();
    expect(loans.take(0)).toBeNull();
    expect(loans.take(256 * 1024)!.body.length).toBe(256 * 1024);
    const out = [loans.take(40_000)!, loans.take(40_000)!, loans.take(40_000)!];
    for (const l of out) l.back();
    // Three 64 KiB blocks back, one kept.
    expect(loans.heldBytes).toBe(64 * 1024);
  });
});
