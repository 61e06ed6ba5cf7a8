import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { redactUrl } from './plugins/redact.ts';

for (const target of testDatabases()) {
  describe(`server foundation on ${target.name}`, () => {
    const site = mkdtempSync(join(tmpdir(), 'bahi-site-'));
    mkdirSync(join(site, 'assets'));
    mkdirSync(join(site, 'about-us'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(site, 'about-us', 'index.html'), '<!doctype html><title>About</title>');
    writeFileSync(join(site, 'assets', 'app-1234.js'), 'console.log(1)');
    mkdirSync(join(site, 'page-not-found'));
    writeFileSync(join(site, 'page-not-found', 'index.html'), '<!doctype html><title>Not found</title>');
    writeFileSync(join(site, 'routes.json'), JSON.stringify(['/', '/about-us', '/subscription/:type']));
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ webDist: site }), { db });
      app.addHook('onClose', () => db.close());
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it('reports readiness from the app_meta row written at start', async () => {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(200);
      const latest = await app.deps.db.query<{ id: string }>('SELECT max(id) AS id FROM schema_migrations');
      expect(res.json()).toMatchObject({ status: 'ready', schemaVersion: latest.rows[0]?.id });
      expect(latest.rows[0]?.id).toMatch(/^server\/\d{4}_/);
      expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    });

    it('echoes a request id and sets security headers', async () => {
      const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc12345-test' } });
      expect(res.headers['x-request-id']).toBe('abc12345-test');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const generated = await app.inject('/healthz');
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('serves prerendered pages, the shell for client routes, and real 404s (the not-found page for the site) otherwise', async () => {
      const about = await app.inject('/about-us');
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain('<title>About</title>');
      expect(about.headers['content-security-policy']).toContain("default-src 'self'");
      const client = await app.inject('/subscription/individual');
      expect(client.statusCode).toBe(200);
      expect(client.body).toContain('<title>shell</title>');
      for (const path of ['/no/such/page', '/about-us/extra', '/subscription']) {
        const unknown = await app.inject(path);
        expect(unknown.statusCode, path).toBe(404);
        expect(unknown.headers['content-type']).toContain('text/html');
        expect(unknown.body).toContain('<title>Not found</title>');
      }
      expect((await app.inject('/about-us/')).statusCode).toBe(200);
      const errors = await app.inject('/docs/errors');
      expect(errors.statusCode).toBe(301);
      expect(errors.headers.location).toBe('/financial-data-api-documentation#errors');
      const asset = await app.inject('/assets/app-1234.js');
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await app.inject('/assets/nope.js');
      expect(missingAsset.statusCode).toBe(404);
      const api = await app.inject('/api/v1/nothing-here');
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/problem+json');
      expect(api.json()).toMatchObject({
        status: 404,
        code: 'not_found',
        request_id: api.headers['x-request-id'],
      });
    });
  });
}

describe('log redaction', () => {
  it('removes API keys from logged URLs', () => {
    expect(redactUrl('/api/v1/quote?symbol=ITC&token=bahi_live_secret')).toBe(
      '/api/v1/quote?symbol=ITC&token=REDACTED',
    );
  });
});
