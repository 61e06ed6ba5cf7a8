import { rateLimitPerMinute } from '@bahi/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import { digits } from './digits.ts';

/**
 * Why a request was refused with 429: the data API's per-subscriber limit, too many wrong API
 * keys from one address, the intake forms' limit, or one of the abuse limits (decision 0330).
 */
export const rejectionKinds = [
  'data-api',
  'wrong-key',
  'intake',
  'sign-in',
  'refresh',
  'subscribe',
  'verify',
] as const;
export type RejectionKind = (typeof rejectionKinds)[number];

/** Requests refused by a limit, per kind, in plain numbers (read by /metrics). */
export class Rejections {
  readonly counts = new Map<RejectionKind, number>(rejectionKinds.map((k) => [k, 0]));

  count(kind: RejectionKind): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rejections: Rejections;
  }
}

/** The app's rejection counts, made on first use (on the root instance, before any plugin). */
export function rejectionsOf(app: FastifyInstance): Rejections {
  if (!app.hasDecorator('rejections')) app.decorate('rejections', new Rejections());
  return app.rejections;
}

export interface RateLimitOutcome {
  limit: number;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

/**
 * Fixed windows counted in this process: a subject's window opens at its first call. Answers
 * synchronously, so the data API's hot path does not wait on a promise for it. Expired windows
 * are swept once per window length.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;
  constructor(private readonly windowMs: number) {}

  hit(subject: string, limit: number, now = Date.now()): RateLimitOutcome {
    if (now >= this.sweepAt) this.sweep(now);
    let w = this.windows.get(subject);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(subject, w);
    }
    w.count += 1;
    return {
      limit,
      remaining: Math.max(0, limit - w.count),
      resetSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
      allowed: w.count <= limit,
    };
  }

  /** Calls counted for the subject in its current window, without counting one. */
  count(subject: string, now = Date.now()): number {
    const w = this.windows.get(subject);
    return w && w.resetAt > now ? w.count : 0;
  }

  private sweep(now: number): void {
    for (const [subject, w] of this.windows) if (w.resetAt <= now) this.windows.delete(subject);
    this.sweepAt = now + this.windowMs;
  }
}

/**
 * Calls per minute per subscriber: a fixed 60-second window that opens at the first call. In
 * memory by default; in Redis when a URL is given, so the limit holds across server processes
 * (with an in-memory insurance limiter that takes over while Redis is unreachable).
 */
export class RateLimiter {
  private readonly limiters = new Map<number, RateLimiterAbstract>();
  private readonly redis: Redis | null;
  private readonly memory: MemoryWindows;

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
    this.memory = new MemoryWindows(windowSeconds * 1000);
  }

  /**
   * Connects to Redis before the first request: commands are not queued while offline, so a
   * request racing the connection would be counted by the in-memory insurance limiter alone.
   * When Redis is down the server still starts and the insurance limiter stands in.
   */
  async connect(): Promise<void> {
    await this.redis?.connect().catch(() => undefined);
  }

  private redisLimiterFor(redis: Redis, points: number): RateLimiterAbstract {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const keyPrefix = `${this.prefix}:${points}`;
      limiter = new RateLimiterRedis({
        storeClient: redis,
        points,
        duration: this.windowSeconds,
        keyPrefix,
        insuranceLimiter: new RateLimiterMemory({ points, duration: this.windowSeconds, keyPrefix }),
      });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }

  /** Counts one call; in memory the outcome is immediate, with Redis it is a promise. */
  consume(subject: string, limit: number = rateLimitPerMinute): RateLimitOutcome | Promise<RateLimitOutcome> {
    if (!this.redis) return this.memory.hit(subject, limit);
    return this.redisLimiterFor(this.redis, limit)
      .consume(subject, 1)
      .then(
        (res) => outcome(limit, res, true),
        (err) => {
          if (err instanceof RateLimiterRes) return outcome(limit, err, false);
          throw err;
        },
      );
  }

  /**
   * Whether the subject has used up `limit` in its current window, without counting a call.
   * While Redis is unreachable the answer is no (the insurance limiter still counts).
   */
  exhausted(subject: string, limit: number): boolean | Promise<boolean> {
    if (!this.redis) return this.memory.count(subject) >= limit;
    return this.redisLimiterFor(this.redis, limit)
      .get(subject)
      .then(
        (res) => (res?.consumedPoints ?? 0) >= limit,
        () => false,
      );
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
 * The IETF draft fields (RateLimit-Policy, RateLimit) and the customary X-RateLimit-*
 * fields, as name, value, ...; X-RateLimit-Reset is the Unix time in seconds when the window resets.
 */
export function rateLimitFields(o: RateLimitOutcome, nowMs: number): string[] {
  return [
    'ratelimit-policy',
    `"per-minute";q=${o.limit};w=60`,
    'ratelimit',
    // The calls left differ on every call: their digits are made without V8's cache (digits.ts).
    `"per-minute";r=${digits(o.remaining)};t=${o.resetSeconds}`,
    'x-ratelimit-limit',
    String(o.limit),
    'x-ratelimit-remaining',
    digits(o.remaining),
    'x-ratelimit-reset',
    String(Math.ceil(nowMs / 1000) + o.resetSeconds),
  ];
}

/** Sets the rate-limit fields (`rateLimitFields`) on a reply. */
export function setRateLimitHeaders(reply: FastifyReply, o: RateLimitOutcome, nowMs: number): void {
  const fields = rateLimitFields(o, nowMs);
  for (let i = 0; i < fields.length; i += 2) reply.header(fields[i]!, fields[i + 1]);
}

export function rateLimitedError(o: RateLimitOutcome): AppError {
  return new AppError(
    'rate_limited',
    `Rate limit of ${o.limit} calls per minute exceeded; retry after ${o.resetSeconds} s.`,
    { headers: { 'retry-after': String(o.resetSeconds) } },
  );
}
