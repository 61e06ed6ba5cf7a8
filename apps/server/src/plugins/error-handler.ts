import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, problem } from '../errors.ts';

/** The one place errors become responses: problem+json, 5xx details hidden and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.status)
        .type('application/problem+json')
        .send(problem(err.code, err.message, req.id, { param: err.param, errors: err.errors }));
    }
    if (err.validation) {
      const first = err.validation[0];
      const param = paramName(first?.instancePath, first?.params, err.validationContext);
      const detail = param
        ? `Invalid or missing parameter "${param}": ${first?.message ?? 'invalid'}`
        : err.message;
      return reply
        .code(400)
        .type('application/problem+json')
        .send(problem('bad_request', detail, req.id, param ? { param } : {}));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply
        .code(500)
        .type('application/problem+json')
        .send(
          problem(
            'internal',
            'An internal error occurred. Quote the request_id when contacting support.',
            req.id,
          ),
        );
    }
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 404
            ? 'not_found'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
    return reply
      .code(status)
      .type('application/problem+json')
      .send(problem(code, err.message, req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .type('application/problem+json')
      .send(problem('not_found', `No route ${req.method} ${req.url.split('?')[0]}`, req.id));
  });
}

function paramName(
  instancePath: string | undefined,
  params: Record<string, unknown> | undefined,
  context: string | undefined,
): string | undefined {
  const fromPath = instancePath?.replace(/^\//, '').split('/')[0];
  if (fromPath) return fromPath;
  const missing = params?.missingProperty ?? params?.requiredProperties;
  if (typeof missing === 'string') return missing;
  if (Array.isArray(missing) && typeof missing[0] === 'string') return missing[0];
  const extra = params?.additionalProperty;
  if (typeof extra === 'string') return extra;
  return context;
}
