import { readFile } from 'node:fs/promises';
import { publicSampleKey } from '@bahi/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures.ts';

// The journeys a new user met (issue 14), each as that user would take it.
const docsPath = '/financial-data-api-documentation';

/** True when no text node inside `locator` is split over two lines (a word broken mid-way). */
async function textNodesOnOneLine(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(node.textContent ?? '');
      }
    }
    return broken;
  });
}

test.describe('Get your free API key', () => {
  test('signed out leads to the sign-in prompt; signed in, both home links lead to the key', async ({
    page,
  }) => {
    await page.goto('/');
    const links = page.getByRole('main').getByRole('link', { name: 'Get your free API key' });
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/basic-login');

    const profile = await signIn(page, { email: uniqueEmail('kiran'), name: 'Kiran Das' });
    for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/company-profile');
    await links.last().click();
    await expect(page).toHaveURL(/\/company-profile$/);
    await expect(page.getByRole('main').getByTestId('api-key')).toHaveText(profile.key);
    await expect(page.getByText('Please login to access you free API key...')).toHaveCount(0);
  });
});

test('on a wide screen the reappearing header never covers the docs search box', async ({ page }) => {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(docsPath);
    const search = page.getByPlaceholder('Search endpoints...');
    await expect(search).toBeVisible();
    await page.mouse.move(width / 2, 400);
    await page.mouse.wheel(0, 2500);
    await expect(page.locator('.site-header')).toHaveAttribute('data-hidden', 'true');
    await page.mouse.wheel(0, -400);
    await expect(page.locator('.site-header')).toHaveAttribute('data-hidden', 'false');
    // Let the header and the navigation finish sliding.
    await page.waitForTimeout(400);
    const header = (await page.locator('.site-header').boundingBox())!;
    const box = (await search.boundingBox())!;
    expect(box.y, `at ${width} px`).toBeGreaterThanOrEqual(header.y + header.height - 1);
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('placeholder'),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe('Search endpoints...');
    await search.click();
    await expect(search).toBeFocused();
  }
});

async function downloadedCollection(page: Page, start: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.postman_collection\.json$/);
  const collection = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(collection.info.schema).toContain('v2.1.0');
  return collection as { variable: { key: string; value: string }[] };
}

const keyOf = (collection: { variable: { key: string; value: string }[] }) =>
  collection.variable.find((v) => v.key === 'apiKey')?.value;

test.describe('the Postman collection downloads as a file', () => {
  test('signed out: the login prompt first, then the file with the sample key', async ({ page, context }) => {
    const doc = await (await page.request.get('/swagger/doc.json')).json();
    const sampleKey: string = doc.info['x-sample-key'] ?? publicSampleKey;
    await page.goto(docsPath);
    let tabs = 0;
    context.on('page', () => tabs++);
    await page.getByRole('link', { name: 'Postman collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Your Free API Key' });
    await expect(dialog.getByRole('button', { name: 'Login to Get API Key' })).toBeVisible();
    const collection = await downloadedCollection(page, () =>
      dialog.getByRole('button', { name: 'Continue Without Login' }).click(),
    );
    expect(keyOf(collection)).toBe(sampleKey);
    expect(tabs).toBe(0);
  });

  test('signed in: straight away, with the user’s own key', async ({ page, context }) => {
    const profile = await signIn(page, { email: uniqueEmail('postman'), name: 'Postman User' });
    await page.goto(docsPath);
    let tabs = 0;
    context.on('page', () => tabs++);
    const collection = await downloadedCollection(page, () =>
      page.getByRole('link', { name: 'Postman collection' }).click(),
    );
    expect(keyOf(collection)).toBe(profile.key);
    expect(tabs).toBe(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('signing in from the prompt downloads it with the new key', async ({ page }) => {
    await page.goto(docsPath);
    await page.getByRole('link', { name: 'Postman collection' }).click();
    await page
      .getByRole('dialog', { name: 'Get Your Free API Key' })
      .getByRole('button', { name: 'Login to Get API Key' })
      .click();
    const signInDialog = page.getByRole('dialog', { name: 'Sign in to Bahi' });
    await signInDialog.getByLabel('Full name').fill('Late Signer');
    await signInDialog.getByLabel('Email').fill(uniqueEmail('late'));
    const collection = await downloadedCollection(page, () =>
      signInDialog.getByRole('button', { name: 'Continue' }).click(),
    );
    const key = await page.evaluate(() => JSON.parse(localStorage.getItem('bahi.profile') ?? '{}').key);
    expect(keyOf(collection)).toBe(key);
  });
});

test('Realtime links only where the key shown may call them; elsewhere the plan needed is named', async ({
  page,
}) => {
  const doc = (await (await page.request.get('/swagger/doc.json')).json()) as {
    paths: Record<string, { get: { description: string } }>;
  };
  const paidOnly = Object.keys(doc.paths).filter((p) =>
    doc.paths[p]!.get.description.includes('paid plans only'),
  );
  expect(paidOnly.length).toBeGreaterThan(0);
  await page.goto(docsPath);
  await expect(page.getByTestId('endpoint-block')).toHaveCount(Object.keys(doc.paths).length);
  for (const path of paidOnly) {
    const block = page.locator(`[id="${path}"]`);
    await expect(block.getByRole('link', { name: 'Realtime response' })).toHaveCount(0);
    await expect(block).toContainText('Needs a paid plan (Individual, Professional or Enterprise).');
    await expect(block.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/financial-data-api-pricing',
    );
  }
  const links = page.getByRole('link', { name: 'Realtime response' });
  await expect(links).toHaveCount(Object.keys(doc.paths).length - paidOnly.length);
  for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)))
    expect((await page.request.get(href)).status(), href).toBe(200);
});

