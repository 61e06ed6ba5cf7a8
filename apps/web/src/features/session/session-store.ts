import type { PlanCode } from '@bahi/contracts';

/** SPEC §3: the session profile, kept in one fixed localStorage entry. */
export interface SessionProfile {
  user: string;
  key: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch seconds. */
  expiry: number;
  email: string;
  plan: PlanCode;
  subscription_expiration: string | null;
  billing_cycle: string | null;
  billing_status: string | null;
}

export const profileStorageKey = 'bahi.profile';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedProfile: SessionProfile | null = null;

export function readProfile(): SessionProfile | null {
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(profileStorageKey);
  if (raw === cachedRaw) return cachedProfile;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as SessionProfile) : null;
    cachedProfile = parsed?.user ? parsed : null;
  } catch {
    cachedProfile = null;
  }
  return cachedProfile;
}

export function writeProfile(profile: SessionProfile | null): void {
  if (profile) localStorage.setItem(profileStorageKey, JSON.stringify(profile));
  else localStorage.removeItem(profileStorageKey);
  for (const l of listeners) l();
}

export function subscribeProfile(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === profileStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
