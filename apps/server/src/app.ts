import type { Server as HttpServer, RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import { Server as TlsServer } from 'node:tls';
import { sitePaths } from '@bahi/contracts/site';
import { ensureSampleData } from '@bahi/market-data';
import { type Db, type MigrationSet, marketDataMigrations, migrate } from '@bahi/market-data/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { abuseLimiterOf } from './abuse/abuse-limits.ts';
import { accountRoutes } from './accounts/account-routes.ts';
import { localSecret } from './accounts/secrets.ts';
import { endpoints as allEndpoints } from './api/endpoints.ts';
import { AnswerFront, logsAccessLines } from './api/front.ts';
import { AnswerWire } from './api/front-wire.ts';
import { registerDataApi } from './api/index.ts';
import { rejectionsOf } from './api/rate-limit.ts';
import type { DataApiServices } from './api/services.ts';
import { type WarmUpReport, warmOnceReady } from './api/warm-up.ts';
import { recordStart } from './app-meta.ts';
import { createAccessTokenSigner } from './auth/access-tokens.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { devIdentityRoutes } from './auth/dev-identity-routes.ts';
import { createIdentity } from './auth/identity.ts';
import { razorpayOrigins, registerBilling } from './billing/index.ts';
import type { Config } from './config.ts';
import { openDatabase } from './database.ts';
import { docsRoutes } from './docs/docs-routes.ts';
import { intakeRoutes } from './intake/routes.ts';
import { registerMail } from './mail/plugin.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { registerMetrics, startMeasuring } from './metrics/index.ts';
import {
  type LogStream,
  loggerOptions,
  type RequestRecorder,
  recordWithoutLogger,
} from './plugins/access-log.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { DatabaseKeep } from './plugins/kept-documents.ts';
import { standardOutput } from './plugins/log-destination.ts';
import { requestIdOf } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sharedServerOptions } from './plugins/server-options.ts';
import { registerStaticSite } from './plugins/static-site.ts';
import { registerSwagger } from './plugins/swagger.ts';
import { collectAfterBulkWork } from './process/heap.ts';
import { healthRoutes } from './routes/health.ts';

/** What the domain needs from the outside world; tests pass their own. */
export interface AppDeps {
  db: Db;
  clock: () => Date;
  /** Where log lines go instead of standard output (tests). */
  logStream?: LogStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    deps: AppDeps;
    answerFront: AnswerFront;
    /** The answer wire reading the server's connections (decision 0339); null on a TLS server. */
    answerWire: AnswerWire | null;
    /**
     * The warm-up of the answer path (decision 0337), started when the server listens (WARM_UP):
     * its report, or null when it did not run. Null before listening or with WARM_UP off.
     */
    answerWarmUp: Promise<WarmUpReport | null> | null;
  }
}

export const serverMigrations: MigrationSet = {
  name: 'server',
  dir: new URL('../migrations', import.meta.url).pathname,
};

/** Where Google's sign-in script (and its One Tap frame) comes from. */
const googleSignInOrigin = 'https://accounts.google.com';

