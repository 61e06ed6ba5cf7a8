import { fileURLToPath } from 'node:url';
import { publicSampleKey, sampleSymbols } from '@bahi/contracts';
import { testDatabases } from '@bahi/market-data/db/test-databases';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFor } from '../api/testing/harness.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';

const binPath = fileURLToPath(new URL('../../../../packages/client/bin/bahi-mcp.js', import.meta.url));

type ToolResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

for (const target of testDatabases()) {
  describe(`MCP server on ${target.name}`, () => {
    let app: FastifyInstance;
    let base: string;
    let operationIds: string[];
    let outsider: string;

    beforeAll(async () => {
      const db = await target.open();
      app = await buildApp(testConfig({ sampleData: 'small' }), { db });
      app.addHook('onClose', () => db.close());
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const doc = (await app.inject('/openapi.json')).json() as {
        paths: Record<string, { get: { operationId: string } }>;
      };
      operationIds = Object.values(doc.paths).map((p) => p.get.operationId);
      const symbols = (
        await app.inject({
          url: '/api/v1/stock-symbols',
          headers: { authorization: `Bearer ${publicSampleKey}` },
        })
      ).json().data as { symbol: string }[];
      outsider = symbols.map((s) => s.symbol).find((s) => !(sampleSymbols as readonly string[]).includes(s))!;
      // Loading the sample universe takes a while on a busy machine.
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await target.drop();
    });

    async function connected(transport: Transport): Promise<Client> {
      const client = new Client({ name: 'bahi-test', version: '1.0.0' });
      await client.connect(transport);
      return client;
    }

    const http = (key: string) =>
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      });
    const stdio = (key: string) =>
      new StdioClientTransport({
        command: process.execPath,
        args: [binPath],
        env: { PATH: process.env.PATH ?? '', BAHI_API_KEY: key, BAHI_BASE_URL: base },
        stderr: 'pipe',
      });

    for (const [name, transport] of [
      ['Streamable HTTP at /mcp', http],
      ['stdio (bahi-mcp)', stdio],
    ] as const) {
      it(`${name}: lists one tool per operation and answers like the REST API`, async () => {
        const client = await connected(transport(publicSampleKey));
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name).sort()).toEqual(
            operationIds.map((id) => id.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()).sort(),
          );
          const profileTool = tools.find((t) => t.name === 'company_profile')!;
          expect(profileTool.inputSchema.required).toEqual(['symbol']);
          expect(profileTool.description).toContain('Basic covers the three sample companies');

          // A good call: the REST body as JSON text and as structured content.
          const good = (await client.callTool({
            name: 'company_profile',
            arguments: { symbol: 'itc' },
          })) as ToolResult;
          expect(good.isError).toBeFalsy();
          const rest = (
            await app.inject({
              url: '/api/v1/company-profile/ITC',
              headers: { authorization: `Bearer ${publicSampleKey}` },
            })
          ).json();
          expect(good.structuredContent).toEqual(rest);
          expect(JSON.parse(good.content[0]!.text!)).toEqual(rest);

          // An unknown symbol: a tool error with the API's code, not a protocol error.
          const unknown = (await client.callTool({
            name: 'company_profile',
            arguments: { symbol: 'NOSUCHCO' },
          })) as ToolResult;
          expect(unknown.isError).toBe(true);
          expect(unknown.structuredContent).toMatchObject({ status: 404, code: 'not_found' });
          expect(unknown.content[0]!.text).toContain('Unknown symbol "NOSUCHCO"');

          // A company outside the Basic plan.
          const forbidden = (await client.callTool({
            name: 'daily_quotes',
            arguments: { symbol: outsider },
          })) as ToolResult;
          expect(forbidden.isError).toBe(true);
          expect(forbidden.structuredContent).toMatchObject({ status: 403, code: 'forbidden' });
          expect(forbidden.content[0]!.text).toContain(`${outsider} needs a paid plan`);

          // An invalid argument is the API's 400, naming the parameter.
          const invalid = (await client.callTool({
            name: 'stock_search',
            arguments: { group: 'planet', value: 'x' },
          })) as ToolResult;
          expect(invalid.isError).toBe(true);
          expect(invalid.structuredContent).toMatchObject({ status: 400, code: 'bad_request' });

          const { resources } = await client.listResources();
          expect(resources.map((r) => r.uri).sort()).toEqual(['bahi://errors', 'bahi://llms.txt']);
          const llms = await client.readResource({ uri: 'bahi://llms.txt' });
          expect(llms.contents[0]).toMatchObject({
            text: expect.stringContaining('### GET /company-profile/{symbol}'),
          });
          const errors = await client.readResource({ uri: 'bahi://errors' });
          expect(JSON.parse(String((errors.contents[0] as { text: string }).text))).toEqual(
            expect.arrayContaining([
              { code: 'rate_limited', status: 429, title: 'Too Many Requests', meaning: expect.any(String) },
            ]),
          );
        } finally {
          await client.close();
        }
      });
    }

    it('counts tool calls against the key’s rate limit, as REST calls', async () => {
      const { key } = await keyFor(app.deps.db, 'P', { rateLimitPerMinute: 2 });
      const client = await connected(http(key));
      try {
        // A paid plan reaches any company.
        const first = (await client.callTool({
          name: 'quote',
          arguments: { symbol: [outsider] },
        })) as ToolResult;
        expect(first.isError).toBeFalsy();
        await client.callTool({ name: 'quote', arguments: { symbol: ['ITC'] } });
        const third = (await client.callTool({
          name: 'quote',
          arguments: { symbol: ['ITC'] },
        })) as ToolResult;
        expect(third.isError).toBe(true);
        expect(third.structuredContent).toMatchObject({ status: 429, code: 'rate_limited' });
      } finally {
        await client.close();
      }
    });

    it('refuses /mcp without a valid key with a 401 problem', async () => {
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      for (const headers of [
        {},
        { authorization: 'Bearer bahi_NotAKeyAtAllButShapedLikeOne0000000' },
      ] as Record<string, string>[]) {
        const res = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify(initialize),
        });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
        expect(await res.json()).toMatchObject({ code: 'unauthorized', request_id: expect.any(String) });
      }
      const client = connected(http('bahi_NotAKeyAtAllButShapedLikeOne0000000'));
      await expect(client).rejects.toThrow();
    });

    it('stdio refuses to start without BAHI_API_KEY', async () => {
      await expect(connected(stdio(''))).rejects.toThrow();
    });
  });
}

describe('MCP server behind HTTPS', () => {
  let app: FastifyInstance;
  const call = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${publicSampleKey}`,
        ...headers,
      },
      payload: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'stock_symbols', arguments: {} },
      },
    });

  beforeAll(async () => {
    // Plain HTTP is refused even from loopback; a trusted proxy says the request came over HTTPS.
    app = await buildApp(testConfig({ allowLoopbackHttp: false, trustProxy: true }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses plain HTTP and runs the tool for an HTTPS request', async () => {
    const plain = await call({});
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ code: 'https_required' });

    const secure = await call({ 'x-forwarded-proto': 'https' });
    expect(secure.statusCode).toBe(200);
    const { result } = secure.json() as { result: ToolResult };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ data: [], meta: expect.any(Object) });
  });
});
