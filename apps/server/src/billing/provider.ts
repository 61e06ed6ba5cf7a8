import type { PlanCode } from '@bahi/contracts';

/** Subscription states as the provider reports them (Razorpay's vocabulary). */
export type ProviderSubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'expired';

/** Provider states from which a subscription can never be charged again. */
export const endedStatuses: readonly ProviderSubscriptionStatus[] = ['cancelled', 'completed', 'expired'];

export interface ProviderSubscription {
  id: string;
  planId: string;
  status: ProviderSubscriptionStatus;
  /** End of the paid period, when the provider knows it. */
  currentEnd: Date | null;
  paidCount: number;
}

/** What the browser needs to open the provider's checkout. */
export interface CheckoutInfo {
  provider: 'razorpay' | 'sandbox';
  keyId: string;
  scriptUrl: string;
}

/**
 * A subscription payment provider: Razorpay in production, the offline sandbox otherwise. Both
 * sign the checkout result as HMAC-SHA256(`payment_id|subscription_id`) with their secret and
 * sign webhooks over the raw body, so the same verification code runs everywhere.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  readonly checkout: CheckoutInfo;
  createSubscription(input: {
    plan: PlanCode;
    /** Billing cycles to authorise. */
    totalCount: number;
    notes: Record<string, string>;
    /** After this moment the subscription can no longer be paid (Razorpay's `expire_by`). */
    expireBy: Date;
  }): Promise<ProviderSubscription>;
  fetchSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Cancels a subscription now, so it is never charged (again). Cancelling one that already ended
   * is not an error.
   */
  cancelSubscription(id: string): Promise<void>;
  verifyPaymentSignature(input: { paymentId: string; subscriptionId: string; signature: string }): boolean;
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}

/** Billing cycles authorised at checkout: ten years of the plan's period. */
export function totalCountFor(periodMonths: number): number {
  return Math.round(120 / periodMonths);
}
