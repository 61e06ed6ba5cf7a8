import { CopyButton } from './copy-button.tsx';
import { ScrollPre } from './scroll-pre.tsx';

/** The configurations an assistant takes: remote (Streamable HTTP at /mcp) and local (stdio). */
export function mcpConfigs(siteUrl: string, apiKey: string): { remote: string; local: string } {
  const remote = {
    mcpServers: {
      bahi: { type: 'http', url: `${siteUrl}/mcp`, headers: { Authorization: `Bearer ${apiKey}` } },
    },
  };
  const local = {
    mcpServers: {
      bahi: {
        command: 'npx',
        args: ['bahi-mcp'],
        env: { BAHI_API_KEY: apiKey, BAHI_BASE_URL: siteUrl },
      },
    },
  };
  return { remote: JSON.stringify(remote, null, 2), local: JSON.stringify(local, null, 2) };
}

function Config({ title, text }: { title: string; text: string }) {
  return (
    <div className="docs-code">
      <div className="docs-code-head">
        <span className="docs-code-title">{title}</span>
        <CopyButton text={text} />
      </div>
      <ScrollPre>
        <code>{text}</code>
      </ScrollPre>
    </div>
  );
}

/** "Use with AI assistants": the MCP server and the configuration to paste. */
export function AiAssistantsSection({ siteUrl, apiKey }: { siteUrl: string; apiKey: string }) {
  const { remote, local } = mcpConfigs(siteUrl, apiKey);
  return (
    <section id="ai-assistants" className="docs-section" aria-labelledby="ai-assistants-title">
      <h2 id="ai-assistants-title">Use with AI assistants</h2>
      <p>
        Bahi is also a Model Context Protocol (MCP) server: every endpoint on this page is a tool (
        <code>company_profile</code>, <code>daily_quotes</code>, <code>financials</code>…) that answers the
        same JSON, with the same plans, limits and error codes as the API. The reference (
        <code>llms.txt</code>) and the error catalogue are resources.
      </p>
      <p>
        Assistants that connect to remote servers use <code>{`${siteUrl}/mcp`}</code> (Streamable HTTP) with
        your API key as <code>Authorization: Bearer</code>:
      </p>
      <Config title="Remote server" text={remote} />
      <p>
        Desktop assistants can run it locally over stdio (<code>npx bahi-mcp</code> from a checkout of Bahi,
        with <code>BAHI_API_KEY</code> and <code>BAHI_BASE_URL</code>):
      </p>
      <Config title="Local server (stdio)" text={local} />
      <p>
        Official clients: <code>@bahi/client</code> for TypeScript and Node.js, and <code>bahi</code> for
        Python (with pandas DataFrames); each endpoint below shows them in its language tabs.
      </p>
    </section>
  );
}
