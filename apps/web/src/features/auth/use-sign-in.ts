import { sitePaths } from '@bahi/contracts/site';
import { useNavigate } from 'react-router';
import type { SessionProfile } from '../session/session-store.ts';
import { SignInCancelled, startSignIn } from '../session/sign-in.ts';

/**
 * Starts sign-in; on success the profile is stored and the visitor goes to `/` (SPEC §4), or to
 * where `next` says (e.g. the plan chosen before signing in on /strat). Failures are only logged.
 */
export function useSignIn(next?: (profile: SessionProfile) => string): () => void {
  const navigate = useNavigate();
  return () => {
    startSignIn()
      .then((profile) => navigate(safePath(next?.(profile)) ?? sitePaths.home))
      .catch((err: unknown) => {
        if (!(err instanceof SignInCancelled)) console.error('sign-in failed', err);
      });
  };
}

/** Only same-site paths: "/x", never "//host" or "https://…". */
export function safePath(path: string | null | undefined): string | null {
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}
