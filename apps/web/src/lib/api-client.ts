import { sitePaths } from '@bahi/contracts/site';
import { refreshSession } from '../features/session/auth-api.ts';
import { readProfile, updateProfile, writeProfile } from '../features/session/session-store.ts';
import { navigateTo } from './navigation.ts';

/** Thrown after the session was found expired; the browser is already on /session-expired. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor() {
    super('The session has expired.');
  }
}

/** Clears the stored profile and shows /session-expired (SPEC §4). */
export function expireSession(): never {
  writeProfile(null);
  navigateTo(sitePaths.sessionExpired, { replace: true });
  throw new SessionExpiredError();
}

let refreshing: Promise<string | null> | null = null;

/** Runs `fn` holding the session-refresh lock shared by every tab of the site (Web Locks). */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock is held until fn's promise settles, and request() resolves with its value.
  return locks ? (locks.request('bahi-session-refresh', fn) as unknown as Promise<T>) : fn();
}

/**
 * Trades the stored refresh token for new tokens and stores them; resolves with the new access
 * token, or null when the session has ended. Concurrent callers share one refresh, and tabs take
 * turns through a lock: a tab that finds the stored refresh token changed since `seen` (another
 * tab refreshed while it waited) takes the stored tokens instead. So a rotated token is seldom
 * presented twice; a browser may show the other tab's write late, and the server answers such a
 * repeat within ten seconds with another successor (decision 0502), later as theft.
 */
export function refreshAccessToken(
  seen: string | null = readProfile()?.refreshToken ?? null,
): Promise<string | null> {
  refreshing ??= withRefreshLock(async () => {
    const profile = readProfile();
    if (!profile) return null;
    if (seen !== null && profile.refreshToken !== seen) return profile.accessToken;
    try {
      const t = await refreshSession(profile.refreshToken);
      updateProfile({ accessToken: t.access_token, refreshToken: t.refresh_token, expiry: t.expiry });
      return t.access_token;
    } catch (err) {
      console.error('session refresh failed', err);
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withBearer(init: RequestInit, token: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * The one authenticated client (SPEC §7): adds the Bearer access token. A missing expiry ends the
 * session before any request. An access token past its expiry (a session kept in storage while
 * the site was closed) is first traded through the refresh token, as a 401 is: a 401 refreshes
 * once and retries once. Only a failed refresh ends the session (/session-expired). A 404 shows
 * /page-not-found. No client time-out.
 */
export async function authedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const profile = readProfile();
  if (!profile || !Number.isFinite(profile.expiry)) expireSession();
  let refreshed = false;
  let token = profile.accessToken;
  if (profile.expiry * 1000 <= Date.now()) {
    const fresh = await refreshAccessToken(profile.refreshToken);
    if (!fresh) expireSession();
    token = fresh;
    refreshed = true;
  }
  let res = await fetch(path, withBearer(init, token));
  if (res.status === 401 && !refreshed) {
    const fresh = await refreshAccessToken(profile.refreshToken);
    if (!fresh) expireSession();
    res = await fetch(path, withBearer(init, fresh));
  }
  if (res.status === 401) expireSession();
  if (res.status === 404) navigateTo(sitePaths.notFound);
  return res;
}

/** authedFetch for JSON answers: the parsed body of a 2xx, else an Error with the problem's detail. */
/** A call the server refused: its status, and the problem's `detail` when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

/**
 * The JSON answer of an authenticated call; an ApiError when refused. Pages show `detail` when
 * there is one and their own words otherwise, never a bare status line.
 */
export async function authedJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await authedFetch(path, init);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    const detail = typeof body?.detail === 'string' && body.detail.trim() !== '' ? body.detail : null;
    throw new ApiError(res.status, detail);
  }
  return (await res.json()) as T;
}
