import { expect, test } from '@playwright/test';

// The docs page's reference is rendered by the server from the document it serves (decision
// 0853): readable and searchable before any script runs, then hydrated by React.
const docsPath = '/financial-data-api-documentation';

interface Doc {
  paths: Record<string, { get: { summary: string; description: string; tags: string[] } }>;
}

test('without JavaScript the page holds every group and endpoint: description, arguments, cURL and sample response', async ({
  browser,
  request,
}) => {
  const doc = (await (await request.get('/swagger/doc.json')).json()) as Doc;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(docsPath);
  const blocks = page.getByTestId('endpoint-block');
  await expect(blocks).toHaveCount(Object.keys(doc.paths).length);
  const groups = new Set(Object.values(doc.paths).map((p) => p.get.tags[0]));
  const titles = await page.locator('.docs-group-title').allTextContents();
  expect(new Set(titles)).toEqual(groups);
  for (const [path, item] of Object.entries(doc.paths)) {
    const block = page.locator(`[id="${path}"]`);
    await expect(block.getByRole('heading', { level: 3 })).toHaveText(item.get.summary);
    await expect(block).toContainText(item.get.description.slice(0, 40));
    await expect(block).toContainText('Arguments');
    await expect(block.getByRole('tabpanel')).toContainText('curl');
    await expect(block).toContainText('Sample response');
  }
  // Searchable as text: the browser's find sees the endpoints.
  expect(await page.evaluate(() => document.body.innerText)).toContain('Exchange holidays');
  await context.close();
});

test('hydrates without a console error, then puts the signed-in key into the samples', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    localStorage.setItem(
      'bahi.profile',
      JSON.stringify({
        user: 'Ravi Menon',
        key: 'bahi_key_of_ravi',
        accessToken: 'unused',
        refreshToken: 'unused',
        expiry: Math.floor(Date.now() / 1000) + 3600,
        email: 'ravi@example.com',
        plan: 'B',
        subscription_expiration: null,
        billing_cycle: 'NA',
        billing_status: null,
      }),
    );
  });
  const html = await (await page.request.get(docsPath)).text();
  expect(html).toContain('data-testid="endpoint-block"');
  expect(html).not.toContain('bahi_key_of_ravi');
  await page.goto(`${docsPath}#/quote`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('endpoint-block').first().getByRole('tabpanel')).toContainText(
    'token=bahi_key_of_ravi',
  );
  await expect(page.locator('[id="/quote"]')).toBeInViewport();
  expect(errors).toEqual([]);
});

test('opened directly, every endpoint block answers once hydrated: language tabs, Copy, Try it and See plans', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${docsPath}#/holidays-calender`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The last group's block, far below the first screen.
  const block = page.locator('[id="/holidays-calender"]');
  await block.getByRole('tab', { name: 'Python client' }).click();
  await expect(block.getByRole('tab', { name: 'Python client' })).toHaveAttribute('aria-selected', 'true');
  await expect(block.getByRole('tabpanel')).toContainText('from bahi import Client');
  await block.getByRole('button', { name: 'Copy' }).first().click();
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('from bahi import Client');
  await block.getByText('Try it').click();
  await block.getByRole('button', { name: 'Send request' }).click();
  await expect(block.getByText(/Status:\s*200/)).toBeVisible();
  // A paid-only endpoint links to the plans, opened inside the site without a page load.
  const paid = page.locator('[id="/superinvestor-portfolio/{investor_id}"]');
  await page.evaluate(() => {
    (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });
  await paid.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/financial-data-api-pricing$/);
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
});
