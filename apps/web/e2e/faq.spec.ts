import { expect, test } from '@playwright/test';

test('the FAQ has two sections and opens one answer at a time', async ({ page }) => {
  await page.goto('/api-faq');
  await expect(page.getByRole('heading', { name: 'Financial Data', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing and Payment', level: 2 })).toBeVisible();
  const coverage = page.getByRole('button', { name: 'Which companies does the API cover?' });
  const refunds = page.getByRole('button', { name: 'Can I get a refund?' });
  const coverageAnswer = page.getByRole('region', { name: 'Which companies does the API cover?' });
  const refundsAnswer = page.getByRole('region', { name: 'Can I get a refund?' });
  await expect(coverageAnswer).toBeHidden();

  await coverage.click();
  await expect(coverage).toHaveAttribute('aria-expanded', 'true');
  await expect(coverageAnswer).toBeVisible();
  await expect(coverageAnswer).toContainText('more than 5000 listed companies');

  await refunds.click();
  await expect(refundsAnswer).toContainText('Fees are non-refundable');
  await expect(coverageAnswer).toBeHidden();
  await expect(coverage).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1);

  await refunds.click();
  await expect(refundsAnswer).toBeHidden();
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
});

test('the FAQ works from the keyboard and says the free tier covers three companies', async ({ page }) => {
  await page.goto('/api-faq');
  const free = page.getByRole('button', { name: 'Which companies can I query on the free Basic plan?' });
  await free.focus();
  await page.keyboard.press('Enter');
  const answer = page.getByRole('region', { name: 'Which companies can I query on the free Basic plan?' });
  await expect(answer).toContainText('three sample companies');
  await expect(answer).toContainText('ITC, RELIANCE, HDFCBANK');
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
});

test('the pricing page carries the FAQ with the same one-at-a-time behaviour', async ({ page }) => {
  await page.goto('/financial-data-api-pricing');
  await page.getByRole('button', { name: 'Is GST included?' }).click();
  await expect(page.getByRole('region', { name: 'Is GST included?' })).toContainText('₹1,695');
  await page.getByRole('button', { name: 'How do I pay?' }).click();
  await expect(page.getByRole('region', { name: 'Is GST included?' })).toBeHidden();
});
