import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

export interface IntakeLimiter {
  /** Counts one submission from the request's IP, or throws a 429 problem with Retry-After. */
  check(req: FastifyRequest): Promise<void>;
}

/**
 * Per-IP limit on the contact, support and feedback endpoints: INTAKE_RATE_LIMIT submissions per
 * hour. Counters live in Redis when REDIS_URL is set (shared by every server process), with an
 * in-memory limiter standing in while Redis is unreachable; in memory otherwise.
 */
export async function createIntakeLimiter(app: FastifyInstance): Promise<IntakeLimiter> {
  const points = app.config.intakeRateLimit;
  const duration = 3600;
  const keyPrefix = 'bahi:intake';
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  let limiter: RateLimiterMemory | RateLimiterRedis = memory;
  if (app.config.redisUrl) {
    const redis = new Redis(app.config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      connectTimeout: 2000,
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'intake rate limiter: Redis unavailable'));
    // Connect before the first request (commands are not queued while offline); when Redis is
    // down the server still starts and the in-memory limiter stands in until it is back.
    await redis.connect().catch(() => undefined);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    limiter = new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix,
      insuranceLimiter: memory,
    });
  }
  return {
    async check(req) {
      try {
        await limiter.consume(req.ip);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw new AppError(
          'rate_limited',
          `Too many submissions from your address; try again in ${seconds} s.`,
          {
            headers: { 'retry-after': String(seconds) },
          },
        );
      }
    },
  };
}
