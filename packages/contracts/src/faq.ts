import {
  checkoutAmounts,
  formatRupees,
  gstRate,
  historyDepth,
  plans,
  rateLimitText,
  sampleSymbols,
} from './plans.ts';
import { contactEmails, legalTerms } from './site.ts';

/** The FAQ shown on /api-faq and the pricing page (SPEC §2): two sections, plain-text answers. */
export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

export interface FaqSection {
  id: string;
  title: string;
  entries: FaqEntry[];
}

const gstPercent = `${Math.round(gstRate * 100)}%`;
const individual = checkoutAmounts(plans.I.checkoutBase);

export const faqSections: FaqSection[] = [
  {
    id: 'financial-data',
    title: 'Financial Data',
    entries: [
      {
        id: 'coverage',
        question: 'Which companies does the API cover?',
        answer:
          'Companies listed on the National Stock Exchange (NSE) and the BSE: more than 5000 listed companies, identified by their exchange symbol.',
      },
      {
        id: 'data-sets',
        question: 'What data can I get?',
        answer: `Financial statements (profit and loss for ${historyDepth.profitAndLossYears} years, balance sheet for up to ${historyDepth.balanceSheetYears} years, cash flow for ${historyDepth.cashFlowYears} years, revenue by segment), more than 500 financial ratios, sector insights, daily and historical stock quotes, shareholding patterns, corporate actions, exchange holidays, monthly commodity and raw material prices, and superinvestor portfolios. Mutual funds and insurance are coming soon.`,
      },
      {
        id: 'freshness',
        question: 'How quickly is the data updated?',
        answer:
          'Financial statements and ratios are updated within a day of a company filing its results with the exchange. Quotes are updated after every trading day.',
      },
      {
        id: 'free-companies',
        question: 'Which companies can I query on the free Basic plan?',
        answer: `The Basic plan serves the free endpoints for three sample companies: ITC (a tobacco and consumer group), Reliance Industries (an oil and telecom group) and HDFC Bank (a private bank), with the symbols ${sampleSymbols.join(', ')}.`,
      },
      {
        id: 'format',
        question: 'In what format is the data delivered?',
        answer:
          'A REST API over HTTPS that answers in JSON. Every request carries your API key; plain HTTP requests are rejected. Amounts are in Indian rupees and dates are written as yyyymmdd.',
      },
      {
        id: 'rate-limit',
        question: 'Is there a rate limit?',
        answer: `Every plan allows ${rateLimitText}. A request above the limit gets status 429 Too Many Requests; wait and retry with exponential backoff.`,
      },
      {
        id: 'api-key',
        question: 'How do I get an API key?',
        answer:
          'Sign in with your Google account. Your personal API key is created at once and shown on your profile page, with a button to copy it.',
      },
    ],
  },
  {
    id: 'billing-and-payment',
    title: 'Billing and Payment',
    entries: [
      {
        id: 'plans',
        question: 'What plans are available?',
        answer: `Basic is free forever. Individual costs ${formatRupees(plans.I.monthlyPrice ?? 0)} per month, billed quarterly, for personal, non-commercial, single use. Professional costs ${formatRupees(plans.P.monthlyPrice ?? 0)} per month, billed annually, as a single-user business licence. Enterprise starts from ${formatRupees(plans.E.monthlyPrice ?? 0)} per month, for multiple users under an agreement.`,
      },
      {
        id: 'payment-methods',
        question: 'How do I pay?',
        answer:
          'Paid plans are bought by card through our payment provider’s secure checkout. Card details are entered on the provider’s page and never reach our servers.',
      },
      {
        id: 'gst',
        question: 'Is GST included?',
        answer: `GST at ${gstPercent} is added to the base amount and shown separately at checkout, rounded to whole rupees. For example, the Individual plan has a base amount of ${formatRupees(individual.base)} and GST of ${formatRupees(individual.gst)}, ${formatRupees(individual.total)} in total.`,
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: legalTerms.feesRefundable
          ? 'Yes, within the period stated in the Terms of Service.'
          : 'No. Fees are non-refundable, as stated in the Terms of Service. Your plan stays active until the end of the period you paid for.',
      },
      {
        id: 'upgrade',
        question: 'Can I change my plan?',
        answer:
          'You can move from Basic to Individual or Professional, or from Individual to Professional, at any time from the pricing page. Individual and Professional subscribers cannot buy the Individual plan again.',
      },
      {
        id: 'enterprise',
        question: 'How does the Enterprise plan work?',
        answer: `Tell us about your project through the contact form and our team replies within 24 hours with an agreement covering users, data sets and price. You can also write to ${contactEmails.sales}.`,
      },
      {
        id: 'failed-payment',
        question: 'What if my payment fails?',
        answer: `Nothing is charged for a failed payment. Retry from the pricing page, or contact support at ${contactEmails.support} if the issue continues.`,
      },
    ],
  },
];
