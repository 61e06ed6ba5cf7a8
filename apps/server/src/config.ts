import { accessSync, constants, mkdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IngestError, loadSyncConfig, type SyncConfig } from '@bahi/market-data/ingest';

/** Relative paths in the configuration are taken from the repository root, wherever the process starts. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Configuration, read from the environment once at start-up. A bad value stops the process with
 * a message naming the variable. Every variable is documented in .env.example.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** PostgreSQL URL; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | null;
  /** Folder of the embedded database and other local state; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  redisUrl: string | null;
  /** Folder of the built web site (apps/web/dist); null serves no site. */
  webDist: string | null;
  /** Public base URL of the site, used in links and documents. */
  publicUrl: string;
  /** Trust X-Forwarded-* from a proxy in front. */
  /**
   * Which `X-Forwarded-*` hops to believe: false (none), a hop count (1 = the proxy in front),
   * proxy addresses or CIDRs, or true (every hop, which lets a client claim any address).
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
  /** Allow plain HTTP to the data API from loopback addresses (embedded default only). */
  allowLoopbackHttp: boolean;
  /** Base64 secret (32 bytes) signing access tokens; generated and kept in the database outside production. */
  accessTokenSecret: string | null;
  /** Base64 key (32 bytes) encrypting API keys for display; generated outside production. */
  apiKeyEncryptionKey: string | null;
  /**
   * Google OAuth client id: when set, sign-in verifies Google ID tokens (issuer
   * https://accounts.google.com, Google's JWKS). When unset, the development identity provider
   * built into the server issues and verifies ID tokens instead; production requires it.
   */
  googleClientId: string | null;
  /** Sample universe loaded at start when the database has no market data: default, small or none. */
  sampleData: 'default' | 'small' | 'none';
  /** SMTP server for outgoing mail (smtp:// or smtps://); null keeps mail in the outbox and logs it. */
  smtpUrl: string | null;
  /** From address of every mail the product sends. */
  mailFrom: string;
  /** Team inbox receiving contact, support and feedback notifications. */
  supportInbox: string;
  /** How often the mail worker looks for due messages; 0 only when a submission kicks it. */
  mailPollSeconds: number;
  /** Contact, support and feedback submissions allowed per client IP per hour. */
  intakeRateLimit: number;
  /** Memory for cached data API answers, in MiB (least recently used go first). */
  responseCacheMb: number;
  /**
   * PREPARE_ANSWERS: prepare the per-company answers endpoints declare when the data changes
   * (decision 0326). On by default; off by default under NODE_ENV=test.
   */
  prepareAnswers?: boolean;
  /**
   * WARM_UP: once the answers are prepared, the process asks itself for a few companies' answers
   * so that its first clients meet compiled code (decision 0337). On by default; off by default
   * under NODE_ENV=test.
   */
  warmUp?: boolean;
  /**
   * ANSWER_FILES: the directory where complete sets of prepared answers are copied and read
   * from (decision 0329); memory (`/dev/shm`) where there is room, else the system's temporary
   * directory, by default (decision 0355); `off` for none.
   */
  answerFiles?: string | null;
  /** Razorpay subscriptions; null uses the offline sandbox checkout (refused in production). */
  razorpay: RazorpayConfig | null;
  /** The data sync (DATA_SYNC*): sources, schedules, politeness; read by the data status too. */
  dataSync?: SyncConfig;
  /** Bearer token for GET /metrics (Prometheus text); null: no /metrics (404) and nothing measured. */
  metricsToken?: string | null;
  /**
   * Server processes on this host (WORKERS): 1 is one process; more start a primary that runs
   * that many workers on the one port and restarts any that dies. Above 1 needs PostgreSQL and
   * Redis, which every process shares.
   */
  workers: number;
  /** How long SIGTERM/SIGINT waits for requests in flight before the process exits anyway (ms). */
  shutdownTimeoutMs: number;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay plan ids for the paid plans. */
  planIds: { I: string; P: string; E: string };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

function opt(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

/**
 * SAMPLE_DATA: the synthetic sample universe is a stand-in for market data, so production
 * refuses it (and defaults to none); elsewhere the default universe loads into an empty database.
 */
function sampleData(env: Env, nodeEnv: string): Config['sampleData'] {
  const production = nodeEnv === 'production';
  const v = oneOf(env, 'SAMPLE_DATA', ['default', 'small', 'none'], production ? 'none' : 'default');
  if (production && v !== 'none') {
    throw new ConfigError(
      `SAMPLE_DATA=${v} would serve the synthetic sample universe as market data; production serves ingested data only: leave SAMPLE_DATA unset (or none) and load exchange files (npm run data, DATA_SYNC)`,
    );
  }
  return v;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const v = str(env, name, fallback);
  if (!(allowed as readonly string[]).includes(v)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}; got "${v}"`);
  }
  return v as T;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  }
  return n;
}

/**
 * A switch: true, yes, on or 1; false, no, off or 0 (any case). `on`/`off` as the settings that
 * also take a value (ANSWER_FILES, DATA_SYNC) are written.
 */
function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (or on/off, yes/no, 1/0); got "${raw}"`);
}

