import { siteName } from '@bahi/contracts/site';
import type { RouteObject } from 'react-router';
import { Layout } from './app/layout.tsx';
import { lazyPage } from './app/lazy-page.ts';
import { type PageMeta, pageTitle } from './app/page-meta.ts';
import { AboutPage } from './features/about/about-page.tsx';
import { BasicLoginPage } from './features/auth/basic-login-page.tsx';
import { SessionExpiredPage } from './features/auth/session-expired-page.tsx';
import { StratPage } from './features/auth/strat-page.tsx';
import { lazyDocsPage } from './features/docs/docs-route.ts';
import { NotFoundPage } from './features/errors/not-found-page.tsx';
import { RouterErrorPage } from './features/errors/router-error-page.tsx';
import { FaqPage } from './features/faq/faq-page.tsx';
import { PrivacyPage } from './features/legal/privacy-page.tsx';
import { TermsPage } from './features/legal/terms-page.tsx';
import { HomePage } from './features/marketing/home-page.tsx';
import { PaymentFailedPage } from './features/payments/payment-failed-page.tsx';
import { PaymentSuccessPage } from './features/payments/payment-success-page.tsx';
import { PricingPage } from './features/pricing/pricing-page.tsx';
import { ThanksPage } from './features/support/thanks-page.tsx';

export const homeTitle = `${siteName} | Financial Data API for NSE and BSE Listed Companies: Financial Statements, 500+ Ratios, Stock Quotes and Shareholding Data`;

const meta = (m: PageMeta) => ({ meta: m });
const utility = (name: string): PageMeta => ({ title: pageTitle(name), prerender: true, noindex: true });

/**
 * The one route table of the site (SPEC §2). Prerendered pages are bundled with the layout so
 * they hydrate as soon as the entry runs; every other page is a `lazy` chunk of its own
 * (entry-client resolves the first page's chunk before rendering). `handle.meta` gives each
 * route its title; routes with `prerender` are written to static HTML with their head tags at
 * build time.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouterErrorPage />,
    children: [
      {
        index: true,
        element: <HomePage />,
        handle: meta({
          title: homeTitle,
          description:
            'REST API for financial data on 5000+ NSE and BSE listed companies: statements, 500+ ratios, stock quotes, shareholding patterns, corporate actions and commodity prices in JSON.',
          prerender: true,
        }),
      },
      {
        path: 'financial-data-api-pricing',
        element: <PricingPage />,
        handle: meta({
          title: pageTitle('Financial Data API Pricing'),
          description:
            'Plans for the Indian financial data API: Basic free forever, Individual, Professional and Enterprise. 300 API calls per minute on every plan.',
          prerender: true,
        }),
      },
      {
        path: 'api-faq',
        element: <FaqPage />,
        handle: meta({
          title: pageTitle('Financial Data API FAQ'),
          description:
            'Answers about the NSE and BSE financial data API: coverage, data sets, update times, rate limits, plans, GST, payments and refunds.',
          prerender: true,
        }),
      },
      {
        path: 'about-us',
        element: <AboutPage />,
        handle: meta({
          title: pageTitle('About Us'),
          description:
            'Bahi turns the filings of companies listed on the NSE and BSE into clean, consistent data.',
          prerender: true,
        }),
      },
      {
        path: 'terms-of-service',
        element: <TermsPage />,
        handle: meta({
          title: pageTitle('Terms of Service'),
          description:
            'Terms of Service of the Bahi financial data API: eligibility, plan licences, fees, acceptable use and governing law.',
          prerender: true,
        }),
      },
      {
        path: 'privacy-policy',
        element: <PrivacyPage />,
        handle: meta({
          title: pageTitle('Privacy Policy'),
          description:
            'How Bahi collects, uses, shares and protects personal data, and the rights you have over it.',
          prerender: true,
        }),
      },
      {
        path: 'thanks',
        element: <ThanksPage />,
        handle: meta(utility('Thank You')),
      },
      {
        path: 'session-expired',
        element: <SessionExpiredPage />,
        handle: meta(utility('Session Expired')),
      },
      {
        path: 'basic-login',
        element: <BasicLoginPage />,
        handle: meta(utility('Get Your Free API Key')),
      },
      {
        path: 'strat',
        element: <StratPage />,
        handle: meta(utility('Login to Subscribe')),
      },
      {
        path: 'payment-success',
        element: <PaymentSuccessPage />,
        // Rendered in the browser: what it shows depends on the verdict checkout passed on.
        handle: meta({ ...utility('Payment Successful'), prerender: false }),
      },
      {
        path: 'payment-failed',
        element: <PaymentFailedPage />,
        handle: meta(utility('Payment Failed')),
      },
      {
        path: 'financial-data-api-documentation',
        lazy: lazyDocsPage,
        handle: meta({
          title: pageTitle('Financial Data API Documentation'),
          description:
            'Reference for the Bahi REST API: every endpoint for NSE and BSE listed companies, with parameters, cURL, Python and Node.js samples and real example responses.',
        }),
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
        element: <NotFoundPage />,
        handle: meta(utility('Page Not Found')),
      },
      {
        path: '*',
        element: <NotFoundPage />,
        handle: meta({ title: pageTitle('Page Not Found'), noindex: true }),
      },
    ],
  },
];

/** Paths written as static HTML by the prerender step. */
export const prerenderPaths: string[] = (routes[0]?.children ?? [])
  .filter((r) => (r.handle as { meta?: PageMeta } | undefined)?.meta?.prerender)
  .map((r) => (r.index ? '/' : `/${r.path}`));

/**
 * Every path the site answers, as route patterns (`/subscription/:type`), for the server: any
 * other path gets the not-found page with a real 404 status.
 */
export const sitePathPatterns: string[] = (routes[0]?.children ?? [])
  .filter((r) => r.index || (r.path && r.path !== '*'))
  .map((r) => (r.index ? '/' : `/${r.path}`));
