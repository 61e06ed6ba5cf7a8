import type { PlanCode } from '@bahi/contracts';
import type { Queryable } from '@bahi/market-data/db';

export interface User {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  plan: PlanCode;
  billingCycle: 'quarterly' | 'annual' | 'custom' | null;
  subscriptionStatus: 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired';
  subscriptionExpiresAt: Date | null;
  rateLimitPerMinute: number | null;
}

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  plan: PlanCode;
  billing_cycle: User['billingCycle'];
  subscription_status: User['subscriptionStatus'];
  subscription_expires_at: Date | string | null;
  rate_limit_per_minute: number | null;
}

export const userColumns =
  'id, email, first_name, last_name, plan, billing_cycle, subscription_status, subscription_expires_at, rate_limit_per_minute';

export function toUser(r: UserRow): User {
  return {
    id: Number(r.id),
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    plan: r.plan,
    billingCycle: r.billing_cycle,
    subscriptionStatus: r.subscription_status,
    subscriptionExpiresAt: r.subscription_expires_at ? new Date(r.subscription_expires_at) : null,
    rateLimitPerMinute: r.rate_limit_per_minute,
  };
}

/** The plan that governs access now: a paid plan that lapsed, halted or expired falls back to Basic. */
export function effectivePlan(
  user: Pick<User, 'plan' | 'subscriptionStatus' | 'subscriptionExpiresAt'>,
  now: Date,
): PlanCode {
  if (user.plan === 'B') return 'B';
  if (user.subscriptionStatus !== 'active') return 'B';
  const expires = user.subscriptionExpiresAt;
  if (expires !== null && expires.getTime() <= now.getTime()) return 'B';
  return user.plan;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE email = $1`, [
    email.trim().toLowerCase(),
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: number): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** Creates the user on Basic, or returns the existing one (names refreshed when given). */
export async function upsertUser(
  db: Queryable,
  input: { email: string; firstName: string; lastName: string },
): Promise<User> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO UPDATE SET
       first_name = CASE WHEN EXCLUDED.first_name <> '' THEN EXCLUDED.first_name ELSE users.first_name END,
       last_name = CASE WHEN EXCLUDED.last_name <> '' THEN EXCLUDED.last_name ELSE users.last_name END,
       updated_at = now()
     RETURNING ${userColumns}`,
    [input.email.trim().toLowerCase(), input.firstName.trim(), input.lastName.trim()],
  );
  return toUser(rows[0]!);
}

export async function setSubscription(
  db: Queryable,
  userId: number,
  s: {
    plan: PlanCode;
    billingCycle: User['billingCycle'];
    status: User['subscriptionStatus'];
    expiresAt: Date | null;
    rateLimitPerMinute?: number | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE users SET plan = $2, billing_cycle = $3, subscription_status = $4, subscription_expires_at = $5,
       rate_limit_per_minute = COALESCE($6, rate_limit_per_minute), updated_at = now() WHERE id = $1`,
    [
      userId,
      s.plan,
      s.billingCycle,
      s.status,
      s.expiresAt?.toISOString() ?? null,
      s.rateLimitPerMinute ?? null,
    ],
  );
}
