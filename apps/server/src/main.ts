import { loadSyncConfig, startSync } from '@bahi/market-data/ingest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  const syncConfig = config.dataSync ?? loadSyncConfig({});
  if (syncConfig.enabled) {
    // Each kind on its schedule (DATA_SYNC=on). Several processes may run it: a lease in the
    // database lets one sync at a time. The documented production shape is one separate
    // worker, `npm run sync -- --watch`, with DATA_SYNC=off on the API processes.
    const scheduler = startSync(app.deps.db, syncConfig, app.log);
    app.addHook('onClose', async () => scheduler.stop());
    app.log.info({ at: syncConfig.at }, 'data sync scheduled (IST)');
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const scheme = config.tlsCertFile ? 'https' : 'http';
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Bahi is running at ${scheme}://${shownHost}:${port}/ (database: ${app.deps.db.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
