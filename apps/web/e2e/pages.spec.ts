import { expect, test } from '@playwright/test';
import { sitePages } from './site-pages.ts';

test.describe('every route shows its spec texts and title', () => {
  for (const p of sitePages) {
    test(p.path, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(p.path);
      for (const text of p.texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      await expect(page).toHaveTitle(p.title);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(/© \d{4} Bahi\. All rights reserved\./);
      expect(errors).toEqual([]);
    });
  }
});

test('marketing pages carry content, title, description and Open Graph tags in their HTML', async ({
  request,
}) => {
  for (const p of sitePages.filter((s) => s.prerendered)) {
    const res = await request.get(p.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html, p.path).toMatch(p.title);
    expect(html, p.path).toContain('<meta property="og:title"');
    for (const text of p.texts.filter((t) => !t.includes("'")))
      expect(html, `${p.path}: ${text}`).toContain(text);
  }
  for (const path of ['/', '/financial-data-api-pricing', '/api-faq', '/terms-of-service']) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
    expect(html).toContain('<meta property="og:description"');
    expect(html).not.toContain('noindex');
  }
  expect(await (await request.get('/thanks')).text()).toContain('<meta name="robots" content="noindex">');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');
  expect((await request.get('/favicon.svg')).status()).toBe(200);
});

test('an unmatched path answers 404 with the not-found page, kept out of search indexes', async ({
  page,
}) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  expect(await res?.text()).toContain('<meta name="robots" content="noindex">');
  await expect(page.getByText('Page you are looking for does not exist.')).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  // Client routes the server does not prerender still answer 200.
  expect((await page.goto('/subscription/individual'))?.status()).toBe(200);
  // A problem body's `type` leads to the error tables of the docs.
  await page.goto('/docs/errors#bad_request');
  await expect(page).toHaveURL(/\/financial-data-api-documentation#errors$/);
  await expect(page.getByRole('heading', { name: 'Errors', exact: true })).toBeVisible();
});

test('feature pages are reachable from the header and footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'API Docs' }).click();
  await expect(page).toHaveURL(/\/financial-data-api-documentation$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('API Reference');
  await page.getByRole('banner').getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/api-support$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Sales' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await page.goto('/subscription/individual');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Individual');
  // Signed out, the profile sends to sign-in (and back afterwards).
  await page.goto('/company-profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fcompany-profile$/);
});

test('the landing page sets its long title and opens at the top; Features jumps to the feature cards', async ({
  page,
}) => {
  await page.goto('/terms-of-service');
  await page.evaluate(() => window.scrollTo(0, 2000));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Bahi home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/Financial Data API for NSE and BSE Listed Companies/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
  await expect(
    page.getByRole('heading', { name: 'Everything you need to analyse Indian companies' }),
  ).toBeInViewport();
});

test('payment result pages lead on: Try Again and Pricing to pricing, Go to Home', async ({ page }) => {
  await page.goto('/payment-failed');
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/financial-data-api-pricing$/);
  await page.goto('/payment-success');
  await page.getByRole('main').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/financial-data-api-pricing$/);
  await page.goto('/thanks');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
