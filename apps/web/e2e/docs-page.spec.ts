import AxeBuilder from '@axe-core/playwright';
import { publicSampleKey } from '@bahi/contracts';
import { expect, type Page, test } from '@playwright/test';

const docsPath = '/financial-data-api-documentation';

async function signInAs(page: Page, key: string) {
  // Until the shared signIn fixture exists: the stored session profile of SPEC §3.
  await page.addInitScript((apiKey) => {
    localStorage.setItem(
      'bahi.profile',
      JSON.stringify({
        user: 'Asha Rao',
        key: apiKey,
        accessToken: 'unused-in-these-tests',
        refreshToken: 'unused',
        expiry: Math.floor(Date.now() / 1000) + 3600,
        email: 'asha@example.com',
        plan: 'B',
        subscription_expiration: null,
        billing_cycle: 'NA',
        billing_status: null,
      }),
    );
  }, key);
}

/** Serves the real document with extra paths added, for the empty states. */
async function withExtraPaths(page: Page, extra: Record<string, unknown>) {
  await page.route('**/swagger/doc.json', async (route) => {
    const res = await route.fetch();
    const doc = await res.json();
    doc.paths = { ...doc.paths, ...extra };
    await route.fulfill({ response: res, json: doc });
  });
}

/** Holds the browser's fetch of the document until `release` is called. */
async function holdDocument(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/swagger/doc.json', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('opened directly, the reference is in the page before the browser has the document; it then hydrates', async ({
  page,
}) => {
  const release = await holdDocument(page);
  await page.goto(docsPath);
  await expect(page.getByRole('heading', { level: 1, name: /API Reference/ })).toBeVisible();
  expect(await page.getByTestId('endpoint-block').count()).toBeGreaterThan(20);
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test('reached from another page, shows a spinner, then the reference with its sections, badge and groups in SPEC order', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const release = await holdDocument(page);
  await page.getByRole('main').getByRole('link', { name: 'Read the API docs' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: /API Reference/ })).toBeVisible();
  await expect(page).toHaveTitle(/API Documentation/);
  await expect(page.locator('.docs-badge')).toHaveText('v1.0');
  for (const id of ['reference', 'authentication', 'errors'])
    await expect(page.locator(`[id="${id}"]`)).toBeVisible();
  await expect(page.locator('#errors')).toContainText('Too Many Requests, exponential backoff recommended');
  await expect(page.locator('#errors')).toContainText('"request_id"');
  const groups = await page.locator('.docs-group-toggle').allTextContents();
  // The SPEC groups in SPEC order; groups the SPEC does not name (Superinvestors) come after.
  expect(groups.map((g) => g.replace(/[+−]/g, '').trim()).slice(0, 9)).toEqual([
    'Company',
    'Financials',
    'Financial Analysis',
    'Price',
    'Peers',
    'Shareholdings',
    'Corporate Action',
    'Commodities',
    'Exchange',
  ]);
  const first = page.getByTestId('endpoint-block').first();
  await expect(first.getByRole('tab')).toHaveText([
    'cURL',
    'Go',
    'Java',
    'Node.js',
    'Node.js client',
    'Python',
    'Python client',
  ]);
  await expect(first).toContainText('Sample response');
  await first.getByRole('tab', { name: 'Go' }).click();
  await expect(first.getByRole('tabpanel')).toContainText('http.NewRequest("GET"');
  await first.getByRole('tab', { name: 'Python client' }).click();
  await expect(first.getByRole('tabpanel')).toContainText('from bahi import Client');
  await expect(page.locator('#ai-assistants')).toContainText('/mcp');
});

