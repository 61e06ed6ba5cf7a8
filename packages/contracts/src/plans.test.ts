import { describe, expect, it } from 'vitest';
import {
  billingPeriodMonths,
  canBuyPlan,
  checkoutAmounts,
  formatRupees,
  planBySlug,
  planBySubscribeParam,
  planCheckoutAmounts,
  plans,
} from './plans.ts';

describe('checkout amounts', () => {
  it('adds 18% GST rounded to whole rupees for every plan', () => {
    expect(checkoutAmounts(plans.I.checkoutBase)).toEqual({ base: 1695, gst: 305, total: 2000 });
    expect(checkoutAmounts(plans.P.checkoutBase)).toEqual({ base: 4237, gst: 763, total: 5000 });
    expect(checkoutAmounts(plans.E.checkoutBase)).toEqual({ base: 9999, gst: 1800, total: 11799 });
    expect(checkoutAmounts(2999)).toEqual({ base: 2999, gst: 540, total: 3539 });
  });
});

describe('plans for checkout', () => {
  it('finds plans by page slug and subscribe parameter', () => {
    expect(planBySlug('individual')?.code).toBe('I');
    expect(planBySlug('enterprise')?.code).toBe('E');
    expect(planBySlug('gold')).toBeUndefined();
    expect(planBySubscribeParam('api_professional')?.code).toBe('P');
    expect(planBySubscribeParam('api_basic')).toBeUndefined();
  });

  it('gives each plan its own checkout amounts and the default without a plan', () => {
    expect(planCheckoutAmounts('I')).toEqual({ base: 1695, gst: 305, total: 2000 });
    expect(planCheckoutAmounts('P')).toEqual({ base: 4237, gst: 763, total: 5000 });
    expect(planCheckoutAmounts('E')).toEqual({ base: 9999, gst: 1800, total: 11799 });
    expect(planCheckoutAmounts()).toEqual({ base: 2999, gst: 540, total: 3539 });
  });

  it('sells a plan only to users on a lower plan', () => {
    expect(canBuyPlan('B', 'I')).toBe(true);
    expect(canBuyPlan('I', 'P')).toBe(true);
    expect(canBuyPlan('I', 'I')).toBe(false);
    expect(canBuyPlan('P', 'I')).toBe(false);
    expect(canBuyPlan('B', 'B')).toBe(false);
  });

  it('bills Individual quarterly and Professional annually', () => {
    expect(billingPeriodMonths('I')).toBe(3);
    expect(billingPeriodMonths('P')).toBe(12);
  });
});

describe('formatRupees', () => {
  it('groups whole rupees as the en-IN locale does', () => {
    for (const n of [0, 7, 999, 1000, 2000, 50000, 150000, 1234567, 123456789])
      expect(formatRupees(n)).toBe(`₹${n.toLocaleString('en-IN')}`);
  });

  it('shows paise to two places only when there are any, and a sign', () => {
    expect(formatRupees(2359.5)).toBe('₹2,359.50');
    expect(formatRupees(123456.99)).toBe('₹1,23,456.99');
    expect(formatRupees(-45000)).toBe('-₹45,000');
  });
});
