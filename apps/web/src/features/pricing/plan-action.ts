import { type PlanCode, plans } from '@bahi/contracts/plans';
import { sitePaths, subscriptionPath } from '@bahi/contracts/site';
import type { Session } from '../auth/use-session.ts';

/** What a pricing card's button says and where it leads (SPEC §2 pricing buttons). */
export interface PlanAction {
  label: string;
  /** Where the click leads; null when the button is disabled. */
  to: string | null;
}

export function planAction(code: PlanCode, session: Session | null): PlanAction {
  if (code === 'E') {
    if (session?.plan === 'E') return { label: 'CURRENT PLAN', to: null };
    return { label: 'CONTACT US', to: sitePaths.contact };
  }
  if (!session) {
    return code === 'B'
      ? { label: 'GET FREE API KEY', to: sitePaths.basicLogin }
      : { label: 'SELECT PLAN', to: `${sitePaths.strat}?plan=${plans[code].slug}` };
  }
  // Every signed-in user keeps the free endpoints: Basic leads to the docs.
  if (code === 'B') return { label: 'View Docs', to: sitePaths.docs };
  if (session.plan === code) return { label: 'CURRENT PLAN', to: null };
  // No self-service move to a lower paid plan (an Individual button for Professional users).
  if (plans[code].rank < plans[session.plan].rank) return { label: 'SELECT PLAN', to: null };
  return { label: 'SELECT PLAN', to: subscriptionPath(plans[code].slug as 'individual' | 'professional') };
}
