import type { PlanCode } from '@bahi/contracts/plans';

/** SPEC §3: the session profile, kept in one fixed localStorage entry and nowhere else. */
export interface SessionProfile {
  user: string;
  key: string;
  accessToken: string;
  refreshToken: string;
  /** Expiry of the access token, epoch seconds. */
  expiry: number;
  email: string;
  plan: PlanCode;
  subscription_expiration: string | null;
  billing_cycle: string | null;
  billing_status: string | null;
}

export const profileStorageKey = 'bahi.profile';

const planCodes: readonly string[] = ['B', 'I', 'P', 'E'];
const nullableString = (v: unknown) => v === null || typeof v === 'string';

/** A stored value is a profile only if every field is there with its type; anything else is signed out. */
export function parseProfile(raw: string | null): SessionProfile | null {
  if (!raw) return null;
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof p !== 'object' || p === null) return null;
  const ok =
    typeof p.user === 'string' &&
    p.user !== '' &&
    typeof p.key === 'string' &&
    typeof p.accessToken === 'string' &&
    typeof p.refreshToken === 'string' &&
    typeof p.email === 'string' &&
    typeof p.plan === 'string' &&
    planCodes.includes(p.plan) &&
    nullableString(p.subscription_expiration) &&
    nullableString(p.billing_cycle) &&
    nullableString(p.billing_status);
  // A missing or non-numeric expiry still counts as a stored profile: the authenticated
  // client treats it as an expired session (SPEC §4) rather than silently signing out.
  if (!ok) return null;
  return {
    user: p.user as string,
    key: p.key as string,
    accessToken: p.accessToken as string,
    refreshToken: p.refreshToken as string,
    expiry: typeof p.expiry === 'number' ? p.expiry : Number.NaN,
    email: p.email as string,
    plan: p.plan as PlanCode,
    subscription_expiration: p.subscription_expiration as string | null,
    billing_cycle: p.billing_cycle as string | null,
    billing_status: p.billing_status as string | null,
  };
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedProfile: SessionProfile | null = null;

/** The stored profile, or null when signed out (same object until storage changes). */
export function readProfile(): SessionProfile | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(profileStorageKey);
  if (raw === cachedRaw) return cachedProfile;
  cachedRaw = raw;
  cachedProfile = parseProfile(raw);
  return cachedProfile;
}

/** Stores a whole profile in one write, or clears it (null). */
export function writeProfile(profile: SessionProfile | null): void {
  if (profile) localStorage.setItem(profileStorageKey, JSON.stringify(profile));
  else localStorage.removeItem(profileStorageKey);
  for (const l of listeners) l();
}

/** Changes part of the stored profile; does nothing when signed out. */
export function updateProfile(patch: Partial<SessionProfile>): SessionProfile | null {
  const current = readProfile();
  if (!current) return null;
  const next = { ...current, ...patch };
  writeProfile(next);
  return next;
}

export function subscribeProfile(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === profileStorageKey || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
