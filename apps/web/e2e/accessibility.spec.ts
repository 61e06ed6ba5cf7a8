import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { sitePages } from './site-pages.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const paths = [...new Set(sitePages.map((p) => p.path)), '/no/such/page'];

test.describe('axe finds no serious or critical violations', () => {
  for (const path of paths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

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
