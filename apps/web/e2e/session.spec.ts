import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { fillDevSignIn, patchStoredProfile, signIn, storedProfile, uniqueEmail } from './fixtures.ts';

const dataEndpoint = '/api/v1/stock-symbols';

test('sign in, see and copy the key, use it on the data API, keep the session over a reload, log out', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('asha');
  await page.goto('/');
  const profile = await signIn(page, { email, name: 'Asha Rao' });
  await expect(page).toHaveURL(/\/$/);
  expect(Object.keys(profile).sort()).toEqual(
    [
      'accessToken',
      'billing_cycle',
      'billing_status',
      'email',
      'expiry',
      'key',
      'plan',
      'refreshToken',
      'subscription_expiration',
      'user',
    ].sort(),
  );
  expect(profile).toMatchObject({ user: 'Asha Rao', email, plan: 'B', billing_cycle: 'NA' });
  expect(profile.expiry).toBeGreaterThan(Date.now() / 1000);

  await page.getByRole('button', { name: 'Account menu for Asha Rao' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/company-profile$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Asha Rao' })).toBeVisible();
  await expect(main.getByText('AR', { exact: true })).toBeVisible();
  await expect(main.getByText(email)).toBeVisible();
  await expect(main.getByTestId('plan-name')).toHaveText('Basic');
  await expect(main.getByText('300 API calls/minute')).toBeVisible();
  const key = (await main.getByTestId('api-key').textContent()) ?? '';
  expect(key).toMatch(/^bahi_[0-9A-Za-z]{40}$/);
  expect(key).toBe(profile.key);

  // Accept the alert inside the event itself: a dialog seen by waitForEvent and accepted later
  // races Playwright's own handling of it, and accept() can then wait forever.
  const alerted = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await main.getByRole('button', { name: 'Copy' }).click();
  expect(await alerted).toBe('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const withKey = await request.get(`${dataEndpoint}?token=${key}`);
  expect(withKey.status()).toBe(200);
  const withoutKey = await request.get(`${dataEndpoint}?token=bahi_${'x'.repeat(40)}`);
  expect(withoutKey.status()).toBe(401);

  await page.reload();
  await expect(main.getByTestId('api-key')).toHaveText(key);
  await expect(page.getByRole('button', { name: 'Account menu for Asha Rao' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu for Asha Rao' }).click();
  // The page forgets the session at once and tells the server in the background; the check of
  // the server's side below waits for that call, or it could overtake it.
  const loggedOut = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/logout',
    { timeout: 10_000 },
  );
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedProfile(page)).toBeNull();
  await expect(page.getByRole('banner').getByRole('button', { name: 'LOGIN' })).toBeVisible();
  // The server ended the session too: its refresh token is refused.
  expect((await loggedOut).ok()).toBe(true);
  const refresh = await request.post('/api/v1/refresh-token', {
    headers: { 'x-refresh-token': profile.refreshToken },
  });
  expect(refresh.status()).toBe(401);
});

test('regenerating the key asks first, then the old key stops working on the data API', async ({
  page,
  request,
}) => {
  await signIn(page, { email: uniqueEmail('ravi'), name: 'Ravi Kumar' });
  await page.goto('/company-profile');
  const main = page.getByRole('main');
  const old = (await main.getByTestId('api-key').textContent()) ?? '';
  await main.getByRole('button', { name: 'Regenerate key' }).click();
  await main.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.getByTestId('api-key')).toHaveText(old);
  await main.getByRole('button', { name: 'Regenerate key' }).click();
  await main.getByRole('button', { name: 'Yes, regenerate' }).click();
  await expect(main.getByRole('status')).toContainText('previous key no longer works');
  const fresh = (await main.getByTestId('api-key').textContent()) ?? '';
  expect(fresh).not.toBe(old);
  expect((await storedProfile(page))?.key).toBe(fresh);
  expect((await request.get(`${dataEndpoint}?token=${old}`)).status()).toBe(401);
  expect((await request.get(`${dataEndpoint}?token=${fresh}`)).status()).toBe(200);
});

test('a stored session older than its access token is restored through the refresh token', async ({
  page,
}) => {
  const first = await signIn(page, { email: uniqueEmail('nisha'), name: 'Nisha Pai' });
  // As if the site was closed for longer than the access token lives: its expiry is past and the
  // server would refuse it; the refresh token is still good.
  await patchStoredProfile(page, {
    accessToken: 'expired-access-token',
    expiry: Math.floor(Date.now() / 1000) - 60,
  });
  await page.goto('/company-profile');
  await expect(page.getByRole('main').getByTestId('api-key')).toHaveText(first.key);
  await expect(page).toHaveURL(/\/company-profile$/);
  // The page shows the stored key at once; the refresh completes in the background.
  await expect
    .poll(async () => (await storedProfile(page))?.accessToken, { timeout: 15_000 })
    .not.toBe('expired-access-token');
  const after = (await storedProfile(page))!;
  expect(after.refreshToken).not.toBe(first.refreshToken);
  expect(after.expiry).toBeGreaterThan(Date.now() / 1000);
  await expect(page.getByRole('button', { name: 'Account menu for Nisha Pai' })).toBeVisible();
});

test('a past expiry with a refresh token the server refuses ends the session', async ({ page }) => {
  const first = await signIn(page, { email: uniqueEmail('meera'), name: 'Meera Shah' });
  await patchStoredProfile(page, {
    expiry: Math.floor(Date.now() / 1000) - 5,
    refreshToken: `${first.refreshToken.slice(0, -4)}xxxx`,
  });
  await page.goto('/company-profile');
  await expect(page).toHaveURL(/\/session-expired$/);
  await expect(page.getByText('Your Current session expired, Please login again..')).toBeVisible();
  expect(await storedProfile(page)).toBeNull();
  // Its LOGIN button signs in again.
  await page.getByRole('main').getByRole('button', { name: 'LOGIN' }).click();
  await fillDevSignIn(page, { email: uniqueEmail('meera'), name: 'Meera Shah' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu for Meera Shah' })).toBeVisible();
});

test('a refused access token is refreshed once and the request retried; a dead session expires', async ({
  page,
}) => {
  const first = await signIn(page, { email: uniqueEmail('lata'), name: 'Lata Iyer' });
  await patchStoredProfile(page, { accessToken: 'not-a-valid-token' });
  const retried = page.waitForResponse((r) => r.url().endsWith('/api/v2/api-token') && r.status() === 200);
  await page.goto('/company-profile');
  await retried;
  await expect(page.getByRole('main').getByTestId('api-key')).toHaveText(first.key);
  const after = (await storedProfile(page))!;
  expect(after.accessToken).not.toBe('not-a-valid-token');
  expect(after.refreshToken).not.toBe(first.refreshToken);
  await expect(page).toHaveURL(/\/company-profile$/);

  // Both tokens unusable (a refresh token the server never issued): the refresh fails and the
  // session ends.
  await patchStoredProfile(page, {
    accessToken: 'not-a-valid-token',
    refreshToken: `bahi_rt_${'x'.repeat(43)}`,
  });
  await page.goto('/company-profile');
  await expect(page).toHaveURL(/\/session-expired$/);
  expect(await storedProfile(page)).toBeNull();
});

test('two tabs refreshing at the same moment both keep the session', async ({ context, page }) => {
  const first = await signIn(page, { email: uniqueEmail('tara'), name: 'Tara Sen' });
  const other = await context.newPage();
  await other.goto('/');
  // A slow refresh answer, so both tabs ask for a refresh while the first one is in flight.
  let refreshes = 0;
  await context.route('**/api/v1/refresh-token', async (route) => {
    refreshes += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await patchStoredProfile(page, { accessToken: 'not-a-valid-token' });
  // Each tab's profile request is refused, then retried with a fresh token and answered.
  const answered = [page, other].map((tab) =>
    tab.waitForResponse((r) => r.url().endsWith('/api/v2/api-token') && r.status() === 200),
  );
  await Promise.all([page.goto('/company-profile'), other.goto('/company-profile')]);
  await Promise.all(answered);
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/company-profile$/);
    await expect(tab.getByRole('main').getByTestId('api-key')).toHaveText(first.key);
  }
  expect(await storedProfile(page)).not.toBeNull();
  // One tab refreshes while the other waits for it and takes the stored tokens; a tab that has
  // not yet seen the other's write presents the same token once more, which the server answers
  // within its grace (decision 0502). Never more than one refresh a tab.
  expect(refreshes).toBeGreaterThanOrEqual(1);
  expect(refreshes).toBeLessThanOrEqual(2);
  const after = (await storedProfile(page))!;
  expect(after.refreshToken).not.toBe(first.refreshToken);
  // The session is still open: the next refused request is refreshed and answered again.
  await patchStoredProfile(page, { accessToken: 'not-a-valid-token' });
  const again = page.waitForResponse((r) => r.url().endsWith('/api/v2/api-token') && r.status() === 200);
  await page.goto('/company-profile');
  await again;
  await expect(page.getByRole('main').getByTestId('api-key')).toHaveText(first.key);
});

test('/strat continues to the chosen plan after sign-in; /basic-login goes home', async ({ page }) => {
  await page.goto('/strat?plan=professional');
  await expect(
    page.getByText('Please login to continue with your API subscription payment securely.'),
  ).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'LOGIN' }).click();
  await fillDevSignIn(page, { email: uniqueEmail('kiran'), name: 'Kiran Patel' });
  await expect(page).toHaveURL(/\/subscription\/professional$/);
  // Signed in already, /strat does not ask again.
  await page.goto('/strat?plan=professional');
  await expect(page).toHaveURL(/\/subscription\/professional$/);

  await page.getByRole('button', { name: 'Account menu for Kiran Patel' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/basic-login');
  await expect(page.getByText('Please login to access you free API key...')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'LOGIN' }).click();
  await fillDevSignIn(page, { email: uniqueEmail('kiran'), name: 'Kiran Patel' });
  await expect(page).toHaveURL(/\/$/);
});

test('signed out, the profile page sends to sign-in and returns there afterwards', async ({ page }) => {
  await page.goto('/company-profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fcompany-profile$/);
  await page.getByRole('main').getByRole('button', { name: 'LOGIN' }).click();
  await fillDevSignIn(page, { email: uniqueEmail('dev'), name: 'Dev Anand' });
  await expect(page).toHaveURL(/\/company-profile$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dev Anand' })).toBeVisible();
});

test('signed-in pricing buttons: View Docs on Basic, SELECT PLAN to the subscription pages', async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail('nina'), name: 'Nina Roy' });
  await page.goto('/financial-data-api-pricing');
  await expect(page.locator('[data-plan="basic"]').getByRole('button')).toHaveText('View Docs');
  const individual = page.locator('[data-plan="individual"]').getByRole('button');
  await expect(individual).toHaveText('SELECT PLAN');
  await individual.click();
  await expect(page).toHaveURL(/\/subscription\/individual$/);
});

test('closing the sign-in dialog stores nothing and stays on the page', async ({ page }) => {
  await page.goto('/about-us');
  await page.getByRole('banner').getByRole('button', { name: 'LOGIN' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Bahi' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/about-us$/);
  expect(await storedProfile(page)).toBeNull();
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe: the sign-in dialog, the user menu and the profile page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in to Bahi' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fillDevSignIn(page, { email: uniqueEmail('axe'), name: 'Ana Xavier' });
  await page.getByRole('button', { name: 'Account menu for Ana Xavier' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/company-profile');
  await page.getByRole('main').getByRole('button', { name: 'Regenerate key' }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the user menu returns focus to its button on Escape and closes when focus tabs out', async ({
  page,
}) => {
  await signIn(page, { email: uniqueEmail('ravi'), name: 'Ravi Menon' });
  const button = page.getByRole('button', { name: 'Account menu for Ravi Menon' });
  await button.focus();
  await page.keyboard.press('Enter');
  const profile = page.getByRole('banner').getByRole('link', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(profile).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Tab');
  await expect(logout).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});
