import { randomBytes } from 'node:crypto';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('intake rate limit shared through Redis', () => {
  it('counts one IP across two server processes', async () => {
    const [target] = testDatabases();
    const db = await target!.open();
    const config = testConfig({ mailPollSeconds: 0, intakeRateLimit: 2, redisUrl: redisUrl ?? null });
    const a = await buildApp(config, { db });
    const b = await buildApp(config, { db });
    try {
      const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const body = {
        email: 'ravi@example.in',
        first_name: 'Ravi',
        description: 'Rate test\n\nCounting across processes.',
        additional_details: '',
        priority_level: 'low',
        category: 'other',
      };
      const post = (app: typeof a) =>
        app.inject({ method: 'POST', url: '/support?source=bahi', payload: body, remoteAddress: ip });
      expect((await post(a)).statusCode).toBe(201);
      expect((await post(b)).statusCode).toBe(201);
      const third = await post(a);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await a.close();
      await b.close();
      await db.close();
    }
  });
});
