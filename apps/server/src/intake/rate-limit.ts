import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiter, rejectionsOf } from '../api/rate-limit.ts';
import { AppError } from '../errors.ts';

export interface IntakeLimiter {
  /** Counts one submission from the request's IP, or throws a 429 problem with Retry-After. */
  check(req: FastifyRequest): Promise<void>;
}

/**
 * Per-IP limit on the contact, support and feedback endpoints: INTAKE_RATE_LIMIT submissions per
 * hour, on the data API's limiter: counters in Redis when REDIS_URL is set (shared by every server
 * process, with an in-memory limiter standing in while Redis is unreachable), in memory otherwise.
 */
export async function createIntakeLimiter(app: FastifyInstance): Promise<IntakeLimiter> {
  const limiter = new RateLimiter(app.config.redisUrl, 'bahi:intake', 3600, (err) =>
    app.log.warn({ err: err.message }, 'intake rate limiter: Redis unavailable'),
  );
  await limiter.connect();
  app.addHook('onClose', () => limiter.close());
  const rejections = rejectionsOf(app);
  return {
    async check(req) {
      const outcome = await limiter.consume(req.ip, app.config.intakeRateLimit);
      if (outcome.allowed) return;
      rejections.count('intake');
      throw new AppError(
        'rate_limited',
        `Too many submissions from your address; try again in ${outcome.resetSeconds} s.`,
        { headers: { 'retry-after': String(outcome.resetSeconds) } },
      );
    },
  };
}
