// @ts-check
/**
 * The full server (buildApp) for the benches: an in-memory database (or DATA_DIR) with the small
 * sample universe (or SAMPLE_DATA, on DATABASE_URL when set) and an Enterprise key with a raised limit.
 * Plain JavaScript: a bench server runs on plain node, as `npm start` does, with no TypeScript
 * loader (and its thread) beside the product (decision 0336).
 */
import { randomBytes } from 'node:crypto';
import { listSymbols } from '@bahi/market-data';
// Through the package's own imports: the build under the bahi-dist condition (as `npm start`
// runs it, decision 0335), the sources otherwise.
import { issueKey } from '#server/accounts/api-keys';
import { setSubscription, upsertUser } from '#server/accounts/users';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';

export async function benchApp() {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      DATA_DIR: process.env.DATA_DIR ?? ':memory:',
      WEB_DIST: 'none',
      SAMPLE_DATA: process.env.SAMPLE_DATA ?? 'small',
      // As the product ships (NODE_ENV=test alone would turn it off).
      PREPARE_ANSWERS: process.env.PREPARE_ANSWERS ?? 'true',
      // The same: the answer path warmed once the answers are prepared (decision 0337).
      WARM_UP: process.env.WARM_UP ?? 'true',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {}),
      ...(process.env.RESPONSE_CACHE_MB ? { RESPONSE_CACHE_MB: process.env.RESPONSE_CACHE_MB } : {}),
      ...(process.env.ANSWER_FILES ? { ANSWER_FILES: process.env.ANSWER_FILES } : {}),
    }),
  );
  const db = app.deps.db;
  const user = await upsertUser(db, { email: 'bench@example.com', firstName: 'Bench', lastName: 'Load' });
  await setSubscription(db, user.id, {
    plan: 'E',
    billingCycle: 'custom',
    status: 'active',
    expiresAt: new Date(Date.now() + 86_400_000),
    rateLimitPerMinute: 100_000_000,
  });
  const key = await issueKey(db, user.id, randomBytes(32));
  const symbols = (await listSymbols(db, { status: 'active' })).map((s) => s.symbol);
  return { app, key, symbols };
}

/**
 * Waits until the answers of the current data version are prepared, as a server is between data
 * loads (decision 0326); the seconds it waited.
 * @param {import('fastify').FastifyInstance} app
 * @returns {Promise<number>}
 */
export async function untilPrepared(app) {
  const t0 = performance.now();
  await app.answerPreparer?.untilComplete(200);
  // ...and copied to the answer file (decision 0329).
  await app.dataApi.prepared.files?.settled();
  return Number(((performance.now() - t0) / 1000).toFixed(1));
}
