import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures.ts';
import { sitePages } from './site-pages.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const paths = [
  ...new Set(sitePages.map((p) => p.path)),
  '/financial-data-api-documentation',
  '/company-profile',
  '/contact-us',
  '/api-support',
  '/subscription/individual',
  '/no/such/page',
];

/** Waits for what the page shows once its data is in (the docs reference, the profile's key). */
async function settled(page: Page, path: string) {
  await expect(page.getByRole('main')).toBeVisible();
  if (path.startsWith('/financial-data-api-documentation'))
    await expect(page.getByTestId('endpoint-block').first()).toBeVisible();
}

test.describe('axe finds no serious or critical violations', () => {
  // axe walks the whole page; the docs reference is long, and the machine may be busy.
  test.describe.configure({ timeout: 120_000 });
  for (const path of paths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await settled(page, path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('on every page signed in, the user menu open', async ({ page }) => {
    // One axe run per page, about twenty pages.
    test.setTimeout(600_000);
    await signIn(page, { email: uniqueEmail('axe.reader.with.a.long.address'), name: 'Axe Reader' });
    for (const path of paths) {
      await page.goto(path);
      await settled(page, path);
      if (path === '/company-profile') await expect(page.getByTestId('api-key')).toBeVisible();
      await page.getByRole('button', { name: 'Account menu for Axe Reader' }).click();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('on a 360 px screen with an FAQ answer open', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/financial-data-api-pricing', '/api-faq']) {
      await page.goto(path);
      const first = page.locator('.faq-question button').first();
      if (await first.count()) await first.click();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
