import { expect, type Page, test } from '@playwright/test';
import { signIn, storedProfile, uniqueEmail } from './fixtures.ts';

async function signInAs(page: Page, label: string): Promise<void> {
  await signIn(page, { email: uniqueEmail(label), name: `Buyer ${label}` });
}

async function storedPlan(page: Page): Promise<string | undefined> {
  return (await storedProfile(page))?.plan;
}

test('the subscription page shows amounts with GST and checks the phone number', async ({ page }) => {
  await signInAs(page, 'summary');
  await page.goto('/subscription/professional');
  await expect(page.getByRole('heading', { name: 'Subscribe to Professional' })).toBeVisible();
  await expect(page.getByTestId('base-amount')).toHaveText('₹4,237');
  await expect(page.getByTestId('gst-amount')).toHaveText('₹763');
  await expect(page.getByTestId('total-amount')).toHaveText('₹5,000');

  const pay = page.getByRole('button', { name: 'Proceed to Pay' });
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Phone number is required');

  const phone = page.getByLabel('Phone number', { exact: true });
  await phone.fill('+91 (98765) 4321x0');
  await expect(phone).toHaveValue('91 (98765) 43210');
  await phone.fill('5876543210');
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await page.getByLabel('Country').selectOption('GB');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await phone.fill('7700 900123');
  await expect(page.getByTestId('full-phone')).toHaveText('+447700900123');
});

test('an unknown plan type goes to not-found', async ({ page }) => {
  await page.goto('/subscription/gold');
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByText('Page you are looking for does not exist.')).toBeVisible();
});

test('buying Individual through the sandbox ends on /payment-success and pricing shows it as current', async ({
  page,
}) => {
  await signInAs(page, 'success');
  await page.goto('/subscription/individual');
  await page.getByLabel('Phone number', { exact: true }).fill('98765 43210');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();

  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await expect(checkout).toContainText('Individual plan');
  await expect(checkout).toContainText('₹2,000.00');
  await checkout.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/confirmation\?status=success$/);
  await expect(page.getByText("Please don't close the window or refresh it.")).toBeVisible();
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'API Docs' })).toBeVisible();
  // The verdict is kept in the history entry: a reload still shows the payment.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  expect(await storedPlan(page)).toBe('I');

  await page.goto('/company-profile');
  await expect(page.getByTestId('plan-name')).toHaveText('Individual');

  await page.goto('/financial-data-api-pricing');
  const individual = page.locator('[data-plan="individual"]').getByRole('button');
  await expect(individual).toHaveText('CURRENT PLAN');
  await expect(individual).toBeDisabled();

  await page.goto('/subscription/individual');
  await expect(page.getByText('You are on the Individual plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toHaveCount(0);
});

test('a failed sandbox payment ends on /payment-failed and leaves the plan unchanged', async ({ page }) => {
  await signInAs(page, 'failure');
  await page.goto('/subscription/individual');
  await page.getByLabel('Phone number', { exact: true }).fill('98765 43210');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await page.getByRole('dialog', { name: 'Sandbox checkout' }).getByRole('button', { name: 'Fail' }).click();

  await expect(page).toHaveURL(/\/confirmation\?status=failure$/);
  await expect(page.getByText("Please don't close the window or refresh it.")).toBeVisible();
  await expect(page).toHaveURL(/\/payment-failed$/);
  await expect(
    page.getByText('Payment failed. Please retry, or contact support if the issue continues.'),
  ).toBeVisible();
  expect(await storedPlan(page)).toBe('B');
  await page.getByRole('link', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/financial-data-api-pricing$/);
});

test('closing the checkout without paying stays on the page', async ({ page }) => {
  await signInAs(page, 'close');
  await page.goto('/subscription/individual');
  await page.getByLabel('Phone number', { exact: true }).fill('98765 43210');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  const checkout = page.getByRole('dialog', { name: 'Sandbox checkout' });
  await checkout.getByRole('button', { name: 'Close' }).click();
  await expect(checkout).toHaveCount(0);
  await expect(page).toHaveURL(/\/subscription\/individual$/);
  await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toBeEnabled();
});

test('a checkout script that fails to load shows an error', async ({ page }) => {
  await signInAs(page, 'script');
  await page.route('**/sandbox/checkout.js', (route) => route.abort());
  await page.goto('/subscription/individual');
  await page.getByLabel('Phone number', { exact: true }).fill('98765 43210');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('The payment checkout script failed to load.');
});

test('the confirmation page without a status only says it is processing', async ({ page }) => {
  await page.goto('/confirmation');
  await expect(page.getByRole('heading', { name: 'Processing your request' })).toBeVisible();
  await expect(page.getByText("Please don't close the window or refresh it.")).toHaveCount(0);
});

test('a payment that cannot start shows the server’s message, or the SPEC fallback without a status line', async ({
  page,
}) => {
  await signInAs(page, 'start');
  await page.goto('/subscription/individual');
  await page.getByLabel('Phone number', { exact: true }).fill('98765 43210');
  const pay = page.getByRole('button', { name: 'Proceed to Pay' });

  await page.route('**/api/v1/subscribe-api**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText(
    "We couldn't start the payment. Please try again or contact support.",
  );

  await page.unroute('**/api/v1/subscribe-api**');
  await page.route('**/api/v1/subscribe-api**', (route) => route.abort('connectionrefused'));
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText(
    "We couldn't start the payment. Please try again or contact support.",
  );

  await page.unroute('**/api/v1/subscribe-api**');
  await page.route('**/api/v1/subscribe-api**', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        status: 409,
        code: 'conflict',
        detail: 'A payment for this plan is already open.',
      }),
    }),
  );
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('A payment for this plan is already open.');
});
