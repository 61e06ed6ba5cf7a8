import {
  billingPeriodMonths,
  canBuyPlan,
  currency,
  type PlanCode,
  planCheckoutAmounts,
  plans,
} from '@bahi/contracts';
import type { Db, Queryable } from '@bahi/market-data/db';
import type { FastifyBaseLogger } from 'fastify';
import { effectivePlan, setSubscription, type User } from '../accounts/users.ts';
import { AppError } from '../errors.ts';
import {
  type BillingSubscription,
  currentSubscriptionOf,
  findSubscription,
  insertSubscription,
  recordPaymentEvent,
  type SubscriptionStatus,
  updateSubscription,
} from './billing-store.ts';
import { type PaymentProvider, type ProviderSubscription, totalCountFor } from './provider.ts';

export interface BillingContext {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Called after a user's plan changed, so caches of API key permissions drop that user. */
  planChanged: (userId: number) => void;
}

type PaidPlan = Exclude<PlanCode, 'B'>;

function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/** Creates the provider subscription for a plan and records it as pending. Amounts come from contracts only. */
export async function startSubscription(
  ctx: BillingContext,
  user: User,
  plan: PaidPlan,
  phoneNumber: string,
): Promise<{ subscription: BillingSubscription }> {
  const current = effectivePlan(user, ctx.clock());
  if (!canBuyPlan(current, plan)) {
    throw new AppError(
      'conflict',
      `You are already on the ${plans[current].name} plan, which includes ${plans[plan].name}.`,
      { param: 'plan' },
    );
  }
  const amounts = planCheckoutAmounts(plan);
  let created: ProviderSubscription;
  try {
    created = await ctx.provider.createSubscription({
      plan,
      totalCount: totalCountFor(billingPeriodMonths(plan)),
      notes: { user_id: String(user.id), email: user.email, plan: plans[plan].slug },
    });
  } catch (err) {
    ctx.log.error({ err, userId: user.id, plan }, 'payment provider could not create a subscription');
    await recordPaymentEvent(ctx.db, {
      userId: user.id,
      provider: ctx.provider.name,
      kind: 'subscription.create',
      plan,
      amount: amounts.total,
      currency,
      outcome: 'error',
      detail: err instanceof Error ? err.message.slice(0, 500) : 'provider error',
    });
    throw new AppError(
      'request_failed',
      "We couldn't start the payment. Please try again or contact support.",
    );
  }
  const subscription = await ctx.db.transaction(async (tx) => {
    const s = await insertSubscription(tx, {
      userId: user.id,
      provider: ctx.provider.name,
      providerSubscriptionId: created.id,
      plan,
      baseAmount: amounts.base,
      gstAmount: amounts.gst,
      totalAmount: amounts.total,
      currency,
      phoneNumber,
    });
    await recordPaymentEvent(tx, {
      userId: user.id,
      provider: ctx.provider.name,
      kind: 'subscription.create',
      plan,
      amount: amounts.total,
      currency,
      providerSubscriptionId: created.id,
      outcome: 'pending',
    });
    return s;
  });
  return { subscription };
}

/** Makes a subscription the one governing its user's plan, until `currentEnd`. */
async function activate(
  tx: Queryable,
  s: BillingSubscription,
  now: Date,
  paymentId: string | undefined,
  currentEnd: Date | null,
): Promise<Date> {
  const end = currentEnd ?? addMonths(now, billingPeriodMonths(s.plan));
  await updateSubscription(tx, s.id, {
    status: 'active',
    currentEnd: end,
    paymentId,
    activatedAt: s.activatedAt ?? now,
  });
  await setSubscription(tx, s.userId, {
    plan: s.plan,
    billingCycle: plans[s.plan].billing as 'quarterly' | 'annual' | 'custom',
    status: 'active',
    expiresAt: end,
  });
  return end;
}

export type VerificationStatus = 'success' | 'failure';

/**
 * Checks the checkout result's signature and activates the plan once. A replay of the same
 * verified payment answers success again without a second activation; anything else is failure
 * and leaves the plan as it was.
 */
