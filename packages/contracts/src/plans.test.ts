import { describe, expect, it } from 'vitest';
import { checkoutAmounts, plans } from './plans.ts';

describe('checkout amounts', () => {
  it('adds 18% GST rounded to whole rupees for every plan', () => {
    expect(checkoutAmounts(plans.I.checkoutBase)).toEqual({ base: 1695, gst: 305, total: 2000 });
    expect(checkoutAmounts(plans.P.checkoutBase)).toEqual({ base: 4237, gst: 763, total: 5000 });
    expect(checkoutAmounts(plans.E.checkoutBase)).toEqual({ base: 9999, gst: 1800, total: 11799 });
    expect(checkoutAmounts(2999)).toEqual({ base: 2999, gst: 540, total: 3539 });
  });
});
