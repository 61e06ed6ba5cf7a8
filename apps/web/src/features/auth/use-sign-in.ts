import { sitePaths } from '@bahi/contracts';
import { useLocation, useNavigate } from 'react-router';

/**
 * Starts sign-in. Seam for the sign-in feature: for now it opens the sign-in entry point
 * (/login) with the page to return to; the identity popup / One Tap replaces this body.
 */
export function useSignIn(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const next = location.pathname + location.search;
    navigate(`${sitePaths.login}?next=${encodeURIComponent(next)}`);
  };
}