export async function verifyCheckout(
  ctx: BillingContext,
  input: { paymentId: string; subscriptionId: string; signature: string },
): Promise<VerificationStatus> {
  const base = {
    provider: ctx.provider.name,
    kind: 'checkout.verify',
    providerSubscriptionId: input.subscriptionId,
    providerPaymentId: input.paymentId,
  };
  const known = await findSubscription(ctx.db, input.subscriptionId);
  if (!known) {
    // Logged, not stored: anyone can call this, and the payment log keeps every row for good.
    ctx.log.warn(
      { subscriptionId: input.subscriptionId },
      'checkout verification for an unknown subscription',
    );
    return 'failure';
  }
  const who = { userId: known.userId, plan: known.plan, amount: known.totalAmount, currency: known.currency };
  if (!ctx.provider.verifyPaymentSignature(input)) {
    ctx.log.warn({ subscriptionId: input.subscriptionId }, 'checkout signature mismatch');
    await recordPaymentEvent(ctx.db, { ...base, ...who, outcome: 'failure', detail: 'signature mismatch' });
    return 'failure';
  }
  const now = ctx.clock();
  const activated = await ctx.db.transaction(async (tx) => {
    const s = (await findSubscription(tx, input.subscriptionId, { forUpdate: true }))!;
    if (s.activatedAt) {
      await recordPaymentEvent(tx, { ...base, ...who, outcome: 'replayed', detail: 'already activated' });
      return false;
    }
    const end = await activate(tx, s, now, input.paymentId, null);
    await recordPaymentEvent(tx, {
      ...base,
      ...who,
      outcome: 'success',
      detail: `activated until ${end.toISOString()}`,
    });
    return true;
  });
  if (activated) ctx.planChanged(known.userId);
  return 'success';
}

export const handledWebhookEvents = [
  'subscription.activated',
  'subscription.charged',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
] as const;

const lapsedStatuses: Partial<Record<ProviderSubscription['status'], SubscriptionStatus>> = {
  halted: 'halted',
  cancelled: 'cancelled',
  completed: 'completed',
  expired: 'expired',
};

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a signature-checked webhook event once (by event id). The state comes from the
 * provider's own copy of the subscription, re-read now, never from the event body, so events that
 * arrive late or out of order cannot move a subscription backwards.
 */
export async function applyWebhookEvent(
  ctx: BillingContext,
  event: { id: string; name: string; subscriptionId: string | null; paymentId: string | null },
): Promise<WebhookOutcome> {
  const base = {
    provider: ctx.provider.name,
    kind: `webhook.${event.name}`,
    providerEventId: event.id,
    providerSubscriptionId: event.subscriptionId,
    providerPaymentId: event.paymentId,
  };
  const known = event.subscriptionId ? await findSubscription(ctx.db, event.subscriptionId) : null;
  if (known && event.name === 'payment.failed') {
    const stored = await recordPaymentEvent(ctx.db, {
      ...base,
      userId: known.userId,
      plan: known.plan,
      amount: known.totalAmount,
      currency: known.currency,
      outcome: 'failure',
      detail: 'payment failed at checkout',
    });
    return stored ? 'applied' : 'duplicate';
  }
  if (!known || !(handledWebhookEvents as readonly string[]).includes(event.name)) {
    const stored = await recordPaymentEvent(ctx.db, {
      ...base,
      userId: known?.userId ?? null,
      outcome: 'ignored',
      detail: known ? 'event not handled' : 'unknown subscription',
    });
    return stored ? 'ignored' : 'duplicate';
  }
  const remote = await ctx.provider.fetchSubscription(known.providerSubscriptionId);
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const s = (await findSubscription(tx, known.providerSubscriptionId, { forUpdate: true }))!;
    const who = { userId: s.userId, plan: s.plan, amount: s.totalAmount, currency: s.currency };
    const stored = await recordPaymentEvent(tx, {
      ...base,
      ...who,
      outcome: 'applied',
      detail: `provider status ${remote.status}`,
    });
    if (!stored) return 'duplicate';
    const current = await currentSubscriptionOf(tx, s.userId);
    const governs = current === null || current.id === s.id;
    if (remote.status === 'active') {
      if (governs) await activate(tx, s, now, event.paymentId ?? undefined, remote.currentEnd);
      else await updateSubscription(tx, s.id, { status: 'active', currentEnd: remote.currentEnd });
      return 'applied';
    }
    const lapsed = lapsedStatuses[remote.status];
    if (lapsed) {
      await updateSubscription(tx, s.id, { status: lapsed, currentEnd: remote.currentEnd ?? s.currentEnd });
      if (governs && s.activatedAt) {
        await setSubscription(tx, s.userId, {
          plan: s.plan,
          billingCycle: plans[s.plan].billing as 'quarterly' | 'annual' | 'custom',
          status: lapsed,
          expiresAt: remote.currentEnd ?? s.currentEnd,
        });
      }
    }
    return 'applied';
  });
  if (outcome === 'applied') ctx.planChanged(known.userId);
  return outcome;
}
