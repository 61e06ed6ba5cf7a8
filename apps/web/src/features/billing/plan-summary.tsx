import { currency, formatRupees, type Plan, planCheckoutAmounts } from '@bahi/contracts/plans';

/** Base amount, GST at 18% rounded to whole rupees, and total (SPEC §9), all from contracts. */
export function PlanSummary({ plan }: { plan: Plan }) {
  const a = planCheckoutAmounts(plan.code);
  return (
    <div className="card plan-summary">
      <h2>{plan.name} plan</h2>
      <p className="muted">{plan.notes}</p>
      <dl className="facts">
        <div>
          <dt>Billing</dt>
          <dd>
            {plan.billing === 'custom' ? 'As agreed' : plan.billing === 'annual' ? 'Annual' : 'Quarterly'}
          </dd>
        </div>
        <div>
          <dt>Base amount</dt>
          <dd data-testid="base-amount">{formatRupees(a.base)}</dd>
        </div>
        <div>
          <dt>GST (18%)</dt>
          <dd data-testid="gst-amount">{formatRupees(a.gst)}</dd>
        </div>
        <div className="total">
          <dt>Total ({currency})</dt>
          <dd data-testid="total-amount">{formatRupees(a.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
