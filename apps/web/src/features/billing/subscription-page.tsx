import { fullPhoneNumber, validatePhone } from '@bahi/contracts/phone';
import { canBuyPlan, planBySlug, plans } from '@bahi/contracts/plans';
import { sitePaths } from '@bahi/contracts/site';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { LoginPrompt } from '../auth/components/login-prompt.tsx';
import { useSession } from '../session/use-session.ts';
import { startSubscription, verifySubscription } from './billing-api.ts';
import type { ConfirmationState } from './confirmation-page.tsx';
import './billing.css';
import { CheckoutScriptError, loadCheckoutScript, openCheckout } from './checkout.ts';
import { emptyPhone, PhoneField, type PhoneValue } from './phone-field.tsx';
import { PlanSummary } from './plan-summary.tsx';

export const startFailedMessage = "We couldn't start the payment. Please try again or contact support.";

/** /subscription/{individual|professional|enterprise}: plan summary, phone entry, then the provider's checkout. */
export function SubscriptionPage() {
  const { type = '' } = useParams();
  const plan = planBySlug(type);
  const { profile } = useSession();
  const navigate = useNavigate();
  const [phone, setPhone] = useState<PhoneValue>(emptyPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!plan || plan.code === 'B') return <Navigate to={sitePaths.notFound} replace />;
  if (!profile) {
    return (
      <LoginPrompt
        heading={`Subscribe to ${plan.name}`}
        message="Please login to continue with your API subscription payment securely."
        next={() => `/subscription/${plan.slug}`}
      />
    );
  }
  const allowed = canBuyPlan(profile.plan, plan.code);

  // The server's verdict travels as router state: /confirmation claims success only with it.
  const confirm = (status: 'success' | 'failure' | 'contact') =>
    navigate(`${sitePaths.confirmation}?status=${status}`, {
      replace: true,
      state: { verified: status } satisfies ConfirmationState,
    });

  async function pay() {
    const problem = validatePhone(phone.country, phone.number);
    setPhoneError(problem);
    setError(null);
    if (problem || !plan?.subscribeParam || !profile) return;
    setBusy(true);
    try {
      const started = await startSubscription(plan.subscribeParam, {
        phone_number: fullPhoneNumber(phone.country, phone.number),
        country: phone.country,
      });
      await loadCheckoutScript(started.checkout_script);
      await openCheckout(
        {
          key: started.key_id,
          subscription_id: started.subscription_id,
          name: 'Bahi',
          description: `${plan.name} plan`,
          prefill: {
            name: profile.user,
            email: profile.email,
            contact: fullPhoneNumber(phone.country, phone.number),
          },
          theme: { color: '#0b5cad' },
        },
        {
          paid: (r) => {
            void verifySubscription({
              payment_id: r.razorpay_payment_id,
              subscription_id: r.razorpay_subscription_id,
              signature: r.razorpay_signature,
            }).then(confirm);
          },
          failed: () => confirm('failure'),
          dismissed: () => {
            console.log('checkout closed without payment');
            setBusy(false);
          },
        },
      );
    } catch (err) {
      setBusy(false);
      // The server's own message when it refused; otherwise (no answer, a proxy's error page) ours.
      if (err instanceof CheckoutScriptError) setError(err.message);
      else setError(err instanceof ApiError && err.detail ? err.detail : startFailedMessage);
    }
  }

  return (
    <section className="page container subscription-page">
      <h1>Subscribe to {plan.name}</h1>
      <div className="subscription-grid">
        <PlanSummary plan={plan} />
        {allowed ? (
          <form
            className="card"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void pay();
            }}
          >
            <PhoneField
              value={phone}
              error={phoneError}
              onChange={(next, changed) => {
                setPhone(next);
                if (changed === 'country') setPhoneError(null);
              }}
            />
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            <button className="button" type="submit" disabled={busy}>
              {busy ? 'Processing...' : 'Proceed to Pay'}
            </button>
          </form>
        ) : (
          <div className="card">
            <p className="lead">
              You are on the {plans[profile.plan].name} plan, which already includes everything in {plan.name}
              .
            </p>
            <Link className="button" to={sitePaths.pricing}>
              See plans
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
