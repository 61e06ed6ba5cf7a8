import { errorCatalogue } from '@bahi/contracts/errors';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ProblemBody } from '../errors.ts';
import { type Arguments, inputSchemaOf, type Operation } from '../operations.ts';

/** What a call of the REST API answered: its status and parsed body (a 200 body or a problem). */
export interface CallOutcome {
  status: number;
  body: unknown;
}

/** How an MCP server reaches the API: in-process on the product's server, over HTTP from stdio. */
export interface McpBackend {
  call(op: Operation, args: Arguments): Promise<CallOutcome>;
  llmsTxt(): Promise<string>;
}

export const resourceUris = { llms: 'bahi://llms.txt', errors: 'bahi://errors' } as const;

const instructions =
  'Financial data on companies listed on the NSE and BSE. Each tool is one data API operation and answers its JSON body ({ data, meta }); a refused call is a tool error naming the API error code. The reference (bahi://llms.txt) and the error catalogue (bahi://errors) are resources.';

/** One MCP tool per operation: name, title, description and input schema from the API document. */
export function toolsOf(operations: Operation[]) {
  return operations.map((op) => ({
    name: op.name,
    title: op.summary,
    description: `${op.summary} (${op.tag}). ${op.description}`.trim(),
    inputSchema: inputSchemaOf(op),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }));
}

/** A tool result from the API's answer: the body as JSON text and as structured content, or a tool error. */
export function toolResult(outcome: CallOutcome): CallToolResult {
  if (outcome.status === 200 && outcome.body && typeof outcome.body === 'object') {
    return {
      content: [{ type: 'text', text: JSON.stringify(outcome.body) }],
      structuredContent: outcome.body as Record<string, unknown>,
    };
  }
  const p = (outcome.body && typeof outcome.body === 'object' ? outcome.body : {}) as ProblemBody;
  const problem = {
    status: outcome.status,
    code: p.code ?? `http_${outcome.status}`,
    detail: p.detail ?? (typeof outcome.body === 'string' ? outcome.body.slice(0, 200) : 'The call failed.'),
    ...(p.request_id ? { request_id: p.request_id } : {}),
    ...(p.param ? { param: p.param } : {}),
  };
  return {
    isError: true,
    content: [
      {
        type: 'text',
        text: `${problem.code} (${problem.status}): ${problem.detail}${p.request_id ? ` [request ${p.request_id}]` : ''}`,
      },
    ],
    structuredContent: problem,
  };
}

/** The error catalogue as the resource shows it: each code with its status, title and meaning. */
export function errorCatalogueText(): string {
  return JSON.stringify(
    Object.entries(errorCatalogue).map(([code, e]) => ({ code, ...e })),
    null,
    2,
  );
}

/**
 * The Bahi MCP server over any transport: one tool per operation, and the reference resources.
 * Tool calls go through the backend; an API refusal is a tool error, never a protocol error.
 */
export function createMcpServer(operations: Operation[], backend: McpBackend, version = '1.0.0'): Server {
  const server = new Server(
    { name: 'bahi', title: 'Bahi financial data', version },
    { capabilities: { tools: {}, resources: {} }, instructions },
  );
  const tools = toolsOf(operations);
  const byName = new Map(operations.map((op) => [op.name, op]));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const op = byName.get(req.params.name);
    if (!op) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${req.params.name}"`);
    try {
      return toolResult(await backend.call(op, req.params.arguments ?? {}));
    } catch (err) {
      return toolResult({
        status: 503,
        body: { code: 'unavailable', detail: `The API could not be reached: ${(err as Error).message}` },
      });
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: resourceUris.llms,
        name: 'llms.txt',
        title: 'API reference for AI tools',
        description: 'Every operation, its parameters, plans and errors, as Markdown.',
        mimeType: 'text/markdown',
      },
      {
        uri: resourceUris.errors,
        name: 'errors',
        title: 'Error catalogue',
        description: 'Every error code with its HTTP status and meaning.',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const uri = req.params.uri;
    if (uri === resourceUris.llms)
      return { contents: [{ uri, mimeType: 'text/markdown', text: await backend.llmsTxt() }] };
    if (uri === resourceUris.errors)
      return { contents: [{ uri, mimeType: 'application/json', text: errorCatalogueText() }] };
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource "${uri}"`);
  });
  return server;
}
