import { rateLimitPerMinute } from '@bahi/contracts';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';

export interface RateLimitOutcome {
  limit: number;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Calls per minute per subscriber: a fixed 60-second window that opens at the first call. In
 * memory by default; in Redis when a URL is given, so the limit holds across server processes
 * (with an in-memory insurance limiter that takes over while Redis is unreachable).
 */
export class RateLimiter {
  private readonly limiters = new Map<number, RateLimiterAbstract>();
  private readonly redis: Redis | null;

  constructor(
    redisUrl: string | null,
    private readonly prefix = 'bahi:rl',
    private readonly windowSeconds = 60,
    onRedisError: (err: Error) => void = () => undefined,
  ) {
    this.redis = redisUrl
      ? new Redis(redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          lazyConnect: true,
          connectTimeout: 2000,
        })
      : null;
    // Calls fall back to the insurance limiter while Redis is unreachable; the event is only reported.
    this.redis?.on('error', onRedisError);
  }

  /**
   * Connects to Redis before the first request: commands are not queued while offline, so a
   * request racing the connection would be counted by the in-memory insurance limiter alone.
   * When Redis is down the server still starts and the insurance limiter stands in.
   */
  async connect(): Promise<void> {
    await this.redis?.connect().catch(() => undefined);
  }

  private limiterFor(points: number): RateLimiterAbstract {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const keyPrefix = `${this.prefix}:${points}`;
      const memory = new RateLimiterMemory({ points, duration: this.windowSeconds, keyPrefix });
      limiter = this.redis
        ? new RateLimiterRedis({
            storeClient: this.redis,
            points,
            duration: this.windowSeconds,
            keyPrefix,
            insuranceLimiter: memory,
          })
        : memory;
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  async consume(subject: string, limit: number = rateLimitPerMinute): Promise<RateLimitOutcome> {
    try {
      const res = await this.limiterFor(limit).consume(subject, 1);
      return outcome(limit, res, true);
    } catch (err) {
      if (err instanceof RateLimiterRes) return outcome(limit, err, false);
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}

function outcome(limit: number, res: RateLimiterRes, allowed: boolean): RateLimitOutcome {
  return {
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    allowed,
  };
}

/**
 * Writes the IETF draft fields (RateLimit-Policy, RateLimit) and the customary X-RateLimit-*
 * fields; X-RateLimit-Reset is the Unix time in seconds when the window resets.
 */
export function setRateLimitHeaders(reply: FastifyReply, o: RateLimitOutcome, nowMs: number): void {
  reply.header('ratelimit-policy', `"per-minute";q=${o.limit};w=60`);
  reply.header('ratelimit', `"per-minute";r=${o.remaining};t=${o.resetSeconds}`);
  reply.header('x-ratelimit-limit', String(o.limit));
  reply.header('x-ratelimit-remaining', String(o.remaining));
  reply.header('x-ratelimit-reset', String(Math.ceil(nowMs / 1000) + o.resetSeconds));
}

export function rateLimitedError(o: RateLimitOutcome): AppError {
  return new AppError(
    'rate_limited',
    `Rate limit of ${o.limit} calls per minute exceeded; retry after ${o.resetSeconds} s.`,
    { headers: { 'retry-after': String(o.resetSeconds) } },
  );
}
