import type { PlanCode } from '@bahi/contracts';
import type { Queryable } from '@bahi/market-data/db';

/** SQL for billing_subscriptions and payment_events; the domain code never writes SQL itself. */
export type SubscriptionStatus = 'pending' | 'active' | 'halted' | 'cancelled' | 'completed' | 'expired';

export interface BillingSubscription {
  id: number;
  userId: number;
  provider: 'razorpay' | 'sandbox';
  providerSubscriptionId: string;
  plan: Exclude<PlanCode, 'B'>;
  baseAmount: number;
  gstAmount: number;
  totalAmount: number;
  currency: string;
  status: SubscriptionStatus;
  paymentId: string | null;
  activatedAt: Date | null;
  currentEnd: Date | null;
  /** A pending subscription can be paid until then; later it expires. */
  payBy: Date | null;
}

interface Row {
  id: number;
  user_id: number;
  provider: BillingSubscription['provider'];
  provider_subscription_id: string;
  plan: BillingSubscription['plan'];
  base_amount: number;
  gst_amount: number;
  total_amount: number;
  currency: string;
  status: SubscriptionStatus;
  payment_id: string | null;
  activated_at: Date | string | null;
  current_end: Date | string | null;
  pay_by: Date | string | null;
}

const columns =
  'id, user_id, provider, provider_subscription_id, plan, base_amount, gst_amount, total_amount, currency, status, payment_id, activated_at, current_end, pay_by';

function toSubscription(r: Row): BillingSubscription {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    provider: r.provider,
    providerSubscriptionId: r.provider_subscription_id,
    plan: r.plan,
    baseAmount: Number(r.base_amount),
    gstAmount: Number(r.gst_amount),
    totalAmount: Number(r.total_amount),
    currency: r.currency,
    status: r.status,
    paymentId: r.payment_id,
    activatedAt: r.activated_at ? new Date(r.activated_at) : null,
    currentEnd: r.current_end ? new Date(r.current_end) : null,
    payBy: r.pay_by ? new Date(r.pay_by) : null,
  };
}

export async function insertSubscription(
  db: Queryable,
  s: Omit<BillingSubscription, 'id' | 'status' | 'paymentId' | 'activatedAt' | 'currentEnd' | 'payBy'> & {
    phoneNumber: string;
    payBy: Date;
  },
): Promise<BillingSubscription> {
  const { rows } = await db.query<Row>(
    `INSERT INTO billing_subscriptions
       (user_id, provider, provider_subscription_id, plan, base_amount, gst_amount, total_amount, currency, phone_number, pay_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${columns}`,
    [
      s.userId,
      s.provider,
      s.providerSubscriptionId,
      s.plan,
      s.baseAmount,
      s.gstAmount,
      s.totalAmount,
      s.currency,
      s.phoneNumber,
      s.payBy.toISOString(),
    ],
  );
  return toSubscription(rows[0]!);
}

