import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && loopback.test(address);
}

/**
 * A request is HTTPS when its socket is TLS or, behind a trusted proxy, X-Forwarded-Proto says
 * https (Fastify's `req.protocol` applies TRUST_PROXY). ALLOW_LOOPBACK_HTTP lets plain HTTP
 * through only when both the socket peer and the client address are loopback.
 */
export function isSecureEnough(req: FastifyRequest, config: Pick<Config, 'allowLoopbackHttp'>): boolean {
  if (req.protocol === 'https') return true;
  return config.allowLoopbackHttp && isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);
}

/** onRequest hook for the data API: refuse plain HTTP with a problem naming https. */
export function requireHttps(config: Pick<Config, 'allowLoopbackHttp'>) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!isSecureEnough(req, config)) {
      throw new AppError(
        'https_required',
        'The data API is served over https only: repeat the request with an https:// URL.',
      );
    }
  };
}
