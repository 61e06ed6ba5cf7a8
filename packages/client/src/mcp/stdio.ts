/**
 * The Bahi MCP server over stdio, for desktop assistants: `npx bahi-mcp` or `npm run mcp`, with
 * BAHI_API_KEY (required) and BAHI_BASE_URL (default http://localhost:3000). Tools call the REST
 * API with the key; nothing is written to stdout but the protocol.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BahiClient, operations } from '../client.ts';
import { BahiError } from '../errors.ts';
import { createMcpServer } from './server.ts';

export function stdioServer(env: Record<string, string | undefined>) {
  const apiKey = env.BAHI_API_KEY?.trim();
  if (!apiKey) throw new Error('BAHI_API_KEY is required: your API key from the profile page');
  const baseUrl = (env.BAHI_BASE_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new Error(`BAHI_BASE_URL must be a URL; got "${baseUrl}"`);
  }
  const client = new BahiClient({ apiKey, baseUrl });
  return createMcpServer(operations, {
    async call(op, args) {
      try {
        return { status: 200, body: await client.call(op.operationId, args) };
      } catch (err) {
        if (!(err instanceof BahiError)) throw err;
        return {
          status: err.status,
          body: { code: err.code, detail: err.detail, request_id: err.requestId ?? undefined },
        };
      }
    },
    async llmsTxt() {
      const res = await fetch(`${baseUrl}/llms.txt`);
      if (!res.ok) throw new Error(`${baseUrl}/llms.txt answered ${res.status}`);
      return res.text();
    },
  });
}

/** Serves MCP on this process's stdin and stdout until they close. */
export async function runStdio(env: Record<string, string | undefined> = process.env): Promise<void> {
  await stdioServer(env).connect(new StdioServerTransport());
}
