import type { PlanCode } from '@bahi/contracts/plans';
import { useSession as useStoredSession } from '../session/use-session.ts';

/** What the rest of the site needs to know about the visitor (SPEC §3 session profile). */
export interface Session {
  user: string;
  plan: PlanCode;
}

/**
 * The signed-in visitor, or null when signed out, from the stored session profile (read after
 * hydration, so prerendered HTML, always signed out, still matches).
 */
export function useSession(): Session | null {
  const { profile } = useStoredSession();
  return profile ? { user: profile.user, plan: profile.plan } : null;
}
