import { sitePaths } from '@bahi/contracts/site';
import { Link, useLocation } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';

/** Router state /confirmation leaves when the server verified the payment (POST /rzp/verify-subscription). */
export interface PaymentSuccessState {
  verified: 'success';
}

function isVerified(state: unknown): boolean {
  return (state as Partial<PaymentSuccessState> | null)?.verified === 'success';
}

/**
 * /payment-success (SPEC §2): "Payment Successful!" with an API Docs button, reached from
 * /confirmation after the server verified the payment. Opened any other way (typed, bookmarked,
 * shared) it claims nothing: there is no payment behind the visit. The verdict is router state,
 * kept in the history entry, so a reload of the page after a real payment still shows it; for the
 * same reason the page is rendered in the browser, not prerendered.
 */
export function PaymentSuccessPage() {
  if (!isVerified(useLocation().state)) {
    return (
      <MessagePage
        heading="No payment to show"
        actions={
          <>
            <Link className="button" to={sitePaths.profile}>
              Your profile
            </Link>
            <Link className="button button-secondary" to={sitePaths.pricing}>
              Pricing
            </Link>
          </>
        }
      >
        <p className="lead">
          This page follows a payment made at checkout, and none was made in this visit. Your plan is on your
          profile.
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      heading="Payment Successful!"
      tone="success"
      actions={
        <Link className="button" to={sitePaths.docs}>
          API Docs
        </Link>
      }
    >
      <p className="lead">
        Your subscription is active. Your API key on your profile now carries the new plan.
      </p>
    </MessagePage>
  );
}
