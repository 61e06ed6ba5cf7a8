import type { FastifyInstance } from 'fastify';

/** Headers every response carries; HTML pages also get a content security policy. */
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
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (req.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
    return payload;
  });
}
