import { expect, type Page } from '@playwright/test';

/** The SPEC §3 session profile as stored in the browser. */
export interface StoredProfile {
  user: string;
  key: string;
  accessToken: string;
  refreshToken: string;
  expiry: number;
  email: string;
  plan: 'B' | 'I' | 'P' | 'E';
  subscription_expiration: string | null;
  billing_cycle: string | null;
  billing_status: string | null;
}

export const profileStorageKey = 'bahi.profile';

/**
 * Signs in through the header LOGIN button and the development identity provider, as a person
 * would, and waits for the user menu. Opens the home page first if nothing is loaded yet.
 */
export async function signIn(page: Page, person: { email: string; name: string }): Promise<StoredProfile> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'LOGIN' }).click();
  await fillDevSignIn(page, person);
  await expect(page.getByRole('button', { name: `Account menu for ${person.name}` })).toBeVisible();
  return (await storedProfile(page))!;
}

/** Completes the development identity provider's dialog (after a LOGIN button opened it). */
export async function fillDevSignIn(page: Page, person: { email: string; name: string }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in to Bahi' });
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

export async function storedProfile(page: Page): Promise<StoredProfile | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), profileStorageKey);
  return raw ? (JSON.parse(raw) as StoredProfile) : null;
}

export async function patchStoredProfile(page: Page, patch: Partial<StoredProfile>): Promise<void> {
  await page.evaluate(
    ([k, p]) => {
      const current = JSON.parse(localStorage.getItem(k) ?? '{}');
      localStorage.setItem(k, JSON.stringify({ ...current, ...p }));
    },
    [profileStorageKey, patch] as const,
  );
}

/** A unique email per test, so tests never share a user. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
