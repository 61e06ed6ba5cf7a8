import cluster from 'node:cluster';
import { DatabaseInUseError } from '@bahi/market-data/db';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { shownUrl } from './process/shown-url.ts';

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
  // WORKERS=N: this process supervises N workers, each of which runs this file again as a server.
  // The primary loads only the supervisor, not the server.
  if (config.workers > 1 && cluster.isPrimary) {
    const { runPrimary } = await import('./process/primary.ts');
    return runPrimary(config);
  }
  // The embedded database starts in its own thread while this one loads the server's modules.
  const opening = openDatabase(config, { serving: true });
  opening.catch(() => {}); // awaited below, where a failure surfaces
  const { serve } = await import('./process/serve.ts');
  const app = await serve(config, await opening);
  if (cluster.isWorker) {
    // A hang-up is the primary's signal for a rolling restart; the primary says when to drain.
    process.on('SIGHUP', () => {});
    return;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Bahi is running at ${shownUrl(config, port)} (database: ${app.deps.db.kind})`);
}

main().catch((err) => {
  // Another process has the embedded database: its message says which, and what to do.
  console.error(err instanceof DatabaseInUseError ? `Cannot start: ${err.message}` : err);
  process.exit(1);
});
