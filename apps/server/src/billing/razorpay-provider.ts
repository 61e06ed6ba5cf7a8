import type { PlanCode } from '@bahi/contracts';
import Razorpay from 'razorpay';
import type { RazorpayConfig } from '../config.ts';
import {
  endedStatuses,
  type PaymentProvider,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './provider.ts';
import { hmacHex, paymentSignatureMessage, signatureMatches } from './signatures.ts';

export const razorpayCheckoutScript = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpaySubscriptionEntity {
  id: string;
  plan_id: string;
  status: string;
  current_end?: number | null;
  paid_count?: number;
}

export function toProviderSubscription(s: RazorpaySubscriptionEntity): ProviderSubscription {
  return {
    id: s.id,
    planId: s.plan_id,
    status: s.status as ProviderSubscriptionStatus,
    currentEnd: s.current_end ? new Date(s.current_end * 1000) : null,
    paidCount: s.paid_count ?? 0,
  };
}

/** The part of the SDK client used here (a stand-in in offline tests). */
export interface RazorpaySubscriptionsClient {
  subscriptions: {
    create(params: Parameters<Razorpay['subscriptions']['create']>[0]): Promise<unknown>;
    fetch(id: string): Promise<unknown>;
    cancel(id: string, cancelAtCycleEnd?: boolean): Promise<unknown>;
  };
}

/**
 * Razorpay subscriptions through the official SDK. Signatures are checked with the same HMAC the
 * SDK's `validatePaymentVerification` / `validateWebhookSignature` compute, but compared in
 * constant time (the SDK compares strings with ===); tests hold the two to agreement.
 */
export function createRazorpayProvider(
  config: RazorpayConfig,
  client: RazorpaySubscriptionsClient = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret }),
): PaymentProvider {
  return {
    name: 'razorpay',
    checkout: { provider: 'razorpay', keyId: config.keyId, scriptUrl: razorpayCheckoutScript },
    async createSubscription({ plan, totalCount, notes, expireBy }) {
      const planId = config.planIds[plan as Exclude<PlanCode, 'B'>];
      if (!planId) throw new Error(`no Razorpay plan id configured for plan ${plan}`);
      const created = await client.subscriptions.create({
        plan_id: planId,
        total_count: totalCount,
        customer_notify: true,
        notes,
        expire_by: Math.floor(expireBy.getTime() / 1000),
      });
      return toProviderSubscription(created as RazorpaySubscriptionEntity);
    },
    async fetchSubscription(id) {
      return toProviderSubscription((await client.subscriptions.fetch(id)) as RazorpaySubscriptionEntity);
    },
    async cancelSubscription(id) {
      const current = toProviderSubscription(
        (await client.subscriptions.fetch(id)) as RazorpaySubscriptionEntity,
      );
      if (endedStatuses.includes(current.status)) return;
      await client.subscriptions.cancel(id, false);
    },
    verifyPaymentSignature({ paymentId, subscriptionId, signature }) {
      const expected = hmacHex(config.keySecret, paymentSignatureMessage(paymentId, subscriptionId));
      return signatureMatches(expected, signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(config.webhookSecret, rawBody), signature);
    },
  };
}
