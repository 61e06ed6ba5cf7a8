import type { FastifyInstance } from 'fastify';
import { getAppMeta } from '../app-meta.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    try {
      const meta = await getAppMeta(app.deps.db);
      return {
        status: 'ready',
        database: app.deps.db.kind,
        schemaVersion: meta.schemaVersion,
        startedAt: meta.startedAt,
      };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
