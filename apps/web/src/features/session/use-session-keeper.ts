import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshAccessToken } from '../../lib/api-client.ts';
import { registerNavigate } from '../../lib/navigation.ts';
import { useSession } from './use-session.ts';

/** Refresh this long before the access token expires, plus up to `jitterMs` so tabs rarely collide. */
const leadSeconds = 60;
const jitterMs = 20_000;

/**
 * Keeps an open site signed in: shortly before the access token expires it is refreshed (and
 * the refresh token rotated); a stored access token already past its expiry (the site was closed
 * for a while) is refreshed at once. A refresh that fails leaves the profile alone: the next
 * authenticated request tries once more and only then ends the session (SPEC §4). Also lends the
 * router's navigate to the API client.
 */
export function useSessionKeeper(): void {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to, opts) => navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);

  const { profile } = useSession();
  const expiry = profile?.expiry;
  useEffect(() => {
    if (expiry === undefined || !Number.isFinite(expiry)) return;
    const past = expiry * 1000 <= Date.now();
    const wait = past
      ? 0
      : Math.max(0, (expiry - leadSeconds) * 1000 - Date.now()) + Math.random() * jitterMs;
    const timer = setTimeout(() => void refreshAccessToken(), Math.min(wait, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [expiry]);
}
