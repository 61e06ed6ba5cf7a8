import type { OpenApiDocument, Operation } from '@bahi/client';
import { publicSampleKey } from '@bahi/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { internalCallHeaders } from '../api/internal-call.ts';
import { bearerOf } from '../auth/require-user.ts';
import { AppError } from '../errors.ts';
import { isSecureEnough } from '../plugins/https-policy.ts';
import { apiBasePath } from '../plugins/swagger.ts';

/**
 * The MCP server at /mcp (Streamable HTTP, stateless, JSON answers). The caller's API key comes
 * as `Authorization: Bearer`; each tool call runs the REST route in-process with that key, so
 * plans, rate limits, caching and errors are the REST API's own (decision 0900).
 */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  let operations: Operation[] | null = null;

  app.post('/mcp', async (req, reply) => {
    const key = await authenticate(app, req);
    // Loaded on the first MCP request, so processes that never serve one start as fast as before.
    const [{ operationsFromDocument, requestPath }, { createMcpServer }, { StreamableHTTPServerTransport }] =
      await loadMcp();
    // The tools come from the same OpenAPI document the data API serves, made from its endpoint
    // declarations; the routes are fixed once the server is ready.
    operations ??= operationsFromDocument(app.swagger() as OpenApiDocument);
    const server = createMcpServer(operations, {
      async call(op, args) {
        const res = await app.inject({
          method: 'GET',
          url: `${apiBasePath}${requestPath(op, args)}`,
          headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...internalCallHeaders },
        });
        return { status: res.statusCode, body: parseBody(res.body) };
      },
      async llmsTxt() {
        return (await app.inject('/llms.txt')).body;
      },
    });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
  // Stateless: no server-sent event stream to open and no session to end.
  app.route({ method: ['GET', 'DELETE'], url: '/mcp', handler: methodNotAllowed });
}

let mcpModules: Promise<
  [
    typeof import('@bahi/client'),
    typeof import('@bahi/client/mcp'),
    typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]
> | null = null;
function loadMcp() {
  mcpModules ??= Promise.all([
    import('@bahi/client'),
    import('@bahi/client/mcp'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return mcpModules;
}

/** The same refusals as the data API's: HTTPS, then a valid key (401 problem+json otherwise). */
async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  if (!isSecureEnough(req, app.config)) {
    throw new AppError(
      'https_required',
      'The MCP server is served over https only: repeat the request with an https:// URL.',
    );
  }
  const key = bearerOf(req.headers.authorization);
  if (!key) {
    throw new AppError(
      'unauthorized',
      'An API key is required: send it as an Authorization: Bearer header.',
      { headers: { 'www-authenticate': 'Bearer realm="bahi"' } },
    );
  }
  const refused = app.config.env === 'production' && key === publicSampleKey;
  const owner = refused ? null : await app.dataApi.keys.owner(key);
  if (!owner) {
    throw new AppError('unauthorized', 'The API key is not valid or has been revoked.', {
      headers: { 'www-authenticate': 'Bearer realm="bahi", error="invalid_token"' },
    });
  }
  return key;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function methodNotAllowed(_req: FastifyRequest, reply: FastifyReply): Promise<never> {
  reply.header('allow', 'POST');
  throw new AppError('method_not_allowed', 'The MCP server answers POST (Streamable HTTP, stateless).', {
    headers: { allow: 'POST' },
  });
}
