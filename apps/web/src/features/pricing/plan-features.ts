import { type Plan, type PlanCode, rateLimitText, sampleSymbols } from '@bahi/contracts/plans';

/** What each card lists; numbers come from the contracts package. */
export function planFeatures(plan: Plan): string[] {
  const byCode: Record<PlanCode, string[]> = {
    B: [
      `Free endpoints for ${sampleSymbols.length} sample companies (${sampleSymbols.join(', ')})`,
      'API key as soon as you sign in',
      rateLimitText,
    ],
    I: [
      'All 5000+ NSE and BSE listed companies',
      'Statements, 500+ ratios, quotes, shareholding',
      rateLimitText,
      'Personal, non-commercial, single use',
    ],
    P: [
      'Everything in Individual',
      'Commercial use by one professional user',
      rateLimitText,
      'Single-user business licence',
    ],
    E: [
      'Multiple users under one agreement',
      'Data sets and delivery agreed with you',
      rateLimitText,
      'Reply from our team within 24 hours',
    ],
  };
  return byCode[plan.code];
}

const billingText: Record<Plan['billing'], string> = {
  NA: 'No card needed',
  quarterly: 'Billed quarterly',
  annual: 'Billed annually',
  custom: 'Custom billing',
};

export function billingLabel(plan: Plan): string {
  return billingText[plan.billing];
}
