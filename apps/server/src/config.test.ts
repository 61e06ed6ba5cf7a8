import { existsSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultAnswerDir, loadConfig } from './config.ts';

/** statfs's type of a tmpfs (TMPFS_MAGIC). */
const tmpfs = 0x01021994;

/** Production also requires Razorpay (billing); these tests are about the other variables. */
const razorpayEnv = {
  RAZORPAY_KEY_ID: 'rzp_live_abc123',
  RAZORPAY_KEY_SECRET: 'secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  RAZORPAY_PLAN_INDIVIDUAL: 'plan_i',
  RAZORPAY_PLAN_PROFESSIONAL: 'plan_p',
  RAZORPAY_PLAN_ENTERPRISE: 'plan_e',
};

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
  it('reads a switch written on/off, yes/no, 1/0 or true/false, in any case, and names a bad one', () => {
    for (const off of ['off', 'OFF', 'false', 'No', '0'])
      expect(loadConfig({ PREPARE_ANSWERS: off, WARM_UP: off })).toMatchObject({
        prepareAnswers: false,
        warmUp: false,
      });
    for (const on of ['on', 'True', 'yes', '1'])
      expect(loadConfig({ NODE_ENV: 'test', PREPARE_ANSWERS: on })).toMatchObject({ prepareAnswers: true });
    expect(() => loadConfig({ WARM_UP: 'disabled' })).toThrow(/WARM_UP must be true or false .*"disabled"/);
  });
  it('bounds the response cache at 128 MiB unless RESPONSE_CACHE_MB says otherwise', () => {
    expect(loadConfig({}).responseCacheMb).toBe(128);
    expect(loadConfig({ RESPONSE_CACHE_MB: '16' }).responseCacheMb).toBe(16);
    expect(() => loadConfig({ RESPONSE_CACHE_MB: '0' })).toThrow(/RESPONSE_CACHE_MB must be a whole number/);
    expect(() => loadConfig({ RESPONSE_CACHE_MB: '1.5' })).toThrow(/RESPONSE_CACHE_MB/);
  });
  it('copies prepared answers to memory or the temporary directory unless ANSWER_FILES names another or says off', () => {
    const work = mkdtempSync(join(tmpdir(), 'bahi-config-'));
    try {
      expect(loadConfig({}).answerFiles).toBe(defaultAnswerDir());
      // A directory that is not a tmpfs, or is missing, is not memory (decision 0355).
      if (statfsSync(work).type !== tmpfs) expect(defaultAnswerDir(work)).toBe(tmpdir());
      expect(defaultAnswerDir(join(work, 'missing'))).toBe(tmpdir());
      expect(loadConfig({ ANSWER_FILES: 'off' }).answerFiles).toBeNull();
      // A relative directory is the working directory's, made when missing.
      expect(loadConfig({ ANSWER_FILES: 'answers' }, work).answerFiles).toBe(join(work, 'answers'));
      expect(existsSync(join(work, 'answers'))).toBe(true);
      writeFileSync(join(work, 'a-file'), '');
      expect(() => loadConfig({ ANSWER_FILES: join(work, 'a-file', 'below') })).toThrow(
        /ANSWER_FILES must be a directory this process can write, or off/,
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
  // Where the machine has a tmpfs at /dev/shm (Linux; Docker gives 64 MiB unless told more).
  it.runIf(existsSync('/dev/shm') && statfsSync('/dev/shm').type === tmpfs)(
    'copies prepared answers to /dev/shm by default when it has room for them (decision 0355)',
    () => {
      expect(defaultAnswerDir('/dev/shm', 1)).toBe('/dev/shm');
      expect(defaultAnswerDir('/dev/shm', Number.MAX_SAFE_INTEGER)).toBe(tmpdir());
      const { bavail, bsize } = statfsSync('/dev/shm');
      expect(loadConfig({}).answerFiles).toBe(bavail * bsize >= 2 ** 30 ? '/dev/shm' : tmpdir());
    },
  );
  it('turns /metrics on only with a METRICS_TOKEN long enough to guess at', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(24) }).metricsToken).toBe('a'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 24/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'a'.repeat(24)} b` })).toThrow(/METRICS_TOKEN/);
  });
  it('runs one process unless WORKERS says more, and more only on a shared PostgreSQL and Redis', () => {
    const shared = { DATABASE_URL: 'postgres://db/bahi', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4', ...shared }).workers).toBe(4);
    for (const bad of ['0', '-1', '2.5', 'two', '65'])
      expect(() => loadConfig({ WORKERS: bad, ...shared })).toThrow(
        /WORKERS must be a whole number from 1 to 64/,
      );
    // The embedded database belongs to one process; per-process limits would multiply.
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS=2 .*set DATABASE_URL and REDIS_URL/);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: shared.DATABASE_URL })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: shared.REDIS_URL })).toThrow(/DATABASE_URL/);
  });
  it('waits 10 s for requests in flight at shutdown unless SHUTDOWN_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '30' }).shutdownTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
  it('TRUST_PROXY as a hop count believes only the address the proxy in front added', async () => {
    const ipSeen = async (trust: string) => {
      const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: trust }).trustProxy });
      app.get('/ip', async (req) => req.ip);
      const res = await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' },
      });
      await app.close();
      return res.body;
    };
    expect(await ipSeen('1')).toBe('203.0.113.7');
    expect(await ipSeen('10.0.0.0/8')).toBe('203.0.113.7');
    expect(await ipSeen('false')).toBe('10.0.0.2');
    expect(await ipSeen('true')).toBe('198.51.100.9');
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be/);
  });
  it('will not listen beyond loopback in an unchosen mode', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/set NODE_ENV=production/);
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'development' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
  });
  it('refuses production without Google sign-in configured', () => {
    const secrets = {
      ACCESS_TOKEN_SECRET: Buffer.alloc(32, 1).toString('base64'),
      API_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
      MAIL_FROM: 'Bahi <no-reply@example.com>',
      SUPPORT_INBOX: 'support@example.com',
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets })).toThrow(/GOOGLE_CLIENT_ID is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', ...secrets, ...razorpayEnv, GOOGLE_CLIENT_ID: 'x.apps.example' })
        .googleClientId,
    ).toBe('x.apps.example');
  });
  it('keeps mail in the outbox outside production and requires SMTP and addresses in production', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: null,
      supportInbox: 'support@localhost',
      intakeRateLimit: 30,
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must use smtp: or smtps:/);
    expect(() => loadConfig({ SUPPORT_INBOX: 'support' })).toThrow(/SUPPORT_INBOX must be a mail address/);
    expect(() => loadConfig({ INTAKE_RATE_LIMIT: '0' })).toThrow(/INTAKE_RATE_LIMIT/);
    const production = {
      NODE_ENV: 'production',
      ACCESS_TOKEN_SECRET: Buffer.alloc(32, 1).toString('base64'),
      API_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      GOOGLE_CLIENT_ID: 'x.apps.example',
    };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL is required in production/);
    // The synthetic sample universe is refused in production, where it defaults to none.
    const mailed = {
      ...production,
      ...razorpayEnv,
      SMTP_URL: 'smtp://127.0.0.1:25',
      MAIL_FROM: 'Bahi <a@example.in>',
      SUPPORT_INBOX: 's@example.in',
    };
    expect(() => loadConfig({ ...mailed, SAMPLE_DATA: 'default' })).toThrow(
      /SAMPLE_DATA=default would serve the synthetic/,
    );
    expect(loadConfig({ ...mailed, SAMPLE_DATA: 'none' }).sampleData).toBe('none');
    expect(loadConfig({ SAMPLE_DATA: '' }).sampleData).toBe('default');
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(
      /MAIL_FROM is required/,
    );
  });
});
