import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localSecret } from '../accounts/secrets.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { DatabaseKeep } from '../plugins/kept-documents.ts';
import { accessHook } from './access.ts';
import { registerDocuments } from './documents.ts';
import { type Endpoint, handlerFor } from './endpoint.ts';
import { endpoints as allEndpoints } from './endpoints.ts';
import { AnswerPreparer } from './prepare-answers.ts';
import { rejectionsOf } from './rate-limit.ts';
import { routeSchema } from './route-schema.ts';
import { ensurePublicSampleKey, revokePublicSampleKey } from './sample-key.ts';
import { createServices, type DataApiServices } from './services.ts';
import { strictIntegers } from './strict-integers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataApi: DataApiServices;
    /** Prepares answers when the data changes; null when PREPARE_ANSWERS is off. */
    answerPreparer: AnswerPreparer | null;
  }
}

/**
 * The data API under /api/v1: HTTPS → key → rate limit (onRequest), then per route the schema
 * validation, symbol resolution, plan check, cached serialized response with ETag.
 */
export async function registerDataApi(
  app: FastifyInstance,
  config: Config,
  opts: { endpoints?: Endpoint[]; rateLimitPrefix?: string } = {},
): Promise<DataApiServices> {
  const endpoints = opts.endpoints ?? allEndpoints;
  const svc = createServices(app.deps.db, config, {
    rateLimitPrefix: opts.rateLimitPrefix,
    clock: app.deps.clock,
    rejections: rejectionsOf(app),
    onKeyRefreshError: (err) =>
      app.log.warn({ err }, 'an API key was not refreshed; its cached owner serves until it expires'),
    onFileError: (err) =>
      app.log.warn(
        { err },
        'prepared answers not copied to the answer file; they are read from the database',
      ),
  });
  if (config.env === 'production') await revokePublicSampleKey(app.deps.db);
  else {
    const configured = (config as { apiKeyEncryptionKey?: string | null }).apiKeyEncryptionKey ?? null;
    const secret = await localSecret(app.deps.db, 'api_key_encryption_key', configured, config.env);
    await ensurePublicSampleKey(app.deps.db, secret);
  }
  app.decorate('dataApi', svc);
  const preparer = config.prepareAnswers ? new AnswerPreparer(app.deps.db, svc, endpoints, app.log) : null;
  app.decorate('answerPreparer', preparer);
  if (preparer) {
    // Each new data version (the first read at start included) has its answers prepared.
    svc.version.onChange((v) => preparer.start(v));
    // A data load in another process (the sync worker, another server) is noticed even when no
    // request comes, so its answers are prepared before the requests for them.
    const poll = setInterval(() => void svc.version.current().catch(() => undefined), 10_000).unref();
    app.addHook('preClose', async () => {
      clearInterval(poll);
      await preparer.stop();
    });
  }
  await svc.limiter.connect();
  app.addHook('onClose', async () => {
    await svc.prepared.files?.close();
    await svc.limiter.close();
  });
  // Read the data version once ready, which also loads its company directory: the first data
  // requests after a start do not wait for either.
  app.addHook('onReady', async () => {
    await svc.version.current().catch((err: unknown) => {
      app.log.warn({ err }, 'data version not read at start; the first request reads it');
    });
  });
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', accessHook(svc, config, app.deps.clock));
      for (const e of endpoints) {
        const schema = routeSchema(e);
        const preValidation = strictIntegers({ query: schema.querystring, params: schema.params });
        scope.route({
          method: 'GET',
          url: e.path,
          schema,
          config: { unmetered: e.live === true },
          handler: handlerFor(e, svc),
          ...(preValidation ? { preValidation } : {}),
        });
      }
    },
    { prefix: '/api/v1' },
  );
  // Another method on a data path is told which ones work, before any key check.
  await app.register(
    async (scope) => {
      for (const e of endpoints) {
        scope.route({
          method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'],
          url: e.path,
          handler: methodNotAllowed,
        });
      }
    },
    { prefix: '/api/v1' },
  );
  // The documents are kept only for the whole API: a key does not say which endpoints made them.
  const keep = opts.endpoints ? null : { keep: new DatabaseKeep(app.deps.db), publicUrl: config.publicUrl };
  registerDocuments(app, endpoints, svc, keep);
  return svc;
}

/** Call after regenerating or revoking a user's key, or changing their plan. */
export function invalidateUserKeys(app: FastifyInstance, userId: number): void {
  app.dataApi?.keys.invalidateUser(userId);
}

async function methodNotAllowed(req: FastifyRequest): Promise<never> {
  throw new AppError(
    'method_not_allowed',
    `${req.method} is not allowed here: the data API answers GET and HEAD.`,
    {
      headers: { allow: 'GET, HEAD' },
    },
  );
}
