/**
 * A data API server process for multi-process tests: in-memory database, the public sample key,
 * the hello endpoint, Redis from REDIS_URL with the counter prefix RL_PREFIX. Prints
 * "listening <port>" when ready.
 */
import { openDb } from '@bahi/market-data/db';
import { dataApiApp } from './harness.ts';
import { helloEndpoint } from './hello-endpoint.ts';

const db = await openDb({ kind: 'pglite' });
const app = await dataApiApp(db, {
  endpoints: [helloEndpoint],
  config: { redisUrl: process.env.REDIS_URL ?? null },
  rateLimitPrefix: process.env.RL_PREFIX ?? 'bahi:rl-test',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
