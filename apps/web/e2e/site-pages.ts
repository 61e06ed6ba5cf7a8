/** Every route of SPEC §2 the site builds now, with the texts the spec quotes (used by several specs). */
export interface SitePage {
  path: string;
  title: RegExp;
  texts: string[];
  /** Written as static HTML at build time, with head tags. */
  prerendered: boolean;
}

export const sitePages: SitePage[] = [
  {
    path: '/',
    title: /Financial Data API for NSE and BSE Listed Companies: .*Ratios/,
    texts: [
      '5000+',
      '500+',
      '99.9%',
      '24/7',
      'Updates within a day of results filing',
      'Superinvestor portfolios',
    ],
    prerendered: true,
  },
  {
    path: '/financial-data-api-pricing',
    title: /Financial Data API Pricing/,
    texts: [
      'Basic',
      'Individual',
      'Professional',
      'Enterprise',
      '₹2,000',
      '₹5,000',
      '₹50,000',
      'Billing and Payment',
    ],
    prerendered: true,
  },
  { path: '/api-faq', title: /FAQ/, texts: ['Financial Data', 'Billing and Payment'], prerendered: true },
  { path: '/about-us', title: /About Us/, texts: ['About us'], prerendered: true },
  {
    path: '/terms-of-service',
    title: /Terms of Service/,
    texts: ['at least 18 years old', 'non-refundable', 'laws of India', 'courts at Pune'],
    prerendered: true,
  },
  {
    path: '/privacy-policy',
    title: /Privacy Policy/,
    texts: ['Digital Personal Data Protection Act', 'Grievance officer', 'courts at Pune'],
    prerendered: true,
  },
  { path: '/thanks', title: /Thank You/, texts: ['Thank You!', 'Go to Home'], prerendered: true },
  {
    path: '/session-expired',
    title: /Session Expired/,
    texts: ['Your Current session expired, Please login again..', 'LOGIN'],
    prerendered: true,
  },
  {
    path: '/basic-login',
    title: /Free API Key/,
    texts: ['Please login to access you free API key...', 'LOGIN'],
    prerendered: true,
  },
  {
    path: '/strat',
    title: /Login to Subscribe/,
    texts: ['Please login to continue with your API subscription payment securely.', 'LOGIN'],
    prerendered: true,
  },
  {
    path: '/payment-success',
    title: /Payment Successful/,
    // Opened by hand, with no verified checkout behind it: no success is claimed.
    texts: ['No payment to show', 'Your profile', 'Pricing'],
    prerendered: false,
  },
  {
    path: '/payment-failed',
    title: /Payment Failed/,
    texts: [
      'Payment Failed!',
      'Payment failed. Please retry, or contact support if the issue continues.',
      'Try Again',
    ],
    prerendered: true,
  },
  {
    path: '/page-not-found',
    title: /Page Not Found/,
    texts: ['Page you are looking for does not exist.'],
    prerendered: true,
  },
  {
    path: '/feedback',
    title: /Feedback/,
    texts: ['Please login to access this section.'],
    prerendered: false,
  },
  {
    path: '/confirmation',
    title: /Confirmation/,
    texts: ['Processing your request'],
    prerendered: false,
  },
  {
    path: '/confirmation?status=success',
    title: /Confirmation/,
    // Opened by hand, without a verified checkout behind it: no success is claimed.
    texts: ['No payment to confirm'],
    prerendered: false,
  },
];
