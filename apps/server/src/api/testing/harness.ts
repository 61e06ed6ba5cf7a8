import { randomBytes } from 'node:crypto';
import type { PlanCode } from '@bahi/contracts';
import { ensureSampleData } from '@bahi/market-data';
import { type Db, marketDataMigrations, migrate } from '@bahi/market-data/db';
import type { TestDatabase } from '@bahi/market-data/db/test-databases';
import Fastify, { type FastifyInstance } from 'fastify';
import { issueKey } from '../../accounts/api-keys.ts';
import { setSubscription, upsertUser } from '../../accounts/users.ts';
import { serverMigrations } from '../../app.ts';
import { type Config, testConfig } from '../../config.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { sharedServerOptions } from '../../plugins/server-options.ts';
import { registerSwagger } from '../../plugins/swagger.ts';
import type { Endpoint } from '../endpoint.ts';
import { registerDataApi } from '../index.ts';

export const testSecret = randomBytes(32);

/** A test database with the server's and the market data's migrations and the small sample loaded. */
export async function openSampleServerDb(target: TestDatabase): Promise<Db> {
  const db = await target.open();
  await migrate(db, [marketDataMigrations, serverMigrations]);
  await ensureSampleData(db, { size: 'small' });
  return db;
}

/** The data API alone on a migrated database, with the given endpoints (all of them by default). */
export async function dataApiApp(
  db: Db,
  opts: {
    config?: Partial<Config>;
    endpoints?: Endpoint[];
    clock?: () => Date;
    rateLimitPrefix?: string;
  } = {},
): Promise<FastifyInstance> {
  await migrate(db, [marketDataMigrations, serverMigrations]);
  const config = testConfig(opts.config);
  const app = Fastify({
    trustProxy: config.trustProxy,
    ...sharedServerOptions,
  });
  app.decorate('config', config);
  app.decorate('deps', { db, clock: opts.clock ?? (() => new Date()) });
  registerErrorHandler(app);
  await registerSwagger(app, config.publicUrl);
  await registerDataApi(app, config, {
    ...(opts.endpoints ? { endpoints: opts.endpoints } : {}),
    ...(opts.rateLimitPrefix ? { rateLimitPrefix: opts.rateLimitPrefix } : {}),
  });
  return app;
}

let seq = 0;
/** A user on the plan with a fresh key (factory, not a shared fixture). */
export async function keyFor(
  db: Db,
  plan: PlanCode,
  extra: { rateLimitPerMinute?: number; status?: 'active' | 'halted'; expiresAt?: Date | null } = {},
): Promise<{ key: string; userId: number }> {
  seq += 1;
  const user = await upsertUser(db, {
    email: `user${seq}.${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Test',
    lastName: `User${seq}`,
  });
  await setSubscription(db, user.id, {
    plan,
    billingCycle: plan === 'B' ? null : 'annual',
    status: extra.status ?? 'active',
    expiresAt:
      extra.expiresAt === undefined
        ? plan === 'B'
          ? null
          : new Date(Date.now() + 86_400_000)
        : extra.expiresAt,
    rateLimitPerMinute: extra.rateLimitPerMinute ?? null,
  });
  return { key: await issueKey(db, user.id, testSecret), userId: user.id };
}
