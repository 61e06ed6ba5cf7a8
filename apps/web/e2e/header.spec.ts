import { expect, test } from '@playwright/test';

/** Loads a page and waits until React has attached its listeners. */
const open = async (page: import('@playwright/test').Page, path: string) => {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
};

const scrollTo = (page: import('@playwright/test').Page, y: number) =>
  page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

test('the header hides when scrolling down past 100 px and shows again on scroll up', async ({ page }) => {
  await open(page, '/');
  const header = page.getByRole('banner');
  await scrollTo(page, 80);
  await expect(header).toBeInViewport();
  await scrollTo(page, 90);
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await scrollTo(page, 600);
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await expect(header).not.toBeInViewport();
  await scrollTo(page, 450);
  await expect(header).toHaveAttribute('data-hidden', 'false');
  await expect(header).toBeInViewport();
});

test('a hidden header comes back when it receives keyboard focus', async ({ page }) => {
  await open(page, '/terms-of-service');
  await scrollTo(page, 200);
  await scrollTo(page, 900);
  await expect(page.getByRole('banner')).toHaveAttribute('data-hidden', 'true');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).focus();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeInViewport();
});

test('keyboard users can skip to the content and reach every header link', async ({ page }) => {
  await page.goto('/api-faq');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Bahi home' }).first()).toBeFocused();
  for (const name of ['Features', 'Pricing', 'API Docs', 'Support']) {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('button', { name: 'LOGIN' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in to Bahi' });
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const width of [360, 768, 1440]) {
  test(`pages fit a ${width} px wide screen without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      '/',
      '/financial-data-api-pricing',
      '/api-faq',
      '/terms-of-service',
      '/payment-failed',
    ]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Support' })).toBeVisible();
    }
  });
}

test('Features in the header and the footer lead to the features section from any page', async ({ page }) => {
  for (const area of ['banner', 'contentinfo'] as const) {
    await page.goto('/about-us');
    await page.getByRole(area).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY), area).toBeGreaterThan(100);
  }
});
