import { testDatabases } from '@bahi/market-data/db/test-databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFor } from '../api/testing/harness.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { markWarmUp } from '../plugins/warm-up-requests.ts';

const token = 'metrics-token-for-the-tests-0123456789';
// Monday 28 October 2024, 22:00 IST: past the evening deadline of a trading day.
const now = new Date('2024-10-28T16:30:00Z');

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The one sample of `name` with these labels (and maybe others), or undefined. */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

for (const target of testDatabases()) {
  describe(`GET /metrics on ${target.name}`, () => {
    let app: FastifyInstance;
    let off: FastifyInstance;
    let db: Awaited<ReturnType<typeof target.open>>;

    beforeAll(async () => {
      db = await target.open();
      // At the default log level, where the access-log controller feeds the request metrics.
      app = await buildApp(
        testConfig({ metricsToken: token, sampleData: 'small', logLevel: 'info', prepareAnswers: true }),
        { db, clock: () => now, logStream: { write: () => undefined } },
      );
      off = await buildApp(testConfig(), { db, clock: () => now });
      // The answers are prepared before the tests count anything (decision 0326).
      await app.ready();
      await app.answerPreparer!.untilComplete();
      // ...and copied to the answer file (decision 0329).
      await app.dataApi.prepared.files!.settled();
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await off.close();
      await db.close();
      await target.drop();
    });

    const scrape = async () => {
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      return { text: res.body, samples: parse(res.body), res };
    };

    it('answers 404 like any unknown path when METRICS_TOKEN is unset', async () => {
      const metrics = await off.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      const unknown = await off.inject('/no-such-path');
      expect(metrics.statusCode).toBe(404);
      expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(metrics.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(metrics.json()).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('counts requests at LOG_LEVEL=silent too, where no access line is written', async () => {
      const quiet = await buildApp(testConfig({ metricsToken: token }), { db, clock: () => now });
      try {
        await quiet.inject('/healthz');
        await quiet.inject('/no-such-path');
        const res = await quiet.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
        const samples = parse(res.body);
        expect(sample(samples, 'bahi_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
        expect(sample(samples, 'bahi_http_requests_total', { route: '(no route)', status: '404' })).toBe(1);
      } finally {
        await quiet.close();
      }
    });

    it("counts none of the warm-up's own framework requests (decision 0362), with a logger or without", async () => {
      for (const logLevel of ['info', 'silent'] as const) {
        const lines: string[] = [];
        const one = await buildApp(testConfig({ metricsToken: token, logLevel }), {
          db,
          clock: () => now,
          logStream: { write: (l) => lines.push(l) },
        });
        // As the front marks a request read from the warm-up's own connections.
        one.addHook('onRequest', async (request) => {
          if (request.headers['x-test-warm-up'] === '1') markWarmUp(request.raw);
        });
        try {
          await one.inject({ url: '/healthz', headers: { 'x-test-warm-up': '1' } });
          await one.inject({ url: '/healthz', headers: { 'x-test-warm-up': '1' } });
          const client = await one.inject('/healthz');
          expect(client.statusCode).toBe(200);
          const res = await one.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
          const samples = parse(res.body);
          expect(
            sample(samples, 'bahi_http_requests_total', { route: '/healthz', status: '200' }),
            logLevel,
          ).toBe(1);
          const accessLines = lines
            .map((l) => JSON.parse(l) as Record<string, unknown>)
            .filter((l) => 'status' in l);
          // The client's /healthz and the scrape.
          expect(accessLines.map((l) => l.route)).toEqual(
            logLevel === 'info' ? ['/healthz', '/metrics'] : [],
          );
        } finally {
          await one.close();
        }
      }
    });

    it('refuses a scrape without the token, with a wrong one, or with it in the query: 401 problem+json', async () => {
      for (const req of [
        { url: '/metrics' },
        { url: '/metrics', headers: { authorization: `Bearer ${token}x` } },
        { url: '/metrics', headers: { authorization: `Bearer ${token.slice(0, -1)}` } },
        { url: `/metrics?token=${token}` },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode, req.url).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toMatchObject({ status: 401, code: 'unauthorized' });
        expect(res.body).not.toContain(token);
      }
    });

    it('serves Prometheus text with the token: process memory, event-loop delay, database pool and queries', async () => {
      const { res, samples } = await scrape();
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(sample(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(samples, 'bahi_db_queries_total', { op: 'query', outcome: 'ok' })).toBeGreaterThan(0);
      expect(sample(samples, 'bahi_db_query_duration_seconds_count', { op: 'query' })).toBeGreaterThan(0);
      // PostgreSQL's pool (and PGlite's one connection when in a thread) report their connections.
      if (target.name === 'postgres') expect(sample(samples, 'bahi_db_pool_connections')).toBeGreaterThan(0);
      // Not in either API document.
      for (const doc of ['/openapi.json', '/swagger/doc.json'])
        expect((await app.inject(doc)).body).not.toContain('/metrics');
    });

    it('counts a data request under its route pattern (never the URL or the key), and the repeat as a cache hit', async () => {
      const { key } = await keyFor(db, 'P');
      const route = '/api/v1/financials/:symbol';
      // The data version is known (read by an earlier request): the first ask misses once, not twice.
      expect((await app.inject(`/api/v1/holidays-calender?token=${key}`)).statusCode).toBe(200);
      const before = (await scrape()).samples;
      // Not the documented example (which the documents have already asked): a cold answer.
      const url = `/api/v1/financials/ITC?statement_type=s&statement_code=bs&period=annual&token=${key}`;
      expect((await app.inject(url)).statusCode).toBe(200);
      expect((await app.inject(url)).statusCode).toBe(200);
      const { text, samples } = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        (sample(samples, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
      expect(delta('bahi_http_requests_total', { route, method: 'GET', status: '200' })).toBe(2);
      expect(delta('bahi_http_request_duration_seconds_count', { route })).toBe(2);
      expect(delta('bahi_http_request_duration_seconds_bucket', { route, le: '+Inf' })).toBe(2);
      expect(delta('bahi_response_cache_lookups_total', { cache: 'answers', result: 'miss' })).toBe(1);
      expect(delta('bahi_response_cache_lookups_total', { cache: 'answers', result: 'hit' })).toBe(1);
      // The miss read the answer prepared when the data changed.
      expect(delta('bahi_prepared_answer_lookups_total', { result: 'hit' })).toBe(1);
      expect(delta('bahi_prepared_answer_lookups_total', { result: 'miss' })).toBe(0);
      // From the answer file, not by a statement.
      expect(delta('bahi_answer_file_reads_total', {})).toBe(1);
      expect(sample(samples, 'bahi_response_cache_bytes', { cache: 'answers' })).toBeGreaterThan(0);
      expect(text).not.toContain(key);
      expect(text).not.toContain('ITC');
      expect(text).not.toContain('statement_type');
    });

    it('counts an answer to a date range cut out of a prepared whole history (decision 0347)', async () => {
      const { key } = await keyFor(db, 'P');
      const whole = await app.inject(`/api/v1/daily-quotes/ITC?from=1900-01-01&token=${key}`);
      const days = whole.json().data.map((d: { date: string }) => d.date) as string[];
      expect(days.length).toBeGreaterThan(10);
      const before = (await scrape()).samples;
      const url = `/api/v1/daily-quotes/ITC?from=${days[5]}&to=${days.at(-5)}&token=${key}`;
      const res = await app.inject(url);
      expect(res.json().data).toHaveLength(days.length - 9);
      expect((await app.inject(url)).statusCode).toBe(200);
      const { samples } = await scrape();
      const delta = (name: string) => (sample(samples, name, {}) ?? 0) - (sample(before, name, {}) ?? 0);
      // Cut once; the repeat is the cached answer.
      expect(delta('bahi_prepared_answer_cuts_total')).toBe(1);
    });

    it('counts the statements that looked an API key up: one for a new key asked several times', async () => {
      const { key } = await keyFor(db, 'P');
      const before = (await scrape()).samples;
      const url = `/api/v1/holidays-calender?token=${key}`;
      const answers = await Promise.all([app.inject(url), app.inject(url), app.inject(url)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await app.inject(url)).statusCode).toBe(200);
      const { samples } = await scrape();
      const lookups = (s: Sample[]) => sample(s, 'bahi_api_key_lookups_total', {}) ?? 0;
      expect(lookups(samples) - lookups(before)).toBe(1);
    });

    it('counts a 429 by kind, and scraping counts against no data API limit', async () => {
      const { key } = await keyFor(db, 'P', { rateLimitPerMinute: 1 });
      const before = (await scrape()).samples;
      const url = `/api/v1/holidays-calender?token=${key}`;
      expect((await app.inject(url)).statusCode).toBe(200);
      expect((await app.inject(url)).statusCode).toBe(429);
      await scrape();
      const { samples } = await scrape();
      const rejected = (s: Sample[]) => sample(s, 'bahi_rate_limit_rejections_total', { kind: 'data-api' });
      expect(rejected(before)).toBe(0);
      expect(rejected(samples)).toBe(1);
      expect(sample(samples, 'bahi_rate_limit_rejections_total', { kind: 'wrong-key' })).toBe(0);
      expect(
        sample(samples, 'bahi_http_requests_total', {
          route: '/api/v1/holidays-calender',
          method: 'GET',
          status: '429',
        }),
      ).toBe(1);
      // The scrapes themselves are counted as requests, by their own route.
      expect(
        sample(samples, 'bahi_http_requests_total', { route: '/metrics', status: '200' }),
      ).toBeGreaterThan(2);
    });

    it("reports each data set's freshness as GET /api/v1/data-status does, and stores a late data set once", async () => {
      const { key } = await keyFor(db, 'B');
      const status = (await app.inject(`/api/v1/data-status?token=${key}`)).json<{
        data: {
          dataSet: string;
          latestDataDate: string | null;
          lastSyncAt: string | null;
          nextRunAt: string | null;
          late: boolean;
        }[];
      }>().data;
      const { samples } = await scrape();
      await scrape();
      const gauge = (name: string, dataSet: string) => sample(samples, name, { data_set: dataSet });
      const late = status.filter((s) => s.late).map((s) => s.dataSet);
      expect(late.length).toBeGreaterThan(0);
      for (const s of status) {
        expect(gauge('bahi_data_late', s.dataSet), s.dataSet).toBe(s.late ? 1 : 0);
        expect(gauge('bahi_data_latest_date_seconds', s.dataSet), s.dataSet).toBe(
          s.latestDataDate === null ? undefined : Date.parse(`${s.latestDataDate}T00:00:00Z`) / 1000,
        );
        expect(gauge('bahi_data_last_sync_seconds', s.dataSet), s.dataSet).toBe(
          s.lastSyncAt === null ? undefined : Date.parse(s.lastSyncAt) / 1000,
        );
        expect(gauge('bahi_data_next_sync_seconds', s.dataSet), s.dataSet).toBe(
          s.nextRunAt === null ? undefined : Date.parse(s.nextRunAt) / 1000,
        );
      }
      // Asked three times (the endpoint and two scrapes): each late data set is one finding.
      const { rows } = await db.query<{ dataSet: string; n: number; open: number }>(
        `SELECT data_set AS "dataSet", count(*)::int AS n, count(*) FILTER (WHERE resolved_at IS NULL)::int AS open
           FROM data_quality_issue WHERE check_name = 'late_data_set' GROUP BY data_set ORDER BY data_set`,
      );
      expect(rows).toEqual([...late].sort().map((dataSet) => ({ dataSet, n: 1, open: 1 })));
    });
  });
}
