import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import type { Config } from '../config.ts';
import { standardOutput } from './log-destination.ts';
import { redactError } from './redact.ts';
import { isWarmUp } from './warm-up-requests.ts';

/** Where log lines go: standard output, written asynchronously (or a stream a test passes). */
export type LogStream = { write(line: string): void };

/** Told of every completed request (for /metrics): route pattern, method, status, duration in ms. */
export interface RequestRecorder {
  record(route: string, method: string, status: number, ms: number): void;
}

const noRoute = '(no route)';

/**
 * Fastify's request log lines, replaced: nothing when a request arrives, and on completion one
 * access line at `info`: method, route pattern (never the URL, whose query may hold the key),
 * status, duration in ms, the request id (the logger's `reqId` binding) and the API key's row id
 * when a key was accepted; none for the process's own warm-up requests (decision 0362). A
 * response that failed while being written logs at `error` with the error in full; errors
 * answered by the error handler are logged there, with their detail.
 */
export class AccessLogController extends LogController {
  /** The timing and the route pattern of the access line feed the request metrics too. */
  constructor(private readonly recorder?: RequestRecorder) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The process's own warm-up (decision 0362): no client asked it.
    if (isWarmUp(request.raw)) return;
    const route = request.routeOptions.url ?? noRoute;
    const ms = reply.elapsedTime;
    this.recorder?.record(route, request.method, reply.statusCode, ms);
    const line = {
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(ms * 100) / 100,
      keyId: request.apiKeyId,
    };
    if (error) request.log.error({ ...line, err: error }, 'response failed');
    else request.log.info(line);
  }
}

/**
 * Fastify's logger options. Lines go out through LogDestination (batched asynchronous writes
 * flushed in the background and at exit), so a request never waits on the terminal or a pipe.
 * `silent` means no logger at all. Each completed request is told to `recorder` when given.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: LogStream,
  recorder?: RequestRecorder,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logLevel === 'silent') return { logger: false };
  return {
    logger: {
      level: config.logLevel,
      stream: stream ?? standardOutput(),
      // Whatever logs a request object gets these fields only: never the URL's query (it may
      // carry an API key) nor the headers.
      serializers: {
        req: (req: { method: string; routeOptions?: { url?: string } }) => ({
          method: req.method,
          route: req.routeOptions?.url ?? null,
        }),
        // Error text can quote a URL or header: anything shaped like a key is redacted.
        err: redactError,
      },
    },
    logController: new AccessLogController(recorder),
  };
}

/**
 * Without a logger (LOG_LEVEL=silent) Fastify neither times responses nor calls the log
 * controller, so the recorder gets an onResponse hook of its own; with a logger the access-log
 * controller tells it, at no extra cost.
 */
export function recordWithoutLogger(
  app: FastifyInstance,
  config: Pick<Config, 'logLevel'>,
  recorder: RequestRecorder,
): void {
  if (config.logLevel !== 'silent') return;
  app.addHook('onResponse', (request, reply, done) => {
    if (!isWarmUp(request.raw))
      recorder.record(
        request.routeOptions.url ?? noRoute,
        request.method,
        reply.statusCode,
        reply.elapsedTime,
      );
    done();
  });
}
