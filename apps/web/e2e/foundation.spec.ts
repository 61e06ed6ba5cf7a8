import { expect, test } from '@playwright/test';

test('home page is served prerendered and hydrates', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Financial data API for Indian listed companies');
  await page.goto('/');
  await expect(page).toHaveTitle(/Financial Data API/);
});

test('an unmatched path shows the not-found text', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page you are looking for does not exist.')).toBeVisible();
});
