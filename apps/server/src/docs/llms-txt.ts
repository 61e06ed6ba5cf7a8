import { errorCatalogue } from '@bahi/contracts';
import { listOperations, requirement, type SwaggerDocument } from './swagger-document.ts';

/** /llms.txt (llmstxt.org): the API reference as plain Markdown, for AI tools. */
export function buildLlmsTxt(doc: SwaggerDocument, publicUrl: string): string {
  const base = `${publicUrl}${doc.basePath ?? ''}`;
  const lines = [
    `# ${doc.info.title ?? 'Bahi API'}`,
    '',
    '> Financial data for companies listed on the NSE and BSE: statements, ratios, quotes, shareholdings, corporate actions, commodity prices and exchange holidays. JSON over HTTPS; every request needs an API key.',
    '',
    `- Base URL: ${base}`,
    '- Authentication: every request needs your API key, either as the `token` query parameter or as an `Authorization: Bearer <key>` header (one of the two is required). Get a free key by signing in; it is shown on /company-profile.',
    '- Rate limit: 300 calls per minute per key; every answer to a request with a valid key carries RateLimit-Policy, RateLimit, X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset, and a 429 carries Retry-After.',
    '- Errors: application/problem+json bodies `{ type, title, status, detail, code, request_id, param? }`.',
    `- MCP server: ${publicUrl}/mcp (Streamable HTTP; the API key as Authorization: Bearer), one tool per operation below; \`npx bahi-mcp\` for stdio.`,
    '',
    '## Links',
    '',
    `- [Swagger 2.0 document](${publicUrl}/swagger/doc.json)`,
    `- [Postman collection](${publicUrl}/swagger/postman.json)`,
    `- [PDF field reference](${publicUrl}/swagger/reference.pdf)`,
    `- [Documentation page](${publicUrl}/financial-data-api-documentation)`,
    '',
    '## Errors',
    '',
    ...Object.entries(errorCatalogue).map(([code, e]) => `- ${e.status} \`${code}\`: ${e.meaning}`),
  ];
  let group = '';
  for (const { method, path, operation } of listOperations(doc)) {
    const tag = operation.tags?.[0] ?? 'Other';
    if (tag !== group) {
      group = tag;
      lines.push('', `## ${tag}`);
    }
    lines.push('', `### ${method} ${path}`, '');
    if (operation.summary) lines.push(`${operation.summary}.`);
    if (operation.description && operation.description !== operation.summary)
      lines.push(operation.description);
    const params = operation.parameters ?? [];
    if (params.length > 0) {
      lines.push('', 'Parameters:');
      for (const p of params) {
        const type = p.type ?? p.schema?.type ?? 'string';
        lines.push(
          `- \`${p.name}\` (${p.in}, ${type}, ${requirement(p)})${p.description ? `: ${p.description}` : ''}`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
