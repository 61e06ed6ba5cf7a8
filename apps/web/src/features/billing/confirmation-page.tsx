import { sitePaths } from '@bahi/contracts/site';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PaymentSuccessState } from '../payments/payment-success-page.tsx';
import { readProfile } from '../session/session-store.ts';
import { refreshSubscriptionProfile } from './billing-api.ts';
import './billing.css';

/** SPEC §9: 1.5 s after success, 3 s after failure or contact. */
export const redirectDelayMs = { success: 1500, failure: 3000, contact: 3000 } as const;
type Status = keyof typeof redirectDelayMs;

const headings: Record<Status, string> = {
  success: 'Confirming your subscription',
  failure: 'Payment not completed',
  contact: 'We could not confirm your payment',
};

function isStatus(s: string | null): s is Status {
  return s === 'success' || s === 'failure' || s === 'contact';
}

/** Router state the checkout leaves with the server's verdict on the payment (POST /rzp/verify-subscription). */
export interface ConfirmationState {
  verified: Status;
}

/** The verdict the checkout verified with the server, if this visit came from it. */
function verifiedStatus(state: unknown): Status | null {
  const verified = (state as Partial<ConfirmationState> | null)?.verified ?? null;
  return isStatus(verified) ? verified : null;
}

/**
 * /confirmation?status=success|failure|contact: refetches the subscription into the stored
 * profile, then moves on to /payment-success or /payment-failed once both the delay has passed
 * and the profile is fresh. Success is claimed only with proof: the server's verdict that the
 * checkout passed on as router state. `?status=success` alone (typed, bookmarked, shared) says
 * there is no payment to confirm and moves nowhere.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const raw = params.get('status');
  const asked = isStatus(raw) ? raw : null;
  const verified = verifiedStatus(useLocation().state);
  const unproven = asked === 'success' && verified !== 'success';
  const status = unproven ? null : asked;
  const navigate = useNavigate();

  useEffect(() => {
    if (!status) return;
    let cancelled = false;
    const refreshed = readProfile()
      ? refreshSubscriptionProfile().catch((err) => console.warn('could not refresh the subscription', err))
      : Promise.resolve();
    const delay = new Promise((resolve) => setTimeout(resolve, redirectDelayMs[status]));
    void Promise.all([refreshed, delay]).then(() => {
      if (!cancelled)
        navigate(status === 'success' ? sitePaths.paymentSuccess : sitePaths.paymentFailed, {
          replace: true,
          // The verdict goes on: /payment-success claims success only with it.
          state: status === 'success' ? ({ verified: 'success' } satisfies PaymentSuccessState) : null,
        });
    });
    return () => {
      cancelled = true;
    };
  }, [status, navigate]);

  return (
    <section className="message-page confirmation" aria-busy={!unproven}>
      {!unproven && <div className="spinner" aria-hidden="true" />}
      {unproven ? (
        <>
          <h1>No payment to confirm</h1>
          <p className="lead">
            This page confirms a payment made at checkout, and none was made in this visit. Your plan is on
            your <Link to={sitePaths.profile}>profile</Link>; plans are on the{' '}
            <Link to={sitePaths.pricing}>pricing page</Link>.
          </p>
        </>
      ) : status ? (
        <>
          <h1>{headings[status]}</h1>
          <p className="lead">Please don't close the window or refresh it.</p>
          {status === 'contact' && (
            <p className="muted">If your account was charged, contact support and we will sort it out.</p>
          )}
        </>
      ) : (
        <h1>Processing your request</h1>
      )}
    </section>
  );
}
