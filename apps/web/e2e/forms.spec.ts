import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures.ts';

/** The bodies the page sent to a path, as the server received them. */
function captureBodies(page: Page, path: string) {
  const bodies: unknown[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === path) bodies.push(req.postDataJSON());
  });
  return bodies;
}

test.describe('/contact-us', () => {
  test('shows every required message and focuses the first invalid field', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Contact number is required.')).toBeVisible();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Last name is required.')).toBeVisible();
    await expect(page.getByText('Please add at least 10 characters.')).toBeVisible();
    await expect(page.getByLabel('Work email')).toBeFocused();

    await page.getByLabel('Work email').fill('asha@example.in');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Contact number')).toBeFocused();
    await expect(page.getByText('Email is required.')).toHaveCount(0);
  });

  test('validates a field as it is edited', async ({ page }) => {
    await page.goto('/contact-us');
    const email = page.getByLabel('Work email');
    await email.fill('asha@');
    await email.blur();
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await email.fill('asha@example.in');
    await expect(page.getByText('Please enter a valid email.')).toHaveCount(0);
    await page.getByLabel('Company website').fill('not a site');
    await page.getByLabel('Company website').blur();
    await expect(page.getByText('Please enter a valid website (or leave it blank).')).toBeVisible();
  });

  test('adds https:// to the website and goes to /thanks after a stored submission', async ({ page }) => {
    const sent = captureBodies(page, '/support');
    await page.goto('/contact-us');
    await page.getByLabel('Work email').fill('asha@example.in');
    await page.getByLabel('Contact number').fill('+91 98200 12345');
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill("D'Souza");
    await page.getByLabel('Company name').fill('Kite Capital');
    await page.getByLabel('Company website').fill('kitecapital.in');
    await page.getByLabel('Company website').blur();
    await expect(page.getByLabel('Company website')).toHaveValue('https://kitecapital.in');
    await page.getByLabel('Data you need').selectOption('shareholding');
    await page.getByLabel('Project details').fill('Shareholding history for 200 companies.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/thanks$/);
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    expect(sent).toEqual([
      {
        email: 'asha@example.in',
        contact_number: '+91 98200 12345',
        first_name: 'Asha',
        last_name: "D'Souza",
        company_name: 'Kite Capital',
        company_website: 'https://kitecapital.in',
        category: 'shareholding',
        description: 'Shareholding history for 200 companies.',
        additional_details: '',
      },
    ]);
  });
});

test.describe('/api-support', () => {
  async function fillValid(page: Page) {
    await page.getByLabel('Your name').fill('Ravi Kumar');
    await page.getByLabel('Email').fill('ravi@example.in');
    await page.getByLabel('Category').selectOption('data');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Subject').fill('Missing EPS');
    await page.getByLabel('Message', { exact: true }).fill('EPS for ITC is empty for the last quarter.');
  }

  test('shows every required message and focuses the first invalid field', async ({ page }) => {
    await page.goto('/api-support');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const text of [
      'Your name is required.',
      'Email is required.',
      'Please select a support category.',
      'Please select a priority level.',
      'Subject should be at least 4 characters.',
      'Please provide at least 10 characters.',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByLabel('Your name')).toBeFocused();
  });

  test('sends name as first_name and subject and message joined, then shows /thanks', async ({ page }) => {
    const sent = captureBodies(page, '/support');
    await page.goto('/api-support');
    await fillValid(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/thanks$/);
    expect(sent).toEqual([
      {
        email: 'ravi@example.in',
        first_name: 'Ravi Kumar',
        description: 'Missing EPS\n\nEPS for ITC is empty for the last quarter.',
        additional_details: '',
        priority_level: 'high',
        category: 'data',
      },
    ]);
  });

  test("shows the server's message at the top of the form, scrolled up, while submitting disables the button", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/support?source=bahi', async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 503,
          code: 'unavailable',
          detail: 'Support is restarting; try again in a minute.',
        }),
      });
    });
    await page.setViewportSize({ width: 800, height: 500 });
    await page.goto('/api-support');
    await fillValid(page);
    const button = page.getByRole('button', { name: /Submit/ });
    await button.click();
    await expect(button).toHaveText('Submitting...');
    await expect(button).toBeDisabled();
    release();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Support is restarting; try again in a minute.');
    await expect(alert).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(/\/api-support$/);
    await expect(page.getByLabel('Subject')).toHaveValue('Missing EPS');
  });

  test('shows the generic text for an answer other than 200 or 201 without a message', async ({ page }) => {
    await page.route('**/support?source=bahi', (route) => route.fulfill({ status: 202, body: '' }));
    await page.goto('/api-support');
    await fillValid(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong! Please try again.');
  });
});

test.describe('/feedback', () => {
  test('asks signed-out visitors to log in', async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.getByText('Please login to access this section.')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveCount(0);
  });

  test('counts characters, requires both fields, and thanks on 201', async ({ page }) => {
    await signIn(page, { email: 'meera.feedback@example.in', name: 'Meera Iyer' });
    await page.goto('/feedback');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.getByText('Please choose a Category')).toBeVisible();
    await expect(page.getByText('Please enter your Message')).toBeVisible();
    await expect(page.getByLabel('Category')).toBeFocused();

    await page.getByLabel('Category').selectOption('data');
    const message = page.getByLabel('Message');
    await expect(page.getByText('0/1000 characters')).toBeVisible();
    await message.fill('x'.repeat(1001));
    await expect(page.getByText('1001/1000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.getByText('Please keep your Message to 1000 characters.')).toBeVisible();
    await message.fill('Please add BSE SME companies.');
    await expect(page.getByText('29/1000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(
      page.getByText('Thank you for choosing us, and we look forward to serving you!'),
    ).toBeVisible();
  });

  test('keeps what was typed when sending fails', async ({ page }) => {
    await signIn(page, { email: 'nikhil.feedback@example.in', name: 'Nikhil Shah' });
    await page.route('**/api/v1/feedback', (route) => route.abort('connectionrefused'));
    await page.goto('/feedback');
    await page.getByLabel('Category').selectOption('bug');
    await page.getByLabel('Message').fill('The docs search misses /dividend.');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.getByRole('alert')).toContainText('Your feedback could not be sent');
    await expect(page.getByLabel('Message')).toHaveValue('The docs search misses /dividend.');
    await expect(page.getByLabel('Category')).toHaveValue('bug');
  });
});

test('the forms have no serious accessibility problems, with their errors shown', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  for (const [path, button] of [
    ['/contact-us', 'Submit'],
    ['/api-support', 'Submit Request'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    expect(await serious(), path).toEqual([]);
  }
  await signIn(page, { email: 'axe.feedback@example.in', name: 'Asha Axe' });
  await page.goto('/feedback');
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(page.getByText('Please choose a Category')).toBeVisible();
  expect(await serious(), '/feedback').toEqual([]);
});
