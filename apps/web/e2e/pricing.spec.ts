import { expect, test } from '@playwright/test';

const cases = [
  { plan: 'Basic', label: 'GET FREE API KEY', to: /\/basic-login$/ },
  { plan: 'Individual', label: 'SELECT PLAN', to: /\/strat\?plan=individual$/ },
  { plan: 'Professional', label: 'SELECT PLAN', to: /\/strat\?plan=professional$/ },
  { plan: 'Enterprise', label: 'CONTACT US', to: /\/contact-us$/ },
];

for (const c of cases) {
  test(`signed out, ${c.plan} reads Loading... for 1.5 s, then leads to its page`, async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-05T10:00:00+05:30') });
    await page.goto('/financial-data-api-pricing');
    const card = page.locator(`[data-plan="${c.plan.toLowerCase()}"]`);
    const button = card.getByRole('button');
    await expect(button).toHaveText(c.label);
    // From here the page's time moves only by runFor, so the 1.5 s are the page's own, whatever
    // the machine's load (time that ran on by itself fired the redirect early on a busy machine).
    await page.clock.pauseAt(new Date('2026-01-05T11:00:00+05:30'));
    await button.click();
    await expect(button).toHaveText('Loading...');
    await page.clock.runFor(1400);
    await expect(button).toHaveText('Loading...');
    await expect(page).toHaveURL(/\/financial-data-api-pricing$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(c.to);
  });
}

test('cards show the plan table: prices, billing and the rate limit', async ({ page }) => {
  await page.goto('/financial-data-api-pricing');
  const card = (slug: string) => page.locator(`[data-plan="${slug}"]`);
  await expect(card('basic')).toContainText('Free forever');
  await expect(card('basic')).toContainText('ITC, RELIANCE, HDFCBANK');
  await expect(card('individual')).toContainText('₹2,000 per month');
  await expect(card('individual')).toContainText('Billed quarterly');
  await expect(card('individual')).toContainText('Personal, non-commercial, single use');
  await expect(card('professional')).toContainText('₹5,000 per month');
  await expect(card('professional')).toContainText('Billed annually');
  await expect(card('enterprise')).toContainText('from ₹50,000 per month');
  for (const slug of ['basic', 'individual', 'professional', 'enterprise'])
    await expect(card(slug)).toContainText('300 API calls/minute');
  await expect(page.locator('.fine-print')).toContainText('GST at 18% is shown separately at checkout');
});

test('the home page pricing cards lead to the same places', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.locator('[data-plan="professional"]').getByRole('button').click();
  await page.clock.runFor(1500);
  await expect(page).toHaveURL(/\/strat\?plan=professional$/);
  await expect(
    page.getByText('Please login to continue with your API subscription payment securely.'),
  ).toBeVisible();
});
