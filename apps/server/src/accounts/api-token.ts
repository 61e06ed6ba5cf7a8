import { plans } from '@bahi/contracts';
import type { Db } from '@bahi/market-data/db';
import { Type } from 'typebox';
import { issueKey, revealKey } from './api-keys.ts';
import { effectivePlan, type User } from './users.ts';

/** What the browser keeps about the subscription (SPEC §3, §7 GET /api/v2/api-token). */
export const ApiTokenSchema = Type.Object({
  token: Type.String({ description: 'The API key' }),
  subscription_plan: Type.Union([Type.Literal('B'), Type.Literal('I'), Type.Literal('P'), Type.Literal('E')]),
  subscription_expiration_date: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  billing_cycle: Type.String({ description: 'NA, quarterly, annual or custom' }),
  subscription_status: Type.String(),
});

export function presentApiToken(user: User, key: string, now: Date) {
  const plan = effectivePlan(user, now);
  return {
    token: key,
    subscription_plan: plan,
    subscription_expiration_date: plan === 'B' ? null : (user.subscriptionExpiresAt?.toISOString() ?? null),
    billing_cycle: plan === 'B' ? 'NA' : (user.billingCycle ?? plans[plan].billing),
    subscription_status: user.subscriptionStatus,
  };
}

/** The user's active API key, issuing the first one if the user has none yet. */
export async function ensureKey(db: Db, userId: number, secret: Buffer): Promise<string> {
  return (await revealKey(db, userId, secret)) ?? (await issueKey(db, userId, secret));
}
