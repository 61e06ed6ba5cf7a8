import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../config.ts';

/**
 * compose.yaml, deploy/Caddyfile and the Dockerfile cannot be run here (no images can be pulled):
 * these checks hold them to the server's configuration instead.
 */
const root = new URL('../../../../', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  shm_size?: string;
  volumes?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const caddyfile = read('deploy/Caddyfile');
const dockerfile = read('Dockerfile');
/** Every variable .env.example documents. */
const documented = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

/** compose's ${VAR...} interpolation, with the values a .env would give. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(:?[-?][^}]*)?\}/g, (_, name: string) => vars[name] ?? '');
}

describe('compose.yaml', () => {
  const apis = ['api-1', 'api-2'];

  it('runs PostgreSQL, Redis, two API replicas of the image, the sync worker and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'postgres', 'proxy', 'redis', 'sync']);
    for (const name of [...apis, 'sync']) {
      expect(services[name]?.build).toBe('.');
      expect(services[name]?.env_file).toBe('.env');
    }
    expect(services['api-1']).toEqual(services['api-2']);
    // The sync worker is `npm run sync -- --watch` on the compiled code.
    expect(services.sync?.command).toEqual([
      'node',
      'packages/market-data/dist/ingest/cli-ingest.js',
      'sync',
      '--watch',
    ]);
  });

  it('starts the API once PostgreSQL and Redis pass their health checks, and the proxy once the API does', () => {
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test?.join(' ')).toContain('ping');
    for (const name of apis) {
      expect(services[name]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      // Healthy is the image's HEALTHCHECK, on the readiness route.
      expect(services[name]?.healthcheck).toBeUndefined();
    }
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(services.proxy?.depends_on).toEqual({
      'api-1': { condition: 'service_healthy' },
      'api-2': { condition: 'service_healthy' },
    });
  });

  it('gives the API a configuration the server accepts in production, behind one proxy', () => {
    const env = services['api-1']?.environment ?? {};
    for (const name of Object.keys(env)) expect(documented, name).toContain(name);
    const dotEnv = {
      DOMAIN: 'data.example.in',
      POSTGRES_PASSWORD: 'pw123',
      // What production requires besides (.env.example's production settings).
      ACCESS_TOKEN_SECRET: Buffer.alloc(32, 1).toString('base64'),
      API_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      SMTP_URL: 'smtps://user:pass@mail.example.in:465',
      MAIL_FROM: 'Bahi <no-reply@example.in>',
      SUPPORT_INBOX: 'support@example.in',
      RAZORPAY_KEY_ID: 'rzp_live_abc123',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec',
      RAZORPAY_PLAN_INDIVIDUAL: 'plan_i',
      RAZORPAY_PLAN_PROFESSIONAL: 'plan_p',
      RAZORPAY_PLAN_ENTERPRISE: 'plan_e',
    };
    const resolved = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, dotEnv)]));
    // compose's `environment` wins over the env_file.
    const config = loadConfig({ ...dotEnv, ...resolved });
    expect(config).toMatchObject({
      env: 'production',
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: 'postgres://bahi:pw123@postgres:5432/bahi',
      redisUrl: 'redis://redis:6379',
      publicUrl: 'https://data.example.in',
      sampleData: 'none',
    });
    expect(config.dataSync?.enabled).toBe(false);
    // Room in /dev/shm for the answer file, which goes there past 1 GiB free (decision 0355).
    for (const api of ['api-1', 'api-2']) {
      const [, size, unit] = /^(\d+)(gb|mb)$/i.exec(services[api]?.shm_size ?? '') ?? [];
      expect(Number(size) * (unit?.toLowerCase() === 'gb' ? 1024 : 1), api).toBeGreaterThanOrEqual(1024);
    }
  });

  it('names only variables .env.example documents', () => {
    const used = [...read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]);
    const proxied = [...caddyfile.matchAll(/\{\$([A-Z0-9_]+)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    for (const name of [...used, ...proxied]) expect(documented, name).toContain(name);
  });
});

describe('deploy/Caddyfile', () => {
  it('terminates TLS for DOMAIN and balances over both replicas, checking /readyz', () => {
    expect(services.proxy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{/m);
    const port = services['api-1']?.environment?.PORT;
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy api-1:${port} api-2:${port} \\{`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe('Dockerfile', () => {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in one stage and runs as a non-root user in production mode in another', () => {
    expect(dockerfile).toMatch(/^FROM \S+ AS build\n(.*\n)*RUN npm ci\n(.*\n)*RUN npm run build$/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    // Only production dependencies in the image.
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(runtime).toMatch(/^COPY --from=prod-deps /m);
  });

  it('runs the server with the node flags npm start runs it with', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    const startFlags = /\bnode((?: --\S+)+) apps\/server\/dist\/main\.js/.exec(start)?.[1]?.trim().split(' ');
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    const [node, ...args] = JSON.parse(cmd ?? '[]') as string[];
    expect(node).toBe('node');
    expect(args.at(-1)).toBe('apps/server/dist/main.js');
    const nodeOptions = /NODE_OPTIONS=(\S+)/.exec(runtime)?.[1]?.split(' ') ?? [];
    expect([...nodeOptions, ...args.slice(0, -1)].sort()).toEqual([...(startFlags ?? ['(none)'])].sort());
  });

  it('installs every workspace the lockfile knows', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const stage of ['prod-deps', 'build']) {
      const from = dockerfile.indexOf(`AS ${stage}\n`);
      const part = dockerfile.slice(from, dockerfile.indexOf('\nFROM ', from));
      for (const w of workspaces) expect(part, `${stage}: ${w}`).toContain(`COPY ${w}/package.json ${w}/`);
    }
  });
});
