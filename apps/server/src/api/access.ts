import { type PlanCode, publicSampleKey } from '@bahi/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { effectivePlan, type User } from '../accounts/users.ts';
import { bearerOf } from '../auth/require-user.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { isSecureEnough } from '../plugins/https-policy.ts';
import { countedAhead } from './front-handover.ts';
import { isInternalCall } from './internal-call.ts';
import type { KeyOwner } from './key-cache.ts';
import { type RateLimitOutcome, rateLimitedError, setRateLimitHeaders } from './rate-limit.ts';
import type { DataApiServices } from './services.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Not counted against the caller's rate limit (the data status). */
    unmetered?: boolean;
  }
  interface FastifyRequest {
    apiUser?: User;
    apiPlan?: PlanCode;
    /** The API key's row id, for the access log (never the key itself). */
    apiKeyId?: number;
  }
}

/**
 * The API key from `token` (as documented) or `Authorization: Bearer <key>`; an AppError when
 * `token` is given more than once.
 */
export function extractKey(req: FastifyRequest): string | AppError | null {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = q?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  if (Array.isArray(fromQuery)) {
    return new AppError('bad_request', 'Pass "token" once: the query string names it more than once.', {
      param: 'token',
    });
  }
  return bearerOf(req.headers.authorization);
}

/** Wrong API keys one address may present per minute before it is refused without a lookup. */
export const wrongKeysPerMinute = 30;

const wrongKeySubject = (req: FastifyRequest) => `wrong-key:${req.ip}`;

function tooManyWrongKeys(resetSeconds: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many wrong API keys from your address; retry after ${resetSeconds} s.`,
    { headers: { 'retry-after': String(resetSeconds) } },
  );
}

const invalidKey = () =>
  new AppError('unauthorized', 'The API key is not valid or has been revoked.', {
    headers: { 'www-authenticate': 'Bearer realm="bahi", error="invalid_token"' },
  });

/** Writes the rate-limit fields and lets the request on, or refuses it past the limit. */
function afterCount(
  svc: DataApiServices,
  reply: FastifyReply,
  outcome: RateLimitOutcome,
  nowMs: number,
  done: (err?: Error) => void,
): void {
  setRateLimitHeaders(reply, outcome, nowMs);
  if (outcome.allowed) done();
  else {
    svc.rejections.count('data-api');
    done(rateLimitedError(outcome));
  }
}

/**
 * The data API's onRequest pipeline: HTTPS → API key → rate limit. Validation and the plan
 * check run afterwards, per route. Callback-style: with the key cached and counters in memory it
 * finishes without waiting on a promise; a key lookup or Redis makes it asynchronous. No
 * function is created per request on that path.
 */
export function accessHook(svc: DataApiServices, config: Config, clock: () => Date) {
  const admit = (
    req: FastifyRequest,
    reply: FastifyReply,
    owner: KeyOwner | null,
    done: (err?: Error) => void,
  ): void => {
    if (!owner) {
      // Wrong keys are counted per address; past the limit the answer is 429, not 401.
      const counted = svc.limiter.consume(wrongKeySubject(req), wrongKeysPerMinute);
      const refuse = (o: RateLimitOutcome) => {
        if (!o.allowed) svc.rejections.count('wrong-key');
        done(o.allowed ? invalidKey() : tooManyWrongKeys(o.resetSeconds));
      };
      if (counted instanceof Promise) counted.then(refuse, done);
      else refuse(counted);
      return;
    }
    try {
      const now = clock();
      req.apiUser = owner.user;
      req.apiKeyId = owner.keyId;
      req.apiPlan = effectivePlan(owner.user, now);
      if (req.routeOptions.config?.unmetered) {
        done();
        return;
      }
      // Counted per subscriber, so every process sharing Redis counts the same calls and a
      // regenerated key continues the count.
      const counted =
        countedAhead(req.raw) ??
        svc.limiter.consume(owner.subject, owner.user.rateLimitPerMinute ?? undefined);
      if (counted instanceof Promise) {
        counted.then((outcome) => afterCount(svc, reply, outcome, now.getTime(), done), done);
      } else afterCount(svc, reply, counted, now.getTime(), done);
    } catch (err) {
      done(err as Error);
    }
  };

  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    if (!isSecureEnough(req, config) && !isInternalCall(req)) {
      done(
        new AppError(
          'https_required',
          'The data API is served over https only: repeat the request with an https:// URL.',
        ),
      );
      return;
    }
    const key = extractKey(req);
    if (key instanceof AppError) {
      done(key);
      return;
    }
    if (!key) {
      done(
        new AppError(
          'unauthorized',
          'An API key is required: pass token=<your key> in the query string or an Authorization: Bearer header.',
          { headers: { 'www-authenticate': 'Bearer realm="bahi"' } },
        ),
      );
      return;
    }
    if (config.env === 'production' && key === publicSampleKey) {
      admit(req, reply, null, done);
      return;
    }
    const cached = svc.keys.peek(key);
    if (cached !== undefined) {
      admit(req, reply, cached, done);
      return;
    }
    // An address that used up its wrong keys is refused before the key costs a lookup.
    const lookup = (spent: boolean) => {
      if (spent) {
        svc.rejections.count('wrong-key');
        done(tooManyWrongKeys(60));
        return;
      }
      svc.keys.owner(key).then(
        (owner) => admit(req, reply, owner, done),
        (err: Error) => done(err),
      );
    };
    const spent = svc.limiter.exhausted(wrongKeySubject(req), wrongKeysPerMinute);
    if (spent instanceof Promise) spent.then(lookup, done);
    else lookup(spent);
  };
}
