/** Site-wide facts shared by the web site, the server's documents and mails (SPEC §1, §2, §9). */
export const siteName = 'Bahi';

export const contactEmails = {
  support: 'support@bahi.in',
  sales: 'sales@bahi.in',
  privacy: 'privacy@bahi.in',
} as const;

/** Client routes of the site (SPEC §2). Links use these, never literals. */
export const sitePaths = {
  home: '/',
  features: '/#features',
  docs: '/financial-data-api-documentation',
  about: '/about-us',
  faq: '/api-faq',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  feedback: '/feedback',
  profile: '/company-profile',
  pricing: '/financial-data-api-pricing',
  strat: '/strat',
  contact: '/contact-us',
  confirmation: '/confirmation',
  support: '/api-support',
  sessionExpired: '/session-expired',
  basicLogin: '/basic-login',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  thanks: '/thanks',
  notFound: '/page-not-found',
  /** Entry point of sign-in; the sign-in feature owns what it shows. */
  login: '/login',
} as const;

export function subscriptionPath(slug: 'individual' | 'professional' | 'enterprise'): string {
  return `/subscription/${slug}`;
}

/** The public claim next to the marketing stats (SPEC §1). */
export const dataFreshness = { value: '1 day', label: 'Updates within a day of results filing' } as const;

/** Terms of use (SPEC §6, §9). */
export const legalTerms = {
  minimumAge: 18,
  governingLaw: 'the laws of India',
  courts: 'the courts at Pune, Maharashtra',
  feesRefundable: false,
} as const;

/** Delay during which a clicked pricing or form button reads 'Loading...' (SPEC §9). */
export const buttonLoadingMs = 1500;
/** The header hides once the page is scrolled down past this many pixels (SPEC §9). */
export const headerHideAfterPx = 100;
