import { type PlanCode, publicSampleKey } from '@bahi/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { effectivePlan, type User } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { isSecureEnough } from '../plugins/https-policy.ts';
import { rateLimitedError, setRateLimitHeaders } from './rate-limit.ts';
import type { DataApiServices } from './services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiUser?: User;
    apiPlan?: PlanCode;
  }
}

/** The API key from `token` (as documented) or `Authorization: Bearer <key>`. */
export function extractKey(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const fromQuery = q?.token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}

/**
 * The data API's onRequest pipeline: HTTPS → API key → rate limit. Validation and the plan
 * check run afterwards, per route.
 */
export function accessHook(svc: DataApiServices, config: Config, clock: () => Date) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!isSecureEnough(req, config)) {
      throw new AppError(
        'https_required',
        'The data API is served over https only: repeat the request with an https:// URL.',
      );
    }
    const key = extractKey(req);
    if (!key) {
      throw new AppError(
        'unauthorized',
        'An API key is required: pass token=<your key> in the query string or an Authorization: Bearer header.',
        { headers: { 'www-authenticate': 'Bearer realm="bahi"' } },
      );
    }
    const owner = config.env === 'production' && key === publicSampleKey ? null : await svc.keys.owner(key);
    if (!owner) {
      throw new AppError('unauthorized', 'The API key is not valid or has been revoked.', {
        headers: { 'www-authenticate': 'Bearer realm="bahi", error="invalid_token"' },
      });
    }
    const now = clock();
    req.apiUser = owner.user;
    req.apiPlan = effectivePlan(owner.user, now);
    // Counted per key (its hash), so every process sharing Redis counts the same calls.
    const outcome = await svc.limiter.consume(
      owner.hash.slice(0, 32),
      owner.user.rateLimitPerMinute ?? undefined,
    );
    setRateLimitHeaders(reply, outcome, now.getTime());
    if (!outcome.allowed) throw rateLimitedError(outcome);
  };
}
