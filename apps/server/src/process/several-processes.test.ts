import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killServer,
  type ServerProcess,
  startServer,
  steadyLoad,
  until,
  workerPidsListening,
} from './testing/server-process.ts';

/**
 * Several server processes on one PostgreSQL and one Redis (the local ones named by
 * TEST_DATABASE_URL and TEST_REDIS_URL), as real OS processes under a steady load of requests.
 * /readyz reads the database on every call.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const services = Boolean(databaseUrl && redisUrl);
const needs = services ? '' : ' (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL)';

/** A fresh PostgreSQL database for this file, and its URL for the server processes. */
function freshDatabase() {
  const target = testDatabases().find((t) => t.name === 'postgres');
  let url = '';
  return {
    url: () => url,
    create: async () => {
      if (!target) throw new Error('TEST_DATABASE_URL is not set');
      const db = await target.open();
      const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
      await db.close();
      const u = new URL(databaseUrl ?? '');
      u.pathname = `/${rows[0]?.name}`;
      url = u.toString();
    },
    drop: async () => target?.drop(),
  };
}

describe.skipIf(!services)(`two server processes on one PostgreSQL and Redis${needs}`, () => {
  const database = freshDatabase();
  const servers: ServerProcess[] = [];
  beforeAll(database.create);
  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    await database.drop();
  });

  it('keeps serving from one when the other is killed under load', { timeout: 240_000 }, async () => {
    const env = { DATABASE_URL: database.url(), REDIS_URL: redisUrl ?? '' };
    // Both start at once on the empty database: one migrates and loads the sample, the other waits.
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
    const [victim, survivor] = servers as [ServerProcess, ServerProcess];
    let turn = 0;
    const load = steadyLoad(() => `${(turn++ % 2 === 0 ? victim : survivor).url}/readyz`);
    const served = (server: ServerProcess, after = 0) =>
      load.outcomes.filter((o) => o.url.startsWith(server.url) && o.status === 200 && o.startedAt >= after)
        .length;
    await until(() => served(victim) >= 20 && served(survivor) >= 20);

    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    await until(() => served(survivor, killedAt) >= 100);
    const outcomes = await load.stop();

    const fromSurvivor = outcomes.filter((o) => o.url.startsWith(survivor.url));
    expect(fromSurvivor.filter((o) => o.status !== 200)).toEqual([]);
    // The killed one is gone: what was sent to it afterwards found nobody listening.
    const toVictimAfter = outcomes.filter((o) => o.url.startsWith(victim.url) && o.startedAt >= killedAt);
    expect(toVictimAfter.length).toBeGreaterThan(0);
    expect(new Set(toVictimAfter.map((o) => o.error))).toEqual(new Set(['ECONNREFUSED']));
  });
});

/** The /healthz answers counted in a /metrics scrape (every worker's, through the primary). */
async function scrapeHealthz(url: string): Promise<{ healthz: number; workers: number }> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const figure = (re: RegExp) => Number(re.exec(text)?.[1] ?? Number.NaN);
  return {
    healthz: figure(/^bahi_http_requests_total\{[^}]*route="\/healthz"[^}]*status="200"[^}]*\} (\d+)$/m) || 0,
    workers: figure(/^bahi_workers_reporting (\d+)$/m),
  };
}

const metricsToken = 'cluster-metrics-token-for-the-test-0123456789';

describe.skipIf(!services)(`WORKERS=2 under one primary${needs}`, () => {
  const database = freshDatabase();
  let primary: ServerProcess | undefined;
  beforeAll(database.create);
  afterAll(async () => {
    const workers = primary ? workerPidsListening(primary.output()) : [];
    await killServer(primary);
    for (const pid of workers) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await database.drop();
  });

  it('restarts a killed worker, replaces all on SIGHUP without a failed request, counts every worker in /metrics, drains on SIGTERM', {
    timeout: 300_000,
  }, async () => {
    primary = await startServer({
      WORKERS: '2',
      DATABASE_URL: database.url(),
      REDIS_URL: redisUrl ?? '',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
      METRICS_TOKEN: metricsToken,
    });
    const server = primary;
    const first = workerPidsListening(server.output());
    expect(first).toHaveLength(2);
    const load = steadyLoad(() => `${server.url}/readyz`);
    const okAfter = (t: number) => load.outcomes.filter((o) => o.startedAt >= t && o.status === 200).length;
    await until(() => okAfter(0) >= 20);

    // A worker killed outright: the primary sees it die and starts another in its place.
    const died = server.line(/"msg":"worker died"/);
    const replaced = server.line(/"msg":"worker listening"/);
    process.kill(first[0] ?? 0, 'SIGKILL');
    await died;
    const seenDead = Date.now();
    await replaced;
    const afterRestart = workerPidsListening(server.output());
    expect(afterRestart).toHaveLength(3);
    expect(first).not.toContain(afterRestart[2]);
    await until(() => okAfter(seenDead) >= 50);
    // Requests in flight inside the killed worker died with it; none after the primary saw it go failed.
    expect(load.outcomes.filter((o) => o.startedAt >= seenDead && o.status !== 200)).toEqual([]);

    // Rolling restart: each worker replaced by a new one, under the same load, without one failure.
    const rollStart = Date.now();
    const rolled = server.line(/"msg":"rolling restart done"/);
    server.child.kill('SIGHUP');
    await rolled;
    const rolledAt = Date.now();
    await until(() => okAfter(rolledAt) >= 20);
    const outcomes = await load.stop();
    expect(outcomes.filter((o) => o.startedAt >= rollStart && o.status !== 200)).toEqual([]);
    const all = workerPidsListening(server.output());
    expect(all).toHaveLength(5);
    const live = all.slice(3);
    for (const pid of live) expect(afterRestart).not.toContain(pid);

    // /metrics on any worker counts every worker's requests: 40 /healthz spread over both.
    const before = await scrapeHealthz(server.url);
    expect(before.workers).toBe(2);
    for (let i = 0; i < 40; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const after = await scrapeHealthz(server.url);
    expect(after).toEqual({ healthz: before.healthz + 40, workers: 2 });

    // SIGTERM to the primary: every worker drains and exits, then the primary exits 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    for (const pid of all) expect(() => process.kill(pid, 0)).toThrow();
  });
});
