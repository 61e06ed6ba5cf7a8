import type { Db } from '@bahi/market-data/db';
import { loadSyncConfig, startSync } from '@bahi/market-data/ingest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { drainOnSignals } from './drain.ts';

/**
 * One server process: builds the app on the database opened for it (closed with it), starts the
 * data sync if configured, drains on SIGTERM, listens.
 */
export async function serve(config: Config, db: Db): Promise<FastifyInstance> {
  const app = await buildApp(config, { db, closeDb: true });
  const syncConfig = config.dataSync ?? loadSyncConfig({});
  if (syncConfig.enabled) {
    // Each kind on its schedule (DATA_SYNC=on). Several processes may run it: a lease in the
    // database lets one sync at a time. The documented production shape is one separate
    // worker, `npm run sync -- --watch`, with DATA_SYNC=off on the API processes.
    const scheduler = startSync(app.deps.db, syncConfig, app.log);
    app.addHook('onClose', async () => scheduler.stop());
    app.log.info({ at: syncConfig.at }, 'data sync scheduled (IST)');
  }
  drainOnSignals(app, config.shutdownTimeoutMs);
  await app.listen({ port: config.port, host: config.host });
  return app;
}
