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
import { effectivePlan, findUserById, setSubscription, type User } from '../accounts/users.ts';
import { AppError } from '../errors.ts';
import {
  type BillingSubscription,
  countVerificationFailure,
  currentSubscriptionOf,
  findSubscription,
  insertSubscription,
  openSubscriptionsOf,
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

/** How long a pending subscription can be paid (also the provider's `expire_by`). */
export const pendingLifetimeMs = 24 * 60 * 60 * 1000;
/** A checkout result may reach verification this long after the deadline (paid just in time). */
const verificationGraceMs = 15 * 60 * 1000;

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
  const payBy = new Date(ctx.clock().getTime() + pendingLifetimeMs);
  let created: ProviderSubscription;
  try {
    created = await ctx.provider.createSubscription({
      plan,
      totalCount: totalCountFor(billingPeriodMonths(plan)),
      notes: { user_id: String(user.id), email: user.email, plan: plans[plan].slug },
      expireBy: payBy,
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
  const { subscription, superseded } = await ctx.db.transaction(async (tx) => {
    // One open checkout per user: a new one supersedes the pending ones, which can no longer be paid.
    const superseded = (await openSubscriptionsOf(tx, user.id, null)).filter((o) => o.status === 'pending');
    for (const old of superseded) await close(tx, ctx, old, 'expired', 'superseded by a newer checkout');
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
      payBy,
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
    return { subscription: s, superseded };
  });
  await cancelAtProvider(ctx, superseded);
  return { subscription };
}

/** Ends a subscription here (without the provider) and records why. */
async function close(
  tx: Queryable,
  ctx: BillingContext,
  s: BillingSubscription,
  status: 'expired' | 'cancelled',
  why: string,
): Promise<void> {
  await updateSubscription(tx, s.id, { status, currentEnd: s.currentEnd });
  await recordPaymentEvent(tx, {
    userId: s.userId,
    provider: ctx.provider.name,
    kind: 'subscription.close',
    plan: s.plan,
    amount: s.totalAmount,
    currency: s.currency,
    providerSubscriptionId: s.providerSubscriptionId,
    outcome: status === 'expired' ? 'refused' : 'cancelled',
    detail: why,
  });
}

/**
 * Cancels closed subscriptions at the provider, after the transaction that closed them, so none
 * can be paid or charged again. A failure is logged and recorded; the next webhook of that
 * subscription (still active at the provider) cancels it again.
 */
async function cancelAtProvider(ctx: BillingContext, closed: BillingSubscription[]): Promise<void> {
  for (const s of closed) {
    try {
      await ctx.provider.cancelSubscription(s.providerSubscriptionId);
    } catch (err) {
      ctx.log.error(
        { err, subscriptionId: s.providerSubscriptionId },
        'payment provider could not cancel a closed subscription',
      );
      await recordPaymentEvent(ctx.db, {
        userId: s.userId,
        provider: ctx.provider.name,
        kind: 'subscription.cancel',
        plan: s.plan,
        providerSubscriptionId: s.providerSubscriptionId,
        outcome: 'error',
        detail: err instanceof Error ? err.message.slice(0, 500) : 'provider error',
      });
    }
  }
}

type LiveOutcome =
  | { live: true; end: Date; closed: BillingSubscription[] }
  | { live: false; why: string; closed: BillingSubscription[] };

/**
 * Makes a paid, never activated subscription the user's one live subscription, or refuses it
 * (decision 0701): a subscription that expired unpaid or was superseded or cancelled here cannot
 * become live, and neither can one whose plan does not rank above the plan the user already has
 * live from another subscription. Refused subscriptions are closed; when one becomes live, every
 * other open subscription of the user is closed. The caller cancels `closed` at the provider.
 */
async function makeLive(
  tx: Queryable,
  ctx: BillingContext,
  s: BillingSubscription,
  now: Date,
  paymentId: string | undefined,
  currentEnd: Date | null,
  /** The provider itself reports the subscription active (a webhook), so it was paid in time. */
  providerConfirmed: boolean,
): Promise<LiveOutcome> {
  if (s.status !== 'pending') {
    return { live: false, why: `subscription is ${s.status}`, closed: [s] };
  }
  if (!providerConfirmed && s.payBy && s.payBy.getTime() + verificationGraceMs <= now.getTime()) {
    await close(tx, ctx, s, 'expired', 'paid after it expired');
    return { live: false, why: 'subscription expired before it was paid', closed: [s] };
  }
  const others = await openSubscriptionsOf(tx, s.userId, s.id);
  const user = (await findUserById(tx, s.userId))!;
  const held = effectivePlan(user, now);
  const heldLive = others.some((o) => o.status === 'active' && o.plan === held);
  if (heldLive && plans[s.plan].rank <= plans[held].rank) {
    await close(tx, ctx, s, 'cancelled', `the ${plans[held].name} plan is already live`);
    return { live: false, why: `plan ${held} already live`, closed: [s] };
  }
  const end = await activate(tx, s, now, paymentId, currentEnd);
  for (const o of others) {
    await close(
      tx,
      ctx,
      o,
      o.status === 'pending' ? 'expired' : 'cancelled',
      `replaced by ${s.providerSubscriptionId}`,
    );
  }
  return { live: true, end, closed: others };
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
    // Counted, not logged row by row: anyone can call this with a known subscription id.
    ctx.log.warn({ subscriptionId: input.subscriptionId }, 'checkout signature mismatch');
    await countVerificationFailure(ctx.db, ctx.provider.name, input.subscriptionId, ctx.clock());
    return 'failure';
  }
  const now = ctx.clock();
  const result = await ctx.db.transaction(async (tx): Promise<LiveOutcome | 'replayed'> => {
    const s = (await findSubscription(tx, input.subscriptionId, { forUpdate: true }))!;
    if (s.activatedAt) {
      await recordPaymentEvent(tx, { ...base, ...who, outcome: 'replayed', detail: 'already activated' });
      return 'replayed';
    }
    const outcome = await makeLive(tx, ctx, s, now, input.paymentId, null, false);
    await recordPaymentEvent(tx, {
      ...base,
      ...who,
      outcome: outcome.live ? 'success' : 'refused',
      detail: outcome.live ? `activated until ${outcome.end.toISOString()}` : outcome.why,
    });
    return outcome;
  });
  if (result === 'replayed') return 'success';
  await cancelAtProvider(ctx, result.closed);
  if (!result.live) {
    ctx.log.warn(
      { subscriptionId: input.subscriptionId, userId: known.userId, reason: result.why },
      'paid subscription refused and cancelled at the provider',
    );
    return 'failure';
  }
  ctx.planChanged(known.userId);
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
  event: {
    id: string;
    bodySha256: string;
    name: string;
    subscriptionId: string | null;
    paymentId: string | null;
  },
): Promise<WebhookOutcome> {
  const base = {
    provider: ctx.provider.name,
    kind: `webhook.${event.name}`,
    providerEventId: event.id,
    bodySha256: event.bodySha256,
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
  const result = await ctx.db.transaction(
    async (tx): Promise<{ outcome: WebhookOutcome; closed: BillingSubscription[] }> => {
      const s = (await findSubscription(tx, known.providerSubscriptionId, { forUpdate: true }))!;
      const who = { userId: s.userId, plan: s.plan, amount: s.totalAmount, currency: s.currency };
      const stored = await recordPaymentEvent(tx, {
        ...base,
        ...who,
        outcome: 'applied',
        detail: `provider status ${remote.status}`,
      });
      if (!stored) return { outcome: 'duplicate', closed: [] };
      if (remote.status === 'active') {
        if (!s.activatedAt) {
          const live = await makeLive(tx, ctx, s, now, event.paymentId ?? undefined, remote.currentEnd, true);
          return { outcome: 'applied', closed: live.closed };
        }
        const current = await currentSubscriptionOf(tx, s.userId);
        if (current?.id === s.id) {
          await activate(tx, s, now, event.paymentId ?? undefined, remote.currentEnd);
          return { outcome: 'applied', closed: [] };
        }
        // A replaced subscription still charging at the provider: it must not stay live there.
        if (s.status === 'active')
          await close(tx, ctx, s, 'cancelled', 'replaced, still active at the provider');
        return { outcome: 'applied', closed: [s] };
      }
      const lapsed = lapsedStatuses[remote.status];
      if (lapsed) {
        const current = await currentSubscriptionOf(tx, s.userId);
        const governs = current === null || current.id === s.id;
        await updateSubscription(tx, s.id, {
          status: lapsed,
          currentEnd: remote.currentEnd ?? s.currentEnd,
        });
        if (governs && s.activatedAt) {
          await setSubscription(tx, s.userId, {
            plan: s.plan,
            billingCycle: plans[s.plan].billing as 'quarterly' | 'annual' | 'custom',
            status: lapsed,
            expiresAt: remote.currentEnd ?? s.currentEnd,
          });
        }
      }
      return { outcome: 'applied', closed: [] };
    },
  );
  await cancelAtProvider(ctx, result.closed);
  if (result.outcome === 'applied') ctx.planChanged(known.userId);
  return result.outcome;
}
