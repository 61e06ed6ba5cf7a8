import { bumpDataVersion, ensureSampleData } from '@bahi/market-data';
import { type Db, marketDataMigrations, migrate, openDb } from '@bahi/market-data/db';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMigrations } from '../app.ts';
import { endpoints } from './endpoints.ts';
import { dataApiApp, keyFor, openSampleServerDb } from './testing/harness.ts';

/**
 * Preparing answers across processes and failures (decision 0326): apart from
 * prepared-answers.test.ts, so that the two files' data setups run side by side.
 */

/** Waits until the app's preparer has completed every set of the current data version. */
const prepared = (app: FastifyInstance) => app.answerPreparer!.untilComplete();

describe('an answer that fails to prepare', () => {
  let db: Db;
  let app: FastifyInstance;
  let key: string;
  let isins: { isin: string; symbol: string }[];

  beforeAll(async () => {
    db = await openDb({ kind: 'pglite' });
    await migrate(db, [marketDataMigrations, serverMigrations]);
    await ensureSampleData(db, { size: 'small' });
    ({ rows: isins } = await db.query<{ isin: string; symbol: string }>(
      'SELECT isin, symbol FROM company WHERE symbol IS NOT NULL ORDER BY isin LIMIT 3',
    ));
    const profile = endpoints.find((e) => e.operationId === 'companyProfile')!;
    const bad = isins[0]!.isin;
    app = await dataApiApp(db, {
      config: { prepareAnswers: true },
      endpoints: [
        {
          ...profile,
          load: (ctx) =>
            ctx.companies[0]!.isin === bad
              ? Promise.reject(new Error('no profile today'))
              : profile.load(ctx),
        },
      ],
    });
    ({ key } = await keyFor(db, 'E', { rateLimitPerMinute: 1_000_000 }));
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is left out: the rest of the set is prepared, and a request for it runs the load as before', async () => {
    await prepared(app);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prepared_answer');
    const { rows: companies } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
    expect(rows[0]!.n).toBe(companies[0]!.n - 1);
    const hits = app.dataApi.prepared.hits;
    const good = await app.inject(`/api/v1/company-profile/${isins[1]!.symbol}?token=${key}`);
    expect(good.statusCode).toBe(200);
    expect(app.dataApi.prepared.hits).toBe(hits + 1);
    const failing = await app.inject(`/api/v1/company-profile/${isins[0]!.symbol}?token=${key}`);
    expect(failing.statusCode).toBe(500);
    expect(app.dataApi.prepared.misses).toBe(1);
  });
});

describe.each(testDatabases())('several processes on one database, on $name', (target) => {
  let db: Db;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await openSampleServerDb(target);
  }, 120_000);
  // Each test's processes are closed when it ends: one left running polls the data version and
  // would claim sets of a version a later test makes, as a live process should.
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await db.close();
    await target.drop();
  });

  it('share the work: each set is prepared once, by one of them, and a restart prepares nothing again', async () => {
    const two = [
      await dataApiApp(db, { config: { prepareAnswers: true } }),
      await dataApiApp(db, { config: { prepareAnswers: true } }),
    ];
    apps.push(...two);
    await Promise.all(two.map((app) => app.ready()));
    await Promise.all(two.map((app) => prepared(app)));
    const done = two.map((app) => app.answerPreparer!.report.map((r) => r.operationId));
    const all = endpoints.filter((e) => e.prepare).map((e) => e.operationId);
    expect([...done[0]!, ...done[1]!].sort()).toEqual([...all].sort());
    expect(done[0]!.filter((op) => done[1]!.includes(op))).toEqual([]);

    const restarted = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(restarted);
    await restarted.ready();
    await prepared(restarted);
    expect(restarted.answerPreparer!.report).toEqual([]);
    const { key } = await keyFor(db, 'E');
    const res = await restarted.inject(`/api/v1/financials/ITC?token=${key}`);
    expect(res.statusCode).toBe(200);
    expect(restarted.dataApi.prepared.hits).toBe(1);
  }, 120_000);

  it('answers made by other code (before a deploy) are not served: the version is prepared again', async () => {
    const app = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(app);
    await app.ready();
    const version = await prepared(app);
    // As if an earlier build of the server had made every answer of this version.
    await db.query("UPDATE prepared_answer SET code = 'earlier-build'");
    await db.query("UPDATE prepared_set SET code = 'earlier-build'");
    const deployed = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(deployed);
    await deployed.ready();
    expect(await prepared(deployed)).toBe(version);
    expect(deployed.answerPreparer!.report.length).toBe(endpoints.filter((e) => e.prepare).length);
    // The earlier build's answers are gone once this build's are complete.
    const { rows } = await db.query<{ code: string }>('SELECT DISTINCT code FROM prepared_answer');
    expect(rows.map((r) => r.code)).toEqual([deployed.dataApi.prepared.code]);
  }, 120_000);

  it('a process closed while preparing gives its claims back: the next one prepares the version', async () => {
    const version = await db.transaction((tx) => bumpDataVersion(tx));
    const closing = await dataApiApp(db, { config: { prepareAnswers: true } });
    await closing.ready();
    // Closed once its run has claimed a set, before it completes them all.
    for (let i = 0; i < 2_000; i++) {
      const { rows } = await db.query('SELECT 1 FROM prepared_set WHERE version = $1', [version]);
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await closing.close();
    expect(closing.answerPreparer!.complete(version)).toBe(false);
    const { rows: open } = await db.query(
      'SELECT operation FROM prepared_set WHERE version = $1 AND done_at IS NULL',
      [version],
    );
    expect(open).toEqual([]);

    const next = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(next);
    await next.ready();
    expect(await prepared(next)).toBe(version);
  }, 120_000);

  it('a claim left by a process that died is taken over at once on the embedded database, after it goes stale on PostgreSQL', async () => {
    const version = await db.transaction((tx) => bumpDataVersion(tx));
    const all = endpoints.filter((e) => e.prepare).map((e) => e.operationId);
    const app = await dataApiApp(db, { config: { prepareAnswers: false } });
    const code = app.dataApi.prepared.code;
    await app.close();
    // Killed while preparing financials: its claim is fresh, and names another holder.
    await db.query(
      "INSERT INTO prepared_set (version, code, operation, holder) VALUES ($1, $2, 'financials', 'pid 4242, killed')",
      [version, code],
    );
    const next = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(next);
    await next.ready();
    if (db.exclusive !== undefined) {
      // Only this process can have the embedded database open: the claim is a dead one's.
      expect(await prepared(next)).toBe(version);
      expect(next.answerPreparer!.report.map((r) => r.operationId).sort()).toEqual([...all].sort());
      return;
    }
    // On PostgreSQL the holder may be another live process: its claim is waited for.
    for (let i = 0; i < 6_000 && next.answerPreparer!.report.length < all.length - 1; i++)
      await new Promise((r) => setTimeout(r, 10));
    await next.answerPreparer!.settled();
    expect(next.answerPreparer!.report.map((r) => r.operationId)).not.toContain('financials');
    expect(next.answerPreparer!.complete(version)).toBe(false);
    await next.close();
    // Ten minutes on, it is stale: the next process takes it over.
    await db.query("UPDATE prepared_set SET claimed_at = now() - interval '11 minutes' WHERE version = $1", [
      version,
    ]);
    const later = await dataApiApp(db, { config: { prepareAnswers: true } });
    apps.push(later);
    await later.ready();
    expect(await prepared(later)).toBe(version);
    expect(later.answerPreparer!.report.map((r) => r.operationId)).toEqual(['financials']);
  }, 120_000);
});