test('/confirmation?status=success opened by hand claims no payment', async ({ page }) => {
  await signIn(page, { email: uniqueEmail('nopay'), name: 'No Payer' });
  await page.goto('/confirmation?status=success');
  await expect(page.getByRole('heading', { name: 'No payment to confirm' })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(/\/confirmation\?status=success$/);
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
});

test('/payment-success opened by hand claims no payment', async ({ page }) => {
  await signIn(page, { email: uniqueEmail('nopay2'), name: 'No Payer' });
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: 'No payment to show' })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/company-profile$/);
});

test('a failed document load offers a retry that loads the reference', async ({ page }) => {
  let fail = true;
  await page.route('**/swagger/doc.json', (route) =>
    fail ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
  );
  await page.goto(docsPath);
  await expect(page.getByText('Missing OpenAPI/Swagger spec...')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('endpoint-block').first()).toBeVisible();
  await expect(page.getByText('Missing OpenAPI/Swagger spec...')).toHaveCount(0);
});

test.describe('small layout faults', () => {
  test('the Company name input keeps its height when its row shows an error', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/contact-us');
    const company = page.getByLabel('Company name');
    const before = (await company.boundingBox())!.height;
    await page.getByLabel('Company website').fill('not a site');
    await page.getByLabel('Company website').blur();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter a valid website (or leave it blank).')).toBeVisible();
    expect((await company.boundingBox())!.height).toBe(before);
  });

  test('at 375 px the docs error codes wrap only at underscores', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${docsPath}#errors`);
    const codes = page.locator('#errors code.docs-error-code');
    await expect(codes.first()).toBeVisible();
    expect(await codes.count()).toBeGreaterThan(5);
    expect(await textNodesOnOneLine(codes)).toEqual([]);
  });

  test('at 375 px the Endpoints button never sits over the content of a section jumped to', async ({
    context,
  }) => {
    let page!: Page;
    let menu!: Locator;
    for (const id of ['/peers/{symbol}', '/quote', 'errors']) {
      // A tab per link, as when following it from elsewhere (the router restores a tab's last position).
      page = await context.newPage();
      await page.setViewportSize({ width: 375, height: 740 });
      menu = page.getByRole('button', { name: /Endpoints/ });
      await page.goto(`${docsPath}#${id}`);
      const target = page.locator(`[id="${id}"]`);
      await expect(target).toBeInViewport();
      await page.waitForTimeout(300);
      const bar = (await menu.boundingBox())!;
      const heading = (await target.getByRole('heading').first().boundingBox())!;
      expect(heading.y, id).toBeGreaterThanOrEqual(bar.y + bar.height);
    }
    // Content scrolled under the bar is hidden by it, not shown through around the button.
    const covering = await page.evaluate(() => {
      const bar = document.querySelector('.docs-menu-bar')!.getBoundingClientRect();
      const hit = document.elementFromPoint(bar.right - 10, bar.top + bar.height / 2);
      return hit?.closest('.docs-menu-bar') !== null;
    });
    expect(covering).toBe(true);
  });

  test('the user menu wraps a long email only at the at sign, never inside a word', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const email = uniqueEmail('priyadarshini.venkat');
    await signIn(page, { email, name: 'Priya V' });
    await page.getByRole('button', { name: 'Account menu for Priya V' }).click();
    const who = page.locator('.user-menu-who .muted');
    await expect(who).toHaveText(email);
    expect(await textNodesOnOneLine(who)).toEqual([]);
    const panel = (await page.locator('.user-menu-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(375);
  });
});