test('says the spec is missing when the document cannot be had', async ({ page }) => {
  await page.route('**/swagger/doc.json', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto(docsPath);
  await expect(page.getByText('Missing OpenAPI/Swagger spec...')).toBeVisible();
});

test('search filters by label and method and opens the first matching group', async ({ page }) => {
  await page.goto(docsPath);
  const nav = page.getByTestId('docs-nav');
  await expect(nav.getByRole('button', { name: /Exchange/ })).toHaveAttribute('aria-expanded', 'false');
  const groupCount = await nav.locator('.docs-group-toggle').count();
  expect(groupCount).toBeGreaterThanOrEqual(9);
  await nav.getByPlaceholder('Search endpoints...').fill('HOLIDAY');
  await expect(nav.getByRole('button', { name: /Exchange/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: /Exchange holidays/ })).toBeVisible();
  await expect(nav.locator('.docs-group-toggle')).toHaveCount(1);
  await nav.getByPlaceholder('Search endpoints...').fill('get');
  await expect(nav.locator('.docs-group-toggle')).toHaveCount(groupCount);
  await nav.getByPlaceholder('Search endpoints...').fill('zzz');
  await expect(nav.locator('.docs-group-toggle')).toHaveCount(0);
  await nav.getByPlaceholder('Search endpoints...').fill('');
  await nav.getByRole('button', { name: /Company/ }).click();
  await expect(nav.getByRole('button', { name: /Company/ })).toHaveAttribute('aria-expanded', 'false');
});

test('a hash deep link opens and scrolls to the endpoint; clicking an item puts its id in the hash', async ({
  page,
}) => {
  await page.goto(`${docsPath}#/peers/{symbol}`);
  const block = page.locator('[id="/peers/{symbol}"]');
  await expect(block).toBeInViewport();
  const nav = page.getByTestId('docs-nav');
  await expect(nav.getByRole('button', { name: /Peers/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: /Peers/ })).toHaveAttribute('aria-current', 'location');
  await nav.getByRole('button', { name: /Exchange/ }).click();
  await nav.getByRole('link', { name: /Exchange holidays/ }).click();
  await expect(page).toHaveURL(/#\/holidays-calender$/);
  await expect(page.locator('[id="/holidays-calender"]')).toBeInViewport();
});

test('path lookup and sample response messages', async ({ page }) => {
  await withExtraPaths(page, {
    '/post-only': { post: { summary: 'Post only', responses: { '200': { description: 'ok' } } } },
    '/no-2xx': {
      get: { tags: ['Exchange'], summary: 'No success', responses: { '404': { description: 'x' } } },
    },
    '/csv-only': {
      get: { tags: ['Exchange'], summary: 'Csv only', responses: { '200': { description: 'csv' } } },
    },
  });
  await page.goto(`${docsPath}#/no-such-path`);
  // The browser's document differs from the one the server rendered: the page renders afresh.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText('Path not found. Tried: /stock-symbols,');
  await expect(page.getByRole('alert')).toContainText('/holidays-calender');
  await page.goto(`${docsPath}#/post-only`);
  await expect(page.getByRole('alert')).toHaveText('No operations found for this path.');
  await expect(page.locator('[id="/no-2xx"]')).toContainText('No responses defined');
  await expect(page.locator('[id="/csv-only"]')).toContainText('No JSON example available for this endpoint');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation is a drawer closed by Escape, the scrim and its button, locking body scroll', async ({
    page,
  }) => {
    await page.goto(docsPath);
    const nav = page.getByTestId('docs-nav');
    const menu = page.getByRole('button', { name: /Endpoints/ });
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    expect(box?.width).toBeCloseTo(375 * 0.92, 0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await menu.click();
    await page.mouse.click(365, 400);
    await expect(nav).toBeHidden();
    await menu.click();
    await nav.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
    // Keyboard focus returns to the button that opened the drawer.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
  });

  test('the reference, error tables included, fits the screen without sideways scrolling', async ({
    page,
  }) => {
    await page.goto(`${docsPath}#errors`);
    await expect(page.getByRole('cell', { name: 'unsupported_media_type' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('on a wide screen the navigation is a panel, with no drawer button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(docsPath);
  await expect(page.getByTestId('docs-nav')).toBeVisible();
  await expect(page.getByRole('heading', { name: /API Reference/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Endpoints/ })).toBeHidden();
  // The description's Markdown code marks show as code, not as backticks.
  const intro = page.locator('#reference p').first();
  await expect(intro.locator('code').first()).toHaveText('token');
  await expect(intro).not.toContainText('`');
});

test('the PDF modal traps focus, locks scroll and closes by Escape, overlay and button', async ({ page }) => {
  await page.goto(docsPath);
  // Before the page hydrates the opener is a link to the PDF (tested below); wait for the modal.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const opener = page.getByRole('link', { name: 'PDF field reference' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'API field reference (PDF)' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/swagger/reference.pdf');
  await expect(dialog.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.pdf$/);
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  await opener.click();
  await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();
  await opener.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the PDF field reference clicked before the page hydrates opens the PDF itself', async ({
  page,
  context,
}) => {
  // The page's scripts never arrive: what the server sent is all there is.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(docsPath);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'PDF field reference' }).click();
  const tab = await opened;
  await expect.poll(() => tab.url()).toMatch(/\/swagger\/reference\.pdf$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signed out, samples use the sample key and the Swagger UI link asks first', async ({
  page,
  context,
}) => {
  const doc = await (await page.request.get('/swagger/doc.json')).json();
  const sampleKey: string = doc.info['x-sample-key'] ?? publicSampleKey;
  await page.goto(docsPath);
  await expect(page.getByTestId('endpoint-block').first().getByRole('tabpanel')).toContainText(
    `token=${sampleKey}`,
  );
  await expect(page.locator('#authentication').getByRole('link', { name: 'profile' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Swagger UI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Your Free API Key' });
  await expect(dialog.getByRole('button', { name: 'Login to Get API Key' })).toBeVisible();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Continue Without Login' }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/swagger/ui/');
  await expect(dialog).toBeHidden();
});

test('Login to Get API Key signs in, then opens the pending link with the new key in the samples', async ({
  page,
  context,
}) => {
  await page.goto(docsPath);
  await page.getByRole('link', { name: 'Swagger UI' }).click();
  await page
    .getByRole('dialog', { name: 'Get Your Free API Key' })
    .getByRole('button', { name: 'Login to Get API Key' })
    .click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to Bahi' });
  await signIn.getByLabel('Full name').fill('Docs Reader');
  await signIn.getByLabel('Email').fill(`docs-reader-${Date.now()}@example.com`);
  const popup = context.waitForEvent('page');
  await signIn.getByRole('button', { name: 'Continue' }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toContain('/swagger/ui/');
  const key = await page.evaluate(
    () => JSON.parse(localStorage.getItem('bahi.profile') ?? '{}').key as string,
  );
  expect(key).toBeTruthy();
  await expect(page.getByTestId('endpoint-block').first().getByRole('tabpanel')).toContainText(
    `token=${key}`,
  );
});

test('signed in, samples use the user key and the Swagger link opens directly', async ({ page, context }) => {
  await signInAs(page, 'bahi_test_asha_key');
  await page.goto(docsPath);
  await expect(page.getByTestId('endpoint-block').first().getByRole('tabpanel')).toContainText(
    'token=bahi_test_asha_key',
  );
  await expect(page.locator('#authentication').getByRole('link', { name: 'profile' })).toHaveAttribute(
    'href',
    '/company-profile',
  );
  const popup = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Swagger UI' }).click();
  const tab = await popup;
  // Swagger UI's own bundle is large: give it time on a busy machine.
  await expect(tab.locator('.swagger-ui .info .title')).toContainText('Bahi', { timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

async function realtimeAnswers(page: Page): Promise<{ status: number; json: boolean; path: string }[]> {
  const links = page.getByRole('link', { name: 'Realtime response' });
  const answers = [];
  for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
    const res = await page.request.get(href);
    const json = /json/.test(res.headers()['content-type'] ?? '');
    answers.push({ status: res.status(), json, path: new URL(href).pathname });
  }
  return answers;
}

test('a Realtime response link opens the live call in a new tab: 200 JSON, and every link carries a key the API accepts', async ({
  page,
  context,
}) => {
  await page.goto(docsPath);
  const first = page.getByRole('link', { name: 'Realtime response' }).first();
  await expect(first).toHaveAttribute('target', '_blank');
  // The blocks take the browser's own origin once hydrated (here 127.0.0.1 where the server's
  // PUBLIC_URL says localhost): the link to click is the settled one.
  const origin = new URL(page.url()).origin;
  await expect(first).toHaveAttribute('href', new RegExp(`^${origin.replace(/[.]/g, '\\.')}/api/v1/`));
  const href = await first.getAttribute('href');
  const popup = context.waitForEvent('page');
  await first.click();
  const tab = await popup;
  expect(tab.url()).toBe(href);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/json');
  const answers = await realtimeAnswers(page);
  expect(answers.length).toBeGreaterThan(20);
  expect(answers.filter((a) => a.status === 401 || !a.json)).toEqual([]);
});

test('every Realtime response link answers 200 JSON with the sample key (paid-only endpoints have none)', async ({
  page,
}) => {
  const doc = (await (await page.request.get('/swagger/doc.json')).json()) as {
    paths: Record<string, { get: { description: string } }>;
  };
  const paidOnly = Object.values(doc.paths).filter((item) =>
    item.get.description.includes('paid plans only'),
  );
  await page.goto(docsPath);
  await expect(page.getByRole('link', { name: 'Realtime response' })).toHaveCount(
    Object.keys(doc.paths).length - paidOnly.length,
  );
  const answers = await realtimeAnswers(page);
  expect(answers).toEqual(answers.map((a) => ({ ...a, status: 200, json: true })));
});

test('has no serious accessibility violations', async ({ page }) => {
  // axe walks every endpoint block of the reference: slow on a busy machine.
  test.setTimeout(180_000);
  await page.goto(`${docsPath}#/quote`);
  await expect(page.locator('[id="/quote"]')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
