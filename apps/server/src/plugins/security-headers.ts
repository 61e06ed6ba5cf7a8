import type { FastifyInstance } from 'fastify';

/** Headers every response carries; HTML pages also get the document policies and a CSP. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: {
    extraScriptSrc?: string[];
    extraStyleSrc?: string[];
    extraConnectSrc?: string[];
    extraFrameSrc?: string[];
  } = {},
): void {
  const scriptSrc = ["'self'", ...(opts.extraScriptSrc ?? [])].join(' ');
  const extra = (list: string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    `style-src 'self' 'unsafe-inline'${extra(opts.extraStyleSrc)}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${extra(opts.extraConnectSrc)}`,
    `frame-src 'self'${extra(opts.extraFrameSrc)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  // One callback-style hook (cheaper than an async one on the data API's hot path). Every
  // response names its request and forbids MIME sniffing; the document-only headers (framing,
  // referrer, opener, permissions, CSP) go on HTML, where a browser acts on them.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    if (req.protocol === 'https') reply.header('strict-transport-security', hsts);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    }
    done(null, payload);
  });
}

/** Strict-Transport-Security on every answer over https. */
export const hsts = 'max-age=31536000; includeSubDomains';
