import { IngestError, loadSyncConfig, startDailySync } from '@bahi/market-data/ingest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let syncConfig: ReturnType<typeof loadSyncConfig>;
  try {
    config = loadConfig();
    syncConfig = loadSyncConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof IngestError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  if (syncConfig.enabled) {
    // The evening sync of exchange files (DATA_SYNC=on); one process of a fleet should run it.
    const scheduler = startDailySync(app.deps.db, syncConfig, app.log);
    app.addHook('onClose', async () => scheduler.stop());
    app.log.info({ at: syncConfig.at }, 'daily data sync scheduled (IST)');
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
