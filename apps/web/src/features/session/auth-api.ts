import type { PlanCode } from '@bahi/contracts/plans';
import type { SessionProfile } from './session-store.ts';

/** The auth host's calls (SPEC §7) and the shapes they answer with. */
export interface ApiToken {
  token: string;
  subscription_plan: PlanCode;
  subscription_expiration_date: string | null;
  billing_cycle: string;
  subscription_status: string;
}

export interface SignInResponse {
  api_user: ApiToken & { email: string; first_name: string; last_name: string };
  access_token: string;
  refresh_token: string;
  expiry: number;
}

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expiry: number;
}

export type AuthConfig = { provider: 'google' | 'development'; client_id: string };

export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { detail?: string } | null;
    throw new AuthError(body?.detail ?? `${res.status} ${res.statusText}`, res.status);
  }
  return (await res.json()) as T;
}

export async function fetchAuthConfig(): Promise<AuthConfig> {
  return json(await fetch('/api/v1/auth/config'));
}

/** POST /google-auth-api/api/v1/token: no body, the credential in headers. */
export async function exchangeToken(type: 'One-tap' | 'Bearer', token: string): Promise<SignInResponse> {
  return json(
    await fetch('/google-auth-api/api/v1/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token-type': type, 'x-token': token },
    }),
  );
}

export async function refreshSession(refreshToken: string): Promise<SessionTokens> {
  return json(
    await fetch('/api/v1/refresh-token', { method: 'POST', headers: { 'x-refresh-token': refreshToken } }),
  );
}

/** Ends the server-side session; failures do not matter to the browser, which forgets it anyway. */
export async function endServerSession(refreshToken: string): Promise<void> {
  // keepalive: the call outlives the page when logout is followed by closing the tab.
  await fetch('/api/v1/logout', {
    method: 'POST',
    headers: { 'x-refresh-token': refreshToken },
    keepalive: true,
  }).catch(() => undefined);
}

export function profileFromSignIn(r: SignInResponse): SessionProfile {
  const u = r.api_user;
  return {
    user: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
    key: u.token,
    accessToken: r.access_token,
    refreshToken: r.refresh_token,
    expiry: r.expiry,
    email: u.email,
    plan: u.subscription_plan,
    subscription_expiration: u.subscription_expiration_date,
    billing_cycle: u.billing_cycle,
    billing_status: u.subscription_status,
  };
}

/** The profile fields that GET /api/v2/api-token refreshes. */
export function profilePatchFromApiToken(t: ApiToken): Partial<SessionProfile> {
  return {
    key: t.token,
    plan: t.subscription_plan,
    subscription_expiration: t.subscription_expiration_date,
    billing_cycle: t.billing_cycle,
    billing_status: t.subscription_status,
  };
}