/** The subscription with this provider id; `forUpdate` locks it for the rest of the transaction. */
export async function findSubscription(
  db: Queryable,
  providerSubscriptionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<BillingSubscription | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM billing_subscriptions WHERE provider_subscription_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [providerSubscriptionId],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

/** The user's most recently activated subscription: the one that governs their plan. */
export async function currentSubscriptionOf(
  db: Queryable,
  userId: number,
): Promise<BillingSubscription | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM billing_subscriptions WHERE user_id = $1 AND activated_at IS NOT NULL
     ORDER BY activated_at DESC, id DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

/**
 * The user's other subscriptions that are still open (pending or active), locked for the rest of
 * the transaction: the ones a newly live subscription closes.
 */
export async function openSubscriptionsOf(
  db: Queryable,
  userId: number,
  exceptId: number | null,
): Promise<BillingSubscription[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${columns} FROM billing_subscriptions
     WHERE user_id = $1 AND status IN ('pending', 'active') AND id <> $2 ORDER BY id FOR UPDATE`,
    [userId, exceptId ?? 0],
  );
  return rows.map(toSubscription);
}

export async function updateSubscription(
  db: Queryable,
  id: number,
  s: { status: SubscriptionStatus; currentEnd: Date | null; paymentId?: string; activatedAt?: Date },
): Promise<void> {
  await db.query(
    `UPDATE billing_subscriptions SET status = $2, current_end = $3,
       payment_id = COALESCE($4, payment_id), activated_at = COALESCE($5, activated_at), updated_at = now()
     WHERE id = $1`,
    [
      id,
      s.status,
      s.currentEnd?.toISOString() ?? null,
      s.paymentId ?? null,
      s.activatedAt?.toISOString() ?? null,
    ],
  );
}

export interface PaymentEvent {
  userId: number | null;
  provider: string;
  kind: string;
  plan?: PlanCode | null;
  amount?: number | null;
  currency?: string | null;
  providerSubscriptionId?: string | null;
  providerPaymentId?: string | null;
  providerEventId?: string | null;
  /** SHA-256 of a webhook's raw body: a second event with the same body is not stored either. */
  bodySha256?: string | null;
  outcome:
    | 'pending'
    | 'success'
    | 'failure'
    | 'replayed'
    | 'ignored'
    | 'error'
    | 'applied'
    | 'refused'
    | 'cancelled';
  detail?: string;
}

/**
 * Appends a payment event. With a provider event id (and body hash), a second event with the same
 * id or the same body is not stored and false is returned: that is how webhooks are applied once.
 */
export async function recordPaymentEvent(db: Queryable, e: PaymentEvent): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO payment_events (user_id, provider, kind, plan, amount, currency, provider_subscription_id,
       provider_payment_id, provider_event_id, outcome, detail, body_sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      e.userId,
      e.provider,
      e.kind,
      e.plan ?? null,
      e.amount ?? null,
      e.currency ?? null,
      e.providerSubscriptionId ?? null,
      e.providerPaymentId ?? null,
      e.providerEventId ?? null,
      e.outcome,
      e.detail ?? '',
      e.bodySha256 ?? null,
    ],
  );
  return rows.length > 0;
}

/** Counts a failed checkout verification of a known subscription (a summary, not a log row). */
export async function countVerificationFailure(
  db: Queryable,
  provider: string,
  providerSubscriptionId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO payment_verification_failures (provider, provider_subscription_id, failures, first_at, last_at)
     VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (provider, provider_subscription_id)
     DO UPDATE SET failures = payment_verification_failures.failures + 1, last_at = EXCLUDED.last_at`,
    [provider, providerSubscriptionId, at.toISOString()],
  );
}

/** How many checkout verifications of a subscription failed (for support and tests). */
export async function verificationFailuresOf(db: Queryable, providerSubscriptionId: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    'SELECT failures FROM payment_verification_failures WHERE provider_subscription_id = $1',
    [providerSubscriptionId],
  );
  return rows[0] ? Number(rows[0].failures) : 0;
}

export async function webhookEventSeen(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM payment_events WHERE provider = $1 AND provider_event_id = $2',
    [provider, eventId],
  );
  return rows.length > 0;
}

export interface StoredPaymentEvent {
  kind: string;
  outcome: string;
  userId: number | null;
  plan: string | null;
  amount: number | null;
  providerSubscriptionId: string | null;
  providerPaymentId: string | null;
  providerEventId: string | null;
  detail: string;
}

/** Events of one provider subscription, oldest first (for support and tests). */
export async function paymentEventsOf(
  db: Queryable,
  providerSubscriptionId: string,
): Promise<StoredPaymentEvent[]> {
  const { rows } = await db.query<{
    kind: string;
    outcome: string;
    user_id: number | null;
    plan: string | null;
    amount: number | null;
    provider_subscription_id: string | null;
    provider_payment_id: string | null;
    provider_event_id: string | null;
    detail: string;
  }>(
    `SELECT kind, outcome, user_id, plan, amount, provider_subscription_id, provider_payment_id, provider_event_id, detail
     FROM payment_events WHERE provider_subscription_id = $1 ORDER BY id`,
    [providerSubscriptionId],
  );
  return rows.map((r) => ({
    kind: r.kind,
    outcome: r.outcome,
    userId: r.user_id === null ? null : Number(r.user_id),
    plan: r.plan,
    amount: r.amount === null ? null : Number(r.amount),
    providerSubscriptionId: r.provider_subscription_id,
    providerPaymentId: r.provider_payment_id,
    providerEventId: r.provider_event_id,
    detail: r.detail,
  }));
}
