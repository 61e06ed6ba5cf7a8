import { randomBytes } from 'node:crypto';
import { billingPeriodMonths, currency, type PlanCode, planCheckoutAmounts, plans } from '@bahi/contracts';
import type { Queryable } from '@bahi/market-data/db';
import { localSecret } from '../accounts/secrets.ts';
import {
  endedStatuses,
  type PaymentProvider,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './provider.ts';
import { hmacHex, paymentSignatureMessage, signatureMatches } from './signatures.ts';

export const sandboxKeyId = 'rzp_sandbox_local';
export const sandboxCheckoutScript = '/sandbox/checkout.js';
const sandboxPlanIds: Record<Exclude<PlanCode, 'B'>, string> = {
  I: 'plan_sandbox_individual',
  P: 'plan_sandbox_professional',
  E: 'plan_sandbox_enterprise',
};

/** What the sandbox checkout page shows. */
export interface SandboxCheckoutView {
  subscriptionId: string;
  plan: PlanCode;
  planName: string;
  amount: number;
  currency: string;
  status: ProviderSubscriptionStatus;
}

/** The sandbox refuses a payment the real provider would refuse (ended or expired subscription). */
export class SandboxRefusal extends Error {}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  describe(subscriptionId: string): Promise<SandboxCheckoutView | null>;
  /**
   * The customer pays: the subscription becomes active for one period; returns the signed result.
   * Throws `SandboxRefusal` for a cancelled, completed or expired subscription.
   */
  pay(subscriptionId: string, now: Date): Promise<{ paymentId: string; signature: string }>;
  /** The customer's payment fails: nothing changes; returns the failed payment id. */
  fail(subscriptionId: string): Promise<{ paymentId: string }>;
  /** Moves a subscription to another state, as the provider does when renewals fail or a customer cancels. */
  setStatus(subscriptionId: string, status: ProviderSubscriptionStatus): Promise<void>;
  /** Signs a webhook body with the sandbox webhook secret. */
  signWebhook(rawBody: string): string;
}

interface SandboxRow {
  id: string;
  plan_id: string;
  status: ProviderSubscriptionStatus;
  current_end: Date | string | null;
  paid_count: number;
  amount_paise: number;
  expire_by: Date | string | null;
}

function toSubscription(r: SandboxRow): ProviderSubscription {
  return {
    id: r.id,
    planId: r.plan_id,
    status: r.status,
    currentEnd: r.current_end ? new Date(r.current_end) : null,
    paidCount: Number(r.paid_count),
  };
}

function planOf(planId: string): Exclude<PlanCode, 'B'> {
  const entry = Object.entries(sandboxPlanIds).find(([, id]) => id === planId);
  if (!entry) throw new Error(`unknown sandbox plan ${planId}`);
  return entry[0] as Exclude<PlanCode, 'B'>;
}

function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

function sandboxId(prefix: string): string {
  return `${prefix}_sbx${randomBytes(9).toString('base64url')}`;
}

/**
 * The offline stand-in for Razorpay: keeps its subscriptions in the database and signs checkout
 * results and webhooks with secrets of its own, so the real verification code runs unchanged.
 * Refused in production.
 */
export async function createSandboxProvider(
  db: Queryable,
  env: 'development' | 'production' | 'test',
): Promise<SandboxProvider> {
  if (env === 'production') throw new Error('the sandbox payment provider is refused in production');
  const keySecret = (await localSecret(db, 'sandbox_payment_key_secret', null, env)).toString('base64');
  const webhookSecret = (await localSecret(db, 'sandbox_payment_webhook_secret', null, env)).toString(
    'base64',
  );

  async function row(id: string): Promise<SandboxRow | null> {
    const { rows } = await db.query<SandboxRow>(
      'SELECT id, plan_id, status, current_end, paid_count, amount_paise, expire_by FROM sandbox_subscriptions WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  }
  async function mustRow(id: string): Promise<SandboxRow> {
    const r = await row(id);
    if (!r) throw new Error(`sandbox subscription ${id} does not exist`);
    return r;
  }

  return {
    name: 'sandbox',
    checkout: { provider: 'sandbox', keyId: sandboxKeyId, scriptUrl: sandboxCheckoutScript },
    async createSubscription({ plan, totalCount, notes, expireBy }) {
      const planId = sandboxPlanIds[plan as Exclude<PlanCode, 'B'>];
      if (!planId) throw new Error(`no sandbox plan for ${plan}`);
      const id = sandboxId('sub');
      const { rows } = await db.query<SandboxRow>(
        `INSERT INTO sandbox_subscriptions (id, plan_id, total_count, amount_paise, notes, expire_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, plan_id, status, current_end, paid_count, amount_paise, expire_by`,
        [
          id,
          planId,
          totalCount,
          planCheckoutAmounts(plan).total * 100,
          JSON.stringify(notes),
          expireBy.toISOString(),
        ],
      );
      return toSubscription(rows[0]!);
    },
    async fetchSubscription(id) {
      return toSubscription(await mustRow(id));
    },
    verifyPaymentSignature({ paymentId, subscriptionId, signature }) {
      return signatureMatches(
        hmacHex(keySecret, paymentSignatureMessage(paymentId, subscriptionId)),
        signature,
      );
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(hmacHex(webhookSecret, rawBody), signature);
    },
    async describe(subscriptionId) {
      const r = await row(subscriptionId);
      if (!r) return null;
      const plan = planOf(r.plan_id);
      return {
        subscriptionId: r.id,
        plan,
        planName: plans[plan].name,
        amount: Number(r.amount_paise) / 100,
        currency,
        status: r.status,
      };
    },
    async pay(subscriptionId, now) {
      const r = await mustRow(subscriptionId);
      if (endedStatuses.includes(r.status)) {
        throw new SandboxRefusal(`Subscription ${subscriptionId} is ${r.status} and cannot be paid.`);
      }
      if (r.status === 'created' && r.expire_by && new Date(r.expire_by).getTime() <= now.getTime()) {
        await db.query("UPDATE sandbox_subscriptions SET status = 'expired' WHERE id = $1", [subscriptionId]);
        throw new SandboxRefusal(`Subscription ${subscriptionId} expired before it was paid.`);
      }
      const end = addMonths(now, billingPeriodMonths(planOf(r.plan_id)));
      await db.query(
        `UPDATE sandbox_subscriptions SET status = 'active', paid_count = paid_count + 1,
           current_start = $2, current_end = $3 WHERE id = $1`,
        [subscriptionId, now.toISOString(), end.toISOString()],
      );
      const paymentId = sandboxId('pay');
      return { paymentId, signature: hmacHex(keySecret, paymentSignatureMessage(paymentId, subscriptionId)) };
    },
    async fail(subscriptionId) {
      await mustRow(subscriptionId);
      return { paymentId: sandboxId('pay') };
    },
    async cancelSubscription(subscriptionId) {
      const r = await mustRow(subscriptionId);
      if (endedStatuses.includes(r.status)) return;
      await db.query("UPDATE sandbox_subscriptions SET status = 'cancelled' WHERE id = $1", [subscriptionId]);
    },
    async setStatus(subscriptionId, status) {
      await mustRow(subscriptionId);
      await db.query('UPDATE sandbox_subscriptions SET status = $2 WHERE id = $1', [subscriptionId, status]);
    },
    signWebhook(rawBody) {
      return hmacHex(webhookSecret, rawBody);
    },
  };
}
