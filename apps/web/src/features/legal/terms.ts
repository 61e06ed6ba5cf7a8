import { formatRupees, gstRate, plans, rateLimitText, sampleSymbols } from '@bahi/contracts/plans';
import { contactEmails, legalTerms, siteName } from '@bahi/contracts/site';
import type { LegalSection } from './legal-document.tsx';

export const termsUpdated = '21 November 2026';

export const termsIntro = `These Terms of Service govern your use of the ${siteName} web site, documentation and financial data API (together, the "Service"). By creating an account, using an API key or buying a plan you agree to these terms. If you do not agree, do not use the Service.`;

export const termsSections: LegalSection[] = [
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: [
      `You must be at least ${legalTerms.minimumAge} years old and able to enter into a binding contract under Indian law to use the Service. If you use the Service for an organisation, you confirm that you are authorised to accept these terms on its behalf.`,
    ],
  },
  {
    id: 'accounts',
    title: 'Accounts and API keys',
    body: [
      'You sign in with a third-party identity account. We create a personal API key for you and show it on your profile page.',
      [
        'Keep your API key secret. Every request made with it counts as yours.',
        'Do not share your key with anyone outside the users your plan allows.',
        `Tell us at once at ${contactEmails.support} if you believe your key has been exposed; we will replace it.`,
      ],
    ],
  },
  {
    id: 'plans',
    title: 'Plans and licence',
    body: [
      'Subject to these terms and to payment of the fees, we grant you a limited, non-exclusive, non-transferable, revocable licence to access the data through the API, within the scope of your plan:',
      [
        `${plans.B.name}: free of charge; the free endpoints for the sample companies (${sampleSymbols.join(', ')}), for evaluation and personal use.`,
        `${plans.I.name}: personal, non-commercial, single use. One natural person may use the data for their own research and learning; no use in a business, a product or a service offered to others.`,
        `${plans.P.name}: a single-user business licence. One professional user may use the data in the course of their work, including in analyses delivered to clients, but not redistribute it in bulk.`,
        `${plans.E.name}: use by multiple users of one organisation, in the number, scope and manner set out in a separate written agreement, which prevails over these terms where they differ.`,
      ],
      'A plan is tied to the account that bought it and may not be resold, shared or transferred.',
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: [
      `Every plan allows ${rateLimitText}. Requests above the limit are refused with status 429. You agree not to:`,
      [
        'redistribute, resell, sublicense or publish the data in bulk, or build a competing data service from it;',
        'get around rate limits, share keys, or create several accounts to multiply free access;',
        'send requests over plain HTTP, probe, disrupt or overload the Service or its infrastructure;',
        'use the Service for anything unlawful, including market manipulation or insider trading.',
      ],
      'Short extracts of data with attribution to the Service, in reports, articles or applications you are licensed for, are allowed.',
    ],
  },
  {
    id: 'fees',
    title: 'Fees, billing and taxes',
    body: [
      `Prices are shown in Indian rupees on the pricing page: ${plans.I.name} ${formatRupees(plans.I.monthlyPrice ?? 0)} per month billed quarterly, ${plans.P.name} ${formatRupees(plans.P.monthlyPrice ?? 0)} per month billed annually, and ${plans.E.name} from ${formatRupees(plans.E.monthlyPrice ?? 0)} per month as agreed. Goods and Services Tax (GST) at ${Math.round(gstRate * 100)}% is added and shown at checkout.`,
      'Paid plans are charged in advance by card through our payment provider and renew automatically at the end of each billing period until cancelled. You may cancel at any time; the cancellation takes effect at the end of the period already paid for.',
      'All fees are non-refundable, including for partly used periods, unused calls and downgrades, except where Indian law requires otherwise.',
      'We may change prices for future billing periods; we will tell you by email at least 30 days before a change applies to you.',
    ],
  },
  {
    id: 'data',
    title: 'Data and disclaimers',
    body: [
      'The data comes from public filings with the National Stock Exchange of India, BSE and other public sources, and from our own calculations. We take care to keep it accurate and current, and we aim to update it within a day of a company filing its results, but we do not guarantee that it is complete, correct or timely.',
      'The Service provides information, not investment advice. Nothing in it is a recommendation to buy, sell or hold any security. You are responsible for decisions you make using the data.',
    ],
  },
  {
    id: 'availability',
    title: 'Availability and changes',
    body: [
      'We aim for 99.9% monthly uptime, but the Service is provided "as is" and "as available". We may carry out maintenance, and may add, change or retire endpoints; we give notice in the documentation before removing an endpoint that paid plans use.',
    ],
  },
  {
    id: 'ip',
    title: 'Intellectual property',
    body: [
      `The Service, the documentation, our compilation of the data, the calculated ratios and the ${siteName} name and logo belong to us or our licensors. Apart from the licence in section 3, these terms give you no rights in them.`,
    ],
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: [
      'We may suspend or close an account, or revoke an API key, that breaches these terms, endangers the Service or is used unlawfully. Where practical we will warn you first. You may stop using the Service and close your account at any time.',
    ],
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: [
      'To the extent permitted by law, we are not liable for indirect, incidental or consequential losses, lost profits or trading losses arising from the Service or the data. Our total liability for any claim is limited to the fees you paid us in the three months before the claim arose.',
      'You will indemnify us against claims by third parties arising from your breach of these terms or your misuse of the data.',
    ],
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: [
      `These terms are governed by ${legalTerms.governingLaw}. The parties submit to the exclusive jurisdiction of ${legalTerms.courts}, for any dispute arising from them or from the Service.`,
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: [
      'We may update these terms. We will post the new version here with its date and, for material changes, tell you by email. Continuing to use the Service after a change takes effect means you accept it.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    body: [
      `Questions about these terms: ${contactEmails.support}. Enterprise agreements: ${contactEmails.sales}.`,
    ],
  },
];
