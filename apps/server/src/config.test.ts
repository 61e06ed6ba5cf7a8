import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('defaults to the embedded database and port 3000', () => {
    const c = loadConfig({}, '/srv/bahi');
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: null, dataDir: '/srv/bahi/data' });
  });
  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must use/);
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow(/NODE_ENV must be one of/);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_LOOPBACK_HTTP: 'true' })).toThrow(
      /ALLOW_LOOPBACK_HTTP/,
    );
  });
  it('refuses production without Google sign-in configured', () => {
    const secrets = {
      ACCESS_TOKEN_SECRET: Buffer.alloc(32, 1).toString('base64'),
      API_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow(/GOOGLE_CLIENT_ID is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', ...secrets, GOOGLE_CLIENT_ID: 'x.apps.example' }).googleClientId,
    ).toBe('x.apps.example');
  });
});
