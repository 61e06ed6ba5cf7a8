import { type ClientLanguageId, clientLanguages, clientSnippets } from './client-snippets.ts';
import type { Endpoint } from './endpoint-index.ts';
import { buildSnippet, type LanguageId, languages } from './snippets.ts';

export type CodeTabId = LanguageId | ClientLanguageId;

/** The code panel's tabs: the raw HTTP samples, each client's tab after its language's. */
export const codeTabs: { id: CodeTabId; label: string }[] = languages.flatMap((l) => [
  { id: l.id, label: l.label },
  ...clientLanguages.filter((c) => c.after === l.id).map((c) => ({ id: c.id, label: c.label })),
]);

function siteUrlOf(baseUrl: string, basePath: string): string {
  return basePath && baseUrl.endsWith(basePath) ? baseUrl.slice(0, -basePath.length) : baseUrl;
}

/**
 * One tab's sample; `baseUrl` is the API's (…/api/v1), the clients take the site's. A code panel
 * makes only the sample of the tab it shows: generating all seven for every block of the
 * reference was most of the docs page's hydration time.
 */
export function codeSample(
  endpoint: Endpoint,
  baseUrl: string,
  basePath: string,
  key: string,
  tab: CodeTabId,
): string {
  const client = clientLanguages.find((c) => c.id === tab);
  if (client) return clientSnippets(endpoint, siteUrlOf(baseUrl, basePath), key)[client.id];
  return buildSnippet(endpoint, baseUrl, key, tab as LanguageId);
}
