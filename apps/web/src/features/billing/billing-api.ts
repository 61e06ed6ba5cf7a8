import { authedJson } from '../../lib/api-client.ts';
import type { ApiToken } from '../session/auth-api.ts';
import { updateProfile } from '../session/session-store.ts';

/** POST /api/v1/subscribe-api's answer: the subscription and how to open its checkout. */
export interface StartedSubscription {
  subscription_id: string;
  plan: string;
  provider: 'razorpay' | 'sandbox';
  key_id: string;
  checkout_script: string;
  base_amount: number;
  gst_amount: number;
  total_amount: number;
  currency: string;
}

export function startSubscription(
  subscribeParam: string,
  phone: { phone_number: string; country: string },
): Promise<StartedSubscription> {
  return authedJson(`/api/v1/subscribe-api?plan=${encodeURIComponent(subscribeParam)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(phone),
  });
}

export type VerificationStatus = 'success' | 'failure' | 'contact';

/**
 * POST /rzp/verify-subscription. `success` and `failure` are the server's verdicts; any other
 * answer, or no answer, leaves the outcome unknown, so the buyer is asked to contact support.
 */
export async function verifySubscription(result: {
  payment_id: string;
  subscription_id: string;
  signature: string;
}): Promise<VerificationStatus> {
  try {
    const res = await fetch('/rzp/verify-subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(result),
    });
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    if (res.ok && body?.status === 'success') return 'success';
    if (res.ok && body?.status === 'failure') return 'failure';
    console.warn('payment verification gave no verdict', res.status, body);
    return 'contact';
  } catch (err) {
    console.warn('payment verification failed', err);
    return 'contact';
  }
}

/** Refetches token, plan, expiry, billing cycle and status (GET /api/v2/api-token) into the stored profile. */
export async function refreshSubscriptionProfile(): Promise<void> {
  const t = await authedJson<ApiToken>('/api/v2/api-token');
  updateProfile({
    key: t.token,
    plan: t.subscription_plan,
    subscription_expiration: t.subscription_expiration_date,
    billing_cycle: t.billing_cycle,
    billing_status: t.subscription_status,
  });
}
