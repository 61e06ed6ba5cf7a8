import { formatRupees, gstRate, planOrder, plans } from '@bahi/contracts/plans';
import { useSession } from '../../auth/use-session.ts';
import { planAction } from '../plan-action.ts';
import { billingLabel, planFeatures } from '../plan-features.ts';
import { PlanButton } from './plan-button.tsx';

/** The four plan cards (SPEC §1 plan table), headed at the given level. */
export function PricingCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const session = useSession();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <ul className="pricing-grid">
        {planOrder.map((code) => {
          const plan = plans[code];
          return (
            <li key={code} className="card plan-card" data-plan={plan.slug}>
              <Heading>{plan.name}</Heading>
              <p className="plan-price">
                {plan.monthlyPrice === null ? (
                  <strong>Free forever</strong>
                ) : (
                  <>
                    {plan.priceIsFrom && <span className="plan-from">from </span>}
                    <strong>{formatRupees(plan.monthlyPrice)}</strong>
                    <span className="plan-per"> per month</span>
                  </>
                )}
              </p>
              <p className="plan-billing">{billingLabel(plan)}</p>
              <ul className="checks">
                {planFeatures(plan).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <PlanButton action={planAction(code, session)} planName={plan.name} />
            </li>
          );
        })}
      </ul>
      <p className="fine-print">
        Prices in Indian rupees. GST at {Math.round(gstRate * 100)}% is shown separately at checkout.
      </p>
    </>
  );
}
