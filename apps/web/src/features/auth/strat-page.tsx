import { type PlanCode, planOrder, plans } from '@bahi/contracts/plans';
import { sitePaths } from '@bahi/contracts/site';
import { Navigate, useSearchParams } from 'react-router';
import { planAction } from '../pricing/plan-action.ts';
import { useSession } from '../session/use-session.ts';
import { LoginPrompt } from './components/login-prompt.tsx';

/** /strat?plan=individual|professional: sign in, then continue to the plan chosen on the pricing page. */
export function StratPage() {
  const [params] = useSearchParams();
  const { profile } = useSession();
  const chosen = planOrder.find((c) => plans[c].slug === params.get('plan'));
  // Already signed in (a bookmark, the back button): on to the plan without asking again.
  if (profile?.user) return <Navigate to={continueTo(chosen, profile.plan)} replace />;
  return (
    <LoginPrompt
      heading="Sign in to subscribe"
      message="Please login to continue with your API subscription payment securely."
      next={(profile) => continueTo(chosen, profile.plan)}
    />
  );
}

/** Where a visitor who chose `chosen` goes once signed in with `plan`: its checkout if open to them, else pricing. */
export function continueTo(chosen: PlanCode | undefined, plan: PlanCode): string {
  if (!chosen) return sitePaths.pricing;
  const action = planAction(chosen, { user: '', plan });
  return action.to?.startsWith('/subscription/') ? action.to : sitePaths.pricing;
}
