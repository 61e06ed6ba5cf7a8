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
 * the refresh token rotated). A stored expiry already in the past is left alone, so the next
 * authenticated request ends the session as SPEC §4 says. Also lends the router's navigate to
 * the API client.
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
    if (expiry === undefined || !Number.isFinite(expiry) || expiry * 1000 <= Date.now()) return;
    const wait = Math.max(0, (expiry - leadSeconds) * 1000 - Date.now()) + Math.random() * jitterMs;
    const timer = setTimeout(() => void refreshAccessToken(), Math.min(wait, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [expiry]);
}
