import { type ClientLanguageId, clientLanguages, clientSnippets } from './client-snippets.ts';
import type { Endpoint } from './endpoint-index.ts';
import { buildSnippets, type LanguageId, languages } from './snippets.ts';

export type CodeTabId = LanguageId | ClientLanguageId;

/** The code panel's tabs: the raw HTTP samples, each client's tab after its language's. */
export const codeTabs: { id: CodeTabId; label: string }[] = languages.flatMap((l) => [
  { id: l.id, label: l.label },
  ...clientLanguages.filter((c) => c.after === l.id).map((c) => ({ id: c.id, label: c.label })),
]);

/** Every tab's sample; `baseUrl` is the API's (…/api/v1), the clients take the site's. */
export function codeSamples(
  endpoint: Endpoint,
  baseUrl: string,
  basePath: string,
  key: string,
): Record<CodeTabId, string> {
  const siteUrl = basePath && baseUrl.endsWith(basePath) ? baseUrl.slice(0, -basePath.length) : baseUrl;
  return { ...buildSnippets(endpoint, baseUrl, key), ...clientSnippets(endpoint, siteUrl, key) };
}
