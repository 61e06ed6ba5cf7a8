import { randomBytes } from 'node:crypto';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { redactHeader, redactHeaders, redactText, redactUrl } from './redact.ts';

const key = 'bahi_Zk3pQ9rT2vW8xY1aB4cD6eF0gH5jK7mN2pR4sT6v';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

describe('redaction of key-shaped values', () => {
  it.each([
    `/api/v1/peers/ITC?tokens=${key}`,
    `/api/v1/peers/ITC?TOKEN=${key}`,
    `/api/v1/peers/ITC?token[]=${key}`,
    `/api/v1/peers/ITC?token%5B%5D=${key}`,
    `/api/v1/peers/ITC?limit=5&whatever=${key}`,
    `/api/v1/peers/ITC?x=${encodeURIComponent(`prefix ${key}`)}`,
    `/api/v1/peers/ITC?x=${key.replace('_', '%5F')}`,
    `/api/v1/peers/ITC?x=${key.replace('_', '%255F')}`,
    `/api/v1/peers/ITC?${key}`,
    `/api/v1/peers/${key}`,
    `/api/v1/peers/ITC?session=${jwt}`,
    `/api/v1/peers/ITC?access=${jwt}`,
    `/api/v1/peers/ITC?k=${randomBytes(32).toString('hex')}`,
  ])('%s loses its key', (url) => {
    const out = redactUrl(url);
    expect(out).not.toContain(key.slice(5, 25));
    expect(out).not.toContain(jwt.slice(0, 30));
    expect(out).toContain('REDACTED');
  });

  it('leaves ordinary URLs and request ids alone', () => {
    for (const url of [
      '/api/v1/peers/ITC?limit=5&group=sector',
      '/api/v1/daily-quotes/RELIANCE?from=2024-01-01&to=2024-02-01',
      '/api/v1/holidays-calender',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(redactText('request 123e4567-e89b-12d3-a456-426614174000 failed')).toContain('123e4567-e89b');
  });

  it('redacts secret headers whole and key-shaped values in any other header', () => {
    expect(redactHeader('authorization', 'Bearer whatever')).toBe('REDACTED');
    expect(redactHeader('x-token', 'anything')).toBe('REDACTED');
    expect(redactHeader('x-custom', `v=${key}`)).not.toContain(key);
    expect(redactHeader('referer', `https://example.com/docs?t=${key}`)).toBe(
      'https://example.com/docs?t=REDACTED',
    );
    expect(redactHeaders({ accept: 'application/json', 'content-length': 5 })).toEqual({
      accept: 'application/json',
      'content-length': 5,
    });
  });
});

for (const target of testDatabases()) {
  describe(`no key in a log line on ${target.name}`, () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    const logs = captureLogs();
    const lines = logs.lines;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ logLevel: 'info' }), { db, logStream: logs.stream });
      app.addHook('onClose', () => db.close());
    });
    afterAll(async () => {
      await app.close();
      await target.drop();
    });

    it('logs one access line per request and never the keys in them', async () => {
      const urls = [
        `/api/v1/holidays-calender?tokens=${key}`,
        `/api/v1/holidays-calender?TOKEN=${key}`,
        `/api/v1/holidays-calender?token[]=${key}`,
        `/api/v1/holidays-calender?token%5B%5D=${key}`,
        `/api/v1/holidays-calender?token=${key}`,
        `/nowhere/${key}`,
      ];
      for (const url of urls) await app.inject({ url, headers: { 'x-custom': key, referer: `/?k=${key}` } });
      // The access line names the route pattern (or that there is none), never the URL.
      const accessLines = lines.filter((l) =>
        /"route":"(\/api\/v1\/holidays-calender|\(no route\))"/.test(l),
      );
      expect(accessLines).toHaveLength(urls.length);
      for (const line of lines) expect(line).not.toContain(key.slice(5));
    });
  });
}
