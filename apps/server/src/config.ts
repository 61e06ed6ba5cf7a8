import { resolve } from 'node:path';

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
  trustProxy: boolean;
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

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false; got "${raw}"`);
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

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST', '127.0.0.1');
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
  const webDist = str(env, 'WEB_DIST', 'apps/web/dist');
  return {
    env: nodeEnv,
    port,
    host,
    logLevel: oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: dataDir === ':memory:' ? null : resolve(cwd, dataDir),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    webDist: webDist === 'none' ? null : resolve(cwd, webDist),
    publicUrl: str(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    tlsCertFile,
    tlsKeyFile,
    allowLoopbackHttp,
    accessTokenSecret: secret(env, 'ACCESS_TOKEN_SECRET', nodeEnv),
    apiKeyEncryptionKey: secret(env, 'API_KEY_ENCRYPTION_KEY', nodeEnv),
    googleClientId,
    sampleData: oneOf(env, 'SAMPLE_DATA', ['default', 'small', 'none'], 'default'),
  };
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
