/** Plans, prices and limits (SPEC §1, §9). Components read these; they never repeat the numbers. */
export type PlanCode = 'B' | 'I' | 'P' | 'E';

export interface Plan {
  code: PlanCode;
  slug: 'basic' | 'individual' | 'professional' | 'enterprise';
  name: string;
  /** Price shown on the pricing cards, rupees per month; null for free. */
  monthlyPrice: number | null;
  /** Enterprise prices are "from". */
  priceIsFrom: boolean;
  billing: 'NA' | 'quarterly' | 'annual' | 'custom';
  notes: string;
  /** One-year checkout base amount in rupees (SPEC §9), before GST. */
  checkoutBase: number;
  /** Razorpay plan parameter for /api/v1/subscribe-api. */
  subscribeParam: string | null;
  /** Order for "same or higher plan" comparisons. */
  rank: number;
}

export const plans: Record<PlanCode, Plan> = {
  B: {
    code: 'B',
    slug: 'basic',
    name: 'Basic',
    monthlyPrice: null,
    priceIsFrom: false,
    billing: 'NA',
    notes: 'Free endpoints for three sample companies, 300 calls per minute',
    checkoutBase: 2999,
    subscribeParam: null,
    rank: 0,
  },
  I: {
    code: 'I',
    slug: 'individual',
    name: 'Individual',
    monthlyPrice: 2000,
    priceIsFrom: false,
    billing: 'quarterly',
    notes: 'Personal, non-commercial, single use',
    checkoutBase: 1695,
    subscribeParam: 'api_individual',
    rank: 1,
  },
  P: {
    code: 'P',
    slug: 'professional',
    name: 'Professional',
    monthlyPrice: 5000,
    priceIsFrom: false,
    billing: 'annual',
    notes: 'Single-user business licence',
    checkoutBase: 4237,
    subscribeParam: 'api_professional',
    rank: 2,
  },
  E: {
    code: 'E',
    slug: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 50000,
    priceIsFrom: true,
    billing: 'custom',
    notes: 'Handled through a contact form; multiple users per agreement',
    checkoutBase: 9999,
    subscribeParam: 'api_enterprise',
    rank: 3,
  },
};

export const planOrder: readonly PlanCode[] = ['B', 'I', 'P', 'E'];

/** Default checkout base when the plan is not known (SPEC §9). */
export const defaultCheckoutBase = 2999;
export const currency = 'INR';
export const gstRate = 0.18;

/** Base, GST at 18% rounded to whole rupees, and total. */
export function checkoutAmounts(base: number): { base: number; gst: number; total: number } {
  const gst = Math.round(base * gstRate);
  return { base, gst, total: base + gst };
}

export const rateLimitPerMinute = 300;
export const rateLimitText = '300 API calls/minute';

/** The three sample companies served on the free Basic plan. */
export const sampleSymbols = ['ITC', 'RELIANCE', 'HDFCBANK'] as const;

export const marketingStats = [
  { value: '5000+', label: 'Listed companies' },
  { value: '500+', label: 'Financial ratios' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;

export const historyDepth = { profitAndLossYears: '8+', balanceSheetYears: 7, cashFlowYears: 4 } as const;

/**
 * An amount in rupees as India writes it: ₹2,000, ₹1,50,000 (the last three digits, then groups
 * of two), paise to two places when there are any. Written out rather than through
 * `toLocaleString('en-IN')`, whose first call loads the locale's data: the FAQ and terms text
 * call this as the site's first script runs, and that load was a tenth of the docs page's start.
 */
export function formatRupees(n: number): string {
  const [whole = '0', paise] = Math.abs(n).toFixed(2).split('.');
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  return `${n < 0 ? '-' : ''}₹${grouped}${paise === '00' ? '' : `.${paise}`}`;
}

/** The plan for a /subscription/{type} slug; undefined for an unknown one. */
export function planBySlug(slug: string): Plan | undefined {
  return planOrder.map((c) => plans[c]).find((p) => p.slug === slug);
}

/** The paid plan named by a subscribe-api `plan` parameter (api_individual, ...). */
export function planBySubscribeParam(param: string): Plan | undefined {
  return planOrder.map((c) => plans[c]).find((p) => p.subscribeParam !== null && p.subscribeParam === param);
}

/** Checkout amounts of a plan (SPEC §9); the default base when no plan is given. */
export function planCheckoutAmounts(code?: PlanCode): { base: number; gst: number; total: number } {
  return checkoutAmounts(code ? plans[code].checkoutBase : defaultCheckoutBase);
}

/** A paid plan can be bought only by a user whose current plan ranks below it. */
export function canBuyPlan(current: PlanCode, target: PlanCode): boolean {
  return target !== 'B' && plans[current].rank < plans[target].rank;
}

/** Months one paid billing period covers: quarterly 3, annual and custom agreements 12. */
export function billingPeriodMonths(code: PlanCode): number {
  const billing = plans[code].billing;
  return billing === 'quarterly' ? 3 : 12;
}
