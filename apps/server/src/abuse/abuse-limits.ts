import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiter, rejectionsOf } from '../api/rate-limit.ts';
import { AppError } from '../errors.ts';

/**
 * Calls per minute on the endpoints that cost a provider call, a database write or a signature
 * check, per client address and per subject (the user or the subscription named). Decision 0330.
 */
export const abuseLimits = {
  'sign-in': { perAddress: 30, perSubject: 10 },
  refresh: { perAddress: 60, perSubject: 20 },
  subscribe: { perAddress: 30, perSubject: 5 },
  verify: { perAddress: 60, perSubject: 10 },
} as const;

export type AbuseRule = keyof typeof abuseLimits;

export interface AbuseLimiter {
  /** Counts one call by the request's address; a 429 problem with Retry-After past the limit. */
  byAddress(rule: AbuseRule, req: FastifyRequest): Promise<void>;
  /** Counts one call for a subject (user id, subscription id); a 429 problem past the limit. */
  bySubject(rule: AbuseRule, subject: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    abuse: AbuseLimiter;
  }
}

/**
 * The app's abuse limiter, made on first use: one-minute windows on the data API's limiter, in
 * Redis when REDIS_URL is set (shared by every process; an in-memory limiter stands in while Redis
 * is unreachable), in memory otherwise.
 */
export async function abuseLimiterOf(app: FastifyInstance): Promise<AbuseLimiter> {
  if (app.hasDecorator('abuse')) return app.abuse;
  const limiter = new RateLimiter(app.config.redisUrl, 'bahi:abuse', 60, (err) =>
    app.log.warn({ err: err.message }, 'abuse limiter: Redis unavailable'),
  );
  await limiter.connect();
  app.addHook('onClose', () => limiter.close());
  const rejections = rejectionsOf(app);
  const count = async (rule: AbuseRule, subject: string, limit: number) => {
    const outcome = await limiter.consume(`${rule}:${subject}`, limit);
    if (outcome.allowed) return;
    rejections.count(rule);
    throw new AppError(
      'rate_limited',
      `Too many requests of this kind; try again in ${outcome.resetSeconds} s.`,
      { headers: { 'retry-after': String(outcome.resetSeconds) } },
    );
  };
  const abuse: AbuseLimiter = {
    byAddress: (rule, req) => count(rule, `ip:${req.ip}`, abuseLimits[rule].perAddress),
    bySubject: (rule, subject) => count(rule, `s:${subject}`, abuseLimits[rule].perSubject),
  };
  app.decorate('abuse', abuse);
  return abuse;
}