/** TRUST_PROXY: false | true | a hop count (1, 2…) | comma-separated proxy addresses or CIDRs. */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes'].includes(raw.toLowerCase())) return true;
  if (/^\d{1,2}$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  const list = raw.split(',').map((p) => p.trim());
  if (list.every((p) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(p) && /[.:]/.test(p))) return list;
  throw new ConfigError(
    `TRUST_PROXY must be false, true, a hop count (1 for one proxy in front) or proxy addresses/CIDRs; got "${raw}"`,
  );
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = opt(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL; got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}; got "${parsed.protocol}"`);
  }
  return raw;
}

function secret(env: Env, name: string, nodeEnv: Config['env']): string | null {
  const raw = opt(env, name);
  if (raw === null) {
    if (nodeEnv === 'production')
      throw new ConfigError(`${name} is required in production (32 random bytes, base64)`);
    return null;
  }
  if (Buffer.from(raw, 'base64').length !== 32)
    throw new ConfigError(`${name} must be 32 bytes encoded as base64`);
  return raw;
}

function address(env: Env, name: string, fallback: string, nodeEnv: Config['env']): string {
  const raw = opt(env, name);
  if (raw === null) {
    if (nodeEnv === 'production') throw new ConfigError(`${name} is required in production`);
    return fallback;
  }
  if (!/^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+\.?[^\s@<>]*>?$/.test(raw)) {
    throw new ConfigError(`${name} must be a mail address like "Bahi <support@example.com>"; got "${raw}"`);
  }
  return raw;
}

const razorpayVars = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_PLAN_INDIVIDUAL',
  'RAZORPAY_PLAN_PROFESSIONAL',
  'RAZORPAY_PLAN_ENTERPRISE',
] as const;

/** All six Razorpay variables, or none (sandbox); production requires them. */
function razorpay(env: Env, nodeEnv: Config['env']): RazorpayConfig | null {
  const missing = razorpayVars.filter((name) => opt(env, name) === null);
  if (missing.length === razorpayVars.length) {
    if (nodeEnv === 'production')
      throw new ConfigError(
        `${razorpayVars.join(', ')} are required in production (the sandbox checkout is refused)`,
      );
    return null;
  }
  if (missing.length > 0)
    throw new ConfigError(`${missing.join(', ')} must be set with the other RAZORPAY_ variables`);
  const v = (name: (typeof razorpayVars)[number]) => opt(env, name)!;
  if (!/^rzp_(test|live)_\w+$/.test(v('RAZORPAY_KEY_ID')))
    throw new ConfigError(
      `RAZORPAY_KEY_ID must look like rzp_live_... or rzp_test_...; got "${v('RAZORPAY_KEY_ID')}"`,
    );
  for (const name of [
    'RAZORPAY_PLAN_INDIVIDUAL',
    'RAZORPAY_PLAN_PROFESSIONAL',
    'RAZORPAY_PLAN_ENTERPRISE',
  ] as const)
    if (!/^plan_\w+$/.test(v(name)))
      throw new ConfigError(`${name} must be a Razorpay plan id (plan_...); got "${v(name)}"`);
  return {
    keyId: v('RAZORPAY_KEY_ID'),
    keySecret: v('RAZORPAY_KEY_SECRET'),
    webhookSecret: v('RAZORPAY_WEBHOOK_SECRET'),
    planIds: {
      I: v('RAZORPAY_PLAN_INDIVIDUAL'),
      P: v('RAZORPAY_PLAN_PROFESSIONAL'),
      E: v('RAZORPAY_PLAN_ENTERPRISE'),
    },
  };
}

/** DATA_SYNC* settings; a bad value is a configuration error naming the variable. */
function syncConfig(env: Env): SyncConfig {
  try {
    return loadSyncConfig(env);
  } catch (err) {
    if (err instanceof IngestError) throw new ConfigError(`${err.file} ${err.reason}`);
    throw err;
  }
}

export function loadConfig(env: Env = process.env, cwd = repoRoot): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST', '127.0.0.1');
  // The local stand-ins (development sign-in as anyone, free sandbox checkout) must never face a
  // network because NODE_ENV was forgotten: off loopback, the mode has to be chosen explicitly.
  if (!env.NODE_ENV && !['127.0.0.1', 'localhost', '::1'].includes(host))
    throw new ConfigError(
      `HOST=${host} serves beyond this machine: set NODE_ENV=production (or NODE_ENV=development to expose the local stand-ins on purpose)`,
    );
  const tlsCertFile = opt(env, 'TLS_CERT_FILE');
  const tlsKeyFile = opt(env, 'TLS_KEY_FILE');
  if ((tlsCertFile === null) !== (tlsKeyFile === null)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  const allowLoopbackHttp = bool(env, 'ALLOW_LOOPBACK_HTTP', nodeEnv !== 'production');
  if (nodeEnv === 'production' && allowLoopbackHttp) {
    throw new ConfigError('ALLOW_LOOPBACK_HTTP must be false in production');
  }
  const googleClientId = opt(env, 'GOOGLE_CLIENT_ID');
  if (nodeEnv === 'production' && googleClientId === null) {
    throw new ConfigError('GOOGLE_CLIENT_ID is required in production (the development sign-in is refused)');
  }
  const dataDir = str(env, 'DATA_DIR', 'data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const workers = int(env, 'WORKERS', 1, 1, 64);
  // The embedded database belongs to the one process that opened it, and per-process rate-limit
  // counters would multiply every limit by the number of processes.
  if (workers > 1 && (databaseUrl === null || redisUrl === null))
    throw new ConfigError(
      `WORKERS=${workers} runs several processes, which share one PostgreSQL and one Redis: set DATABASE_URL and REDIS_URL (the embedded database in DATA_DIR serves one process), or WORKERS=1`,
    );
  const webDist = str(env, 'WEB_DIST', 'apps/web/dist');
  return {
    env: nodeEnv,
    port,
    host,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    databaseUrl,
    dataDir: dataDir === ':memory:' ? null : resolve(cwd, dataDir),
    redisUrl,
    webDist: webDist === 'none' ? null : resolve(cwd, webDist),
    publicUrl: str(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: trustProxy(env),
    tlsCertFile,
    tlsKeyFile,
    allowLoopbackHttp,
    accessTokenSecret: secret(env, 'ACCESS_TOKEN_SECRET', nodeEnv),
    apiKeyEncryptionKey: secret(env, 'API_KEY_ENCRYPTION_KEY', nodeEnv),
    googleClientId,
    sampleData: sampleData(env, nodeEnv),
    smtpUrl: smtpUrl(env, nodeEnv),
    mailFrom: address(env, 'MAIL_FROM', 'Bahi <no-reply@localhost>', nodeEnv),
    supportInbox: address(env, 'SUPPORT_INBOX', 'support@localhost', nodeEnv),
    mailPollSeconds: int(env, 'MAIL_POLL_SECONDS', 15, 0, 3600),
    intakeRateLimit: int(env, 'INTAKE_RATE_LIMIT', 30, 1, 100_000),
    razorpay: razorpay(env, nodeEnv),
    responseCacheMb: int(env, 'RESPONSE_CACHE_MB', 128, 1, 1_048_576),
    prepareAnswers: bool(env, 'PREPARE_ANSWERS', nodeEnv !== 'test'),
    warmUp: bool(env, 'WARM_UP', nodeEnv !== 'test'),
    answerFiles: answerFiles(env, cwd),
    dataSync: syncConfig(env),
    metricsToken: metricsToken(env),
    workers,
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600) * 1000,
  };
}

/**
 * Where the answer files go by default (decision 0355): memory that is not given back while the
 * process runs (a tmpfs, `/dev/shm` on Linux) when there is one this process can write with room
 * for a few universes' answers, else the system's temporary directory. A file's pages in the page
 * cache are given back once idle (here: the kernel's proactive reclaim pages out whatever has
 * not been read for a minute), and a never-asked answer is idle by definition: its first
 * request then waited for the disk.
 */
export function defaultAnswerDir(memory = '/dev/shm', room = 2 ** 30): string {
  try {
    accessSync(memory, constants.W_OK);
    const fs = statfsSync(memory);
    // TMPFS_MAGIC: a directory on another file system is a disk's.
    if (fs.type === 0x01021994 && fs.bavail * fs.bsize >= room) return memory;
  } catch {
    // No such directory, or not this process's to write.
  }
  return tmpdir();
}

/** ANSWER_FILES: a directory (made if missing) or `off`. */
function answerFiles(env: Env, cwd: string): string | null {
  const raw = opt(env, 'ANSWER_FILES') ?? defaultAnswerDir();
  if (raw.toLowerCase() === 'off') return null;
  const dir = resolve(cwd, raw);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new ConfigError(
      `ANSWER_FILES must be a directory this process can write, or off; ${dir}: ${(err as Error).message}`,
    );
  }
  return dir;
}

/** METRICS_TOKEN: a secret for the scraper, at least 24 characters without spaces. */
function metricsToken(env: Env): string | null {
  const raw = opt(env, 'METRICS_TOKEN');
  if (raw === null) return null;
  if (raw.length < 24 || !/^[\x21-\x7e]+$/.test(raw))
    throw new ConfigError(
      'METRICS_TOKEN must be at least 24 printable characters without spaces (e.g. `openssl rand -hex 24`)',
    );
  return raw;
}

function smtpUrl(env: Env, nodeEnv: Config['env']): string | null {
  const value = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (value === null && nodeEnv === 'production') {
    throw new ConfigError('SMTP_URL is required in production (the mail outbox alone is a local stand-in)');
  }
  return value;
}

/** A config for tests: in-memory database, no site, quiet logs; override what a test needs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: ':memory:',
      WEB_DIST: 'none',
      SAMPLE_DATA: 'none',
    }),
    ...overrides,
  };
}
