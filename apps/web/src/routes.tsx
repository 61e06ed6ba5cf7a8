import { siteName } from '@bahi/contracts/site';
import type { RouteObject } from 'react-router';
import { Layout } from './app/layout.tsx';
import { lazyPage } from './app/lazy-page.ts';
import { type PageMeta, pageTitle } from './app/page-meta.ts';
import { lazyDocsPage } from './features/docs/docs-route.ts';
import { RouterErrorPage } from './features/errors/router-error-page.tsx';

export const homeTitle = `${siteName} | Financial Data API for NSE and BSE Listed Companies: Financial Statements, 500+ Ratios, Stock Quotes and Shareholding Data`;

const meta = (m: PageMeta) => ({ meta: m });
const utility = (name: string): PageMeta => ({ title: pageTitle(name), prerender: true, noindex: true });

/**
 * The one route table of the site (SPEC §2). Every page is a `lazy` chunk of its own, so a page
 * downloads only its own code beside the layout's; entry-client resolves the first page's chunk
 * before hydrating, and the prerender step renders it and preloads its chunks. `handle.meta` gives
 * each route its title; routes with `prerender` are written to static HTML with their head tags
 * at build time.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouterErrorPage />,
    children: [
      {
        index: true,
        lazy: lazyPage('features/marketing/home-page.tsx', 'HomePage'),
        handle: meta({
          title: homeTitle,
          description:
            'REST API for financial data on 5000+ NSE and BSE listed companies: statements, 500+ ratios, stock quotes, shareholding patterns, corporate actions and commodity prices in JSON.',
          prerender: true,
        }),
      },
      {
        path: 'financial-data-api-pricing',
        lazy: lazyPage('features/pricing/pricing-page.tsx', 'PricingPage'),
        handle: meta({
          title: pageTitle('Financial Data API Pricing'),
          description:
            'Plans for the Indian financial data API: Basic free forever, Individual, Professional and Enterprise. 300 API calls per minute on every plan.',
          prerender: true,
        }),
      },
      {
        path: 'api-faq',
        lazy: lazyPage('features/faq/faq-page.tsx', 'FaqPage'),
        handle: meta({
          title: pageTitle('Financial Data API FAQ'),
          description:
            'Answers about the NSE and BSE financial data API: coverage, data sets, update times, rate limits, plans, GST, payments and refunds.',
          prerender: true,
        }),
      },
      {
        path: 'about-us',
        lazy: lazyPage('features/about/about-page.tsx', 'AboutPage'),
        handle: meta({
          title: pageTitle('About Us'),
          description:
            'Bahi turns the filings of companies listed on the NSE and BSE into clean, consistent data.',
          prerender: true,
        }),
      },
      {
        path: 'terms-of-service',
        lazy: lazyPage('features/legal/terms-page.tsx', 'TermsPage'),
        handle: meta({
          title: pageTitle('Terms of Service'),
          description:
            'Terms of Service of the Bahi financial data API: eligibility, plan licences, fees, acceptable use and governing law.',
          prerender: true,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: lazyPage('features/legal/privacy-page.tsx', 'PrivacyPage'),
        handle: meta({
          title: pageTitle('Privacy Policy'),
          description:
            'How Bahi collects, uses, shares and protects personal data, and the rights you have over it.',
          prerender: true,
        }),
      },
      {
        path: 'thanks',
        lazy: lazyPage('features/support/thanks-page.tsx', 'ThanksPage'),
        handle: meta(utility('Thank You')),
      },
      {
        path: 'session-expired',
        lazy: lazyPage('features/auth/session-expired-page.tsx', 'SessionExpiredPage'),
        handle: meta(utility('Session Expired')),
      },
      {
        path: 'basic-login',
        lazy: lazyPage('features/auth/basic-login-page.tsx', 'BasicLoginPage'),
        handle: meta(utility('Get Your Free API Key')),
      },
      {
        path: 'strat',
        lazy: lazyPage('features/auth/strat-page.tsx', 'StratPage'),
        handle: meta(utility('Login to Subscribe')),
      },
      {
        path: 'payment-success',
        lazy: lazyPage('features/payments/payment-success-page.tsx', 'PaymentSuccessPage'),
        handle: meta(utility('Payment Successful')),
      },
      {
        path: 'payment-failed',
        lazy: lazyPage('features/payments/payment-failed-page.tsx', 'PaymentFailedPage'),
        handle: meta(utility('Payment Failed')),
      },
      {
        path: 'financial-data-api-documentation',
        lazy: lazyDocsPage,
        handle: meta({ title: pageTitle('Financial Data API Documentation') }),
      },
      {
        path: 'company-profile',
        lazy: lazyPage('features/account/company-profile-page.tsx', 'CompanyProfilePage'),
        handle: meta({ title: pageTitle('Profile') }),
      },
      {
        path: 'feedback',
        lazy: lazyPage('features/forms/feedback-page.tsx', 'FeedbackPage'),
        handle: meta({ title: pageTitle('Feedback') }),
      },
      {
        path: 'contact-us',
        lazy: lazyPage('features/forms/contact-page.tsx', 'ContactPage'),
        handle: meta({ title: pageTitle('Contact Sales') }),
      },
      {
        path: 'api-support',
        lazy: lazyPage('features/forms/support-page.tsx', 'ApiSupportPage'),
        handle: meta({ title: pageTitle('API Support') }),
      },
      {
        path: 'subscription/:type',
        lazy: lazyPage('features/billing/subscription-page.tsx', 'SubscriptionPage'),
        handle: meta({ title: pageTitle('Subscription') }),
      },
      {
        path: 'confirmation',
        lazy: lazyPage('features/billing/confirmation-page.tsx', 'ConfirmationPage'),
        handle: meta({ title: pageTitle('Confirmation') }),
      },
      {
        path: 'login',
        lazy: lazyPage('features/auth/login-page.tsx', 'LoginPage'),
        handle: meta({ title: pageTitle('Sign In'), noindex: true }),
      },
      {
        path: 'page-not-found',
        lazy: lazyPage('features/errors/not-found-page.tsx', 'NotFoundPage'),
        handle: meta(utility('Page Not Found')),
      },
      {
        path: '*',
        lazy: lazyPage('features/errors/not-found-page.tsx', 'NotFoundPage'),
        handle: meta({ title: pageTitle('Page Not Found'), noindex: true }),
      },
    ],
  },
];

/** Paths written as static HTML by the prerender step. */
export const prerenderPaths: string[] = (routes[0]?.children ?? [])
  .filter((r) => (r.handle as { meta?: PageMeta } | undefined)?.meta?.prerender)
  .map((r) => (r.index ? '/' : `/${r.path}`));