/** Builds the whole server from a config object; main.ts only reads the environment and listens. */
export async function buildApp(
  config: Config,
  deps: Partial<AppDeps> & {
    /** The given db was opened for this app alone: close it with the app. */
    closeDb?: boolean;
  } = {},
): Promise<FastifyInstance> {
  const ownsDb = !deps.db || deps.closeDb === true;
  const opened = deps.db ?? (await openDatabase(config, { serving: true }));
  // With /metrics on (METRICS_TOKEN), requests and database calls are measured; otherwise not at all.
  const measuring = config.metricsToken ? startMeasuring(opened) : null;
  const db = measuring?.observedDb ?? opened;
  // Several processes starting at once on a fresh PostgreSQL database (WORKERS, replicas) take
  // turns: the first migrates and loads the sample data, the others find it done.
  await db.withLock('bahi:start', async () => {
    await migrate(db, [marketDataMigrations, serverMigrations]);
    if (config.sampleData === 'none') return;
    const loaded = await ensureSampleData(db, {
      size: config.sampleData,
      ...(config.logLevel === 'silent'
        ? {}
        : { log: (line: string) => console.log(`sample data: ${line.trim()}`) }),
    });
    if (loaded && config.logLevel !== 'silent')
      console.log(
        `sample data: ${loaded.companies} companies, ${loaded.totalRows} rows in ${loaded.milliseconds} ms`,
      );
    // The load's garbage fills the old generation; freed now, not after hours of serving.
    if (loaded) void collectAfterBulkWork();
  });
  const clock = deps.clock ?? (() => new Date());
  await recordStart(db, clock());

  const app = Fastify({
    // One asynchronous access-log line per request; LOG_LEVEL=silent means no logger at all.
    ...loggerOptions(config, deps.logStream, measuring?.http),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // While draining (process/drain.ts), a request that still arrives on an open connection is
    // answered, with Connection: close, rather than refused with a 503.
    return503OnClosing: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    ...sharedServerOptions,
    ...(config.tlsCertFile && config.tlsKeyFile
      ? { https: { cert: await readText(config.tlsCertFile), key: await readText(config.tlsKeyFile) } }
      : {}),
  });
  app.decorate('config', config);
  app.decorate('deps', { db, clock });
  app.decorate('accessTokens', await createAccessTokenSigner(db, config.accessTokenSecret, config.env));
  app.decorate('identity', await createIdentity(db, config));
  app.decorate(
    'apiKeySecret',
    await localSecret(db, 'api_key_encryption_key', config.apiKeyEncryptionKey, config.env),
  );
  if (ownsDb) app.addHook('onClose', async () => db.close());

  registerErrorHandler(app);
  rejectionsOf(app);
  if (measuring) recordWithoutLogger(app, config, measuring.http);
  const google = app.identity.provider === 'google' ? [googleSignInOrigin] : [];
  const razorpay = config.razorpay ? razorpayOrigins : { script: [], frame: [], connect: [] };
  registerSecurityHeaders(app, {
    extraScriptSrc: [...google, ...razorpay.script],
    extraStyleSrc: google,
    extraConnectSrc: [...google, ...razorpay.connect],
    extraFrameSrc: [...google, ...razorpay.frame],
  });
  await registerSwagger(app, config.publicUrl);
  await abuseLimiterOf(app);
  await app.register(healthRoutes);
  if (measuring && config.metricsToken) registerMetrics(app, measuring, config.metricsToken);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  if (app.identity.dev) await app.register(devIdentityRoutes(app.identity.dev));
  const dataApi = await registerDataApi(app, config);
  // Repeated data requests are answered from the cache ahead of the framework (decision 0325).
  const { front, wire } = installAnswerFront(app, dataApi, {
    log: logsAccessLines(config.logLevel) ? (deps.logStream ?? standardOutput()) : null,
    recorder: measuring?.http,
  });
  app.decorate('answerFront', front);
  app.decorate('answerWire', wire);
  app.decorate('answerWarmUp', null);
  if (config.warmUp) {
    app.addHook('onListen', (done) => {
      app.answerWarmUp = warmOnceReady(app.answerFront, dataApi, () => app.server.listening, {
        server: app.server,
      }).then(
        (report) => {
          if (report)
            app.log.info({ warmUp: { ...report, symbols: report.symbols.length } }, 'answer path warmed');
          return report;
        },
        (err: unknown) => {
          app.log.warn({ err }, 'the answer path was not warmed; the first requests compile it');
          return null;
        },
      );
      done();
    });
  }
  await app.register(mcpRoutes);
  registerMail(app);
  await app.register(intakeRoutes);
  await registerBilling(app);
  // The reference tools read the same document the data API serves, and are kept across
  // restarts with the documents (decision 0374).
  const documentText = async () => (await app.inject('/swagger/doc.json')).body;
  const keep = new DatabaseKeep(app.deps.db);
  await app.register(docsRoutes, { document: documentText, keep });
  // The docs page's reference is rendered from that same document.
  // A data load is noticed by the data version (read every 10 s when answers are prepared, and
  // on every request): the page is rendered for the new document then.
  if (config.webDist)
    registerStaticSite(app, config.webDist, {
      path: sitePaths.docs,
      document: documentText,
      keep,
      dataChanges: (listener) => app.dataApi.version.onChange(() => listener()),
    });
  return app;
}

/**
 * Puts the answer front before Fastify's request listener on the app's server (plain or TLS; the
 * server exists from construction), and on a plain HTTP server the answer wire before Node's
 * http. `inject()` passes through neither: it reaches the router.
 */
function installAnswerFront(
  app: FastifyInstance,
  svc: DataApiServices,
  opts: { log: LogStream | null; recorder: RequestRecorder | undefined },
): { front: AnswerFront; wire: AnswerWire | null } {
  const front = new AnswerFront({
    svc,
    config: app.config,
    clock: app.deps.clock,
    endpoints: allEndpoints,
    prefix: '/api/v1',
    log: opts.log,
    ...(opts.recorder ? { recorder: opts.recorder } : {}),
    closing: () => !app.server.listening,
  });
  const [framework, ...others] = app.server.listeners('request') as RequestListener[];
  if (!framework || others.length > 0) throw new Error('expected one request listener on the server');
  app.server.removeListener('request', framework);
  app.server.on('request', front.listener(framework));
  // Over plain HTTP the connections are read by the answer wire first (decision 0339).
  // A query string the front has yet to learn is answered by the framework in process and
  // written by the wire, which keeps the connection (decision 0361). Fastify loads
  // light-my-request at its first inject(), synchronously (46 ms measured here with the other
  // core busy): loaded here, from where Fastify resolves it, so the first relay does not wait.
  createRequire(createRequire(import.meta.url).resolve('fastify'))('light-my-request');
  const wire =
    app.server instanceof TlsServer
      ? null
      : AnswerWire.install(front, app.server as HttpServer, (r) =>
          app.inject({
            method: 'GET',
            url: r.url,
            headers: r.headers,
            ...(r.remoteAddress === undefined ? {} : { remoteAddress: r.remoteAddress }),
          }),
        );
  return { front, wire };
}

async function readText(path: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8');
}
