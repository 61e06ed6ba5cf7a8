import type { PlanCode } from '@bahi/contracts';

/** What the rest of the site needs to know about the visitor (SPEC §3 session profile). */
export interface Session {
  user: string;
  plan: PlanCode;
}

/**
 * The signed-in visitor, or null when signed out. Seam for the sign-in feature, which replaces
 * this body with the stored session profile (read after hydration so prerendered HTML, always
 * signed out, still matches).
 */
export function useSession(): Session | null {
  return null;
}
