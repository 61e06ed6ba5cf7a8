import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { bearerOf } from '../auth/require-user.ts';
import { AppError } from '../errors.ts';
import { clusterScrape } from './cluster.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the registry in Prometheus text, for `Authorization: Bearer <METRICS_TOKEN>`
 * only (compared in constant time); anything else is a 401 problem. Outside the data API, so
 * neither an API key nor its rate limit applies, and in neither API document.
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  const expected = digest(token);
  // Under WORKERS=N every worker's figures, combined by the primary; otherwise this process's.
  const scrape = clusterScrape(registry);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = bearerOf(req.headers.authorization);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      throw new AppError(
        'unauthorized',
        'The metrics need the metrics token: Authorization: Bearer <token>.',
        {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        },
      );
    }
    let text: string;
    try {
      text = await scrape();
    } catch (err) {
      req.log.error({ err }, 'metrics: the cluster figures could not be collected');
      throw new AppError('unavailable', 'The metrics could not be collected from every worker; retry.');
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
