import type { SwaggerDocument } from './swagger-document.ts';

/**
 * A Postman v2.1 collection generated from the Swagger document: one folder per tag, the API
 * key in a collection variable {{apiKey}} sent by every request's apikey auth (in the query).
 */
export async function buildPostmanCollection(
  doc: SwaggerDocument,
  baseUrl: string,
  sampleKey: string,
): Promise<Record<string, unknown>> {
  // Loaded on first use: the converter takes about a second to load.
  const { default: Converter } = await import('openapi-to-postmanv2');
  return new Promise((resolve, reject) => {
    Converter.convert(
      { type: 'json', data: doc as never },
      {
        folderStrategy: 'Tags',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
      },
      (err, result) => {
        if (err) return reject(err);
        if (!result?.result || !result.output?.[0]) {
          return reject(new Error(`Postman conversion failed: ${result?.reason ?? 'no output'}`));
        }
        const collection = result.output[0].data as unknown as Record<string, unknown>;
        tidyRequests(collection.item as PostmanItem[], doc);
        collection.variable = [
          { key: 'baseUrl', value: baseUrl, type: 'string' },
          { key: 'apiKey', value: sampleKey, type: 'string' },
        ];
        resolve(collection);
      },
    );
  });
}

interface PostmanQuery {
  key: string;
  value?: string;
  disabled?: boolean;
}
interface PostmanUrl {
  path?: string[];
  query?: PostmanQuery[];
}
interface PostmanResponse {
  name?: string;
  code?: number;
  status?: string;
  header?: { key: string; value?: string }[];
  originalRequest?: { url?: PostmanUrl };
}
interface PostmanItem {
  item?: PostmanItem[];
  request?: { url?: PostmanUrl };
  response?: PostmanResponse[];
}

/**
 * Each request as it should be sent: the key only through the collection's apikey auth (a
 * second `token` in the query would be refused as repeated), and optional parameters without a
 * documented example or default switched off, so no request asks for a value the converter made
 * up (a quarter in 1958). Of the saved responses only the documented example stays: it is a real
 * answer, while the converter's error bodies and header values are made up from the schemas.
 */
function tidyRequests(items: PostmanItem[], doc: SwaggerDocument): void {
  for (const item of items) {
    if (item.item) tidyRequests(item.item, doc);
    if (item.request?.url) tidyUrl(item.request.url, doc);
    if (!item.response) continue;
    item.response = item.response.filter((r) => r.code !== undefined && r.code >= 200 && r.code < 300);
    for (const r of item.response) {
      r.name = `Example: ${r.code} ${r.status ?? ''}`.trim();
      r.header = r.header?.filter((h) => h.key.toLowerCase() === 'content-type');
      if (r.originalRequest?.url) tidyUrl(r.originalRequest.url, doc);
    }
  }
}

function tidyUrl(url: PostmanUrl, doc: SwaggerDocument): void {
  if (!url.query) return;
  const path = `/${(url.path ?? []).map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;
  const params = doc.paths[path]?.get?.parameters ?? [];
  url.query = url.query
    .filter((q) => q.key !== 'token')
    .map((q) => {
      const p = params.find((x) => x.name === q.key && x.in === 'query');
      const documented = p && (p.required || p['x-example'] !== undefined || p.default !== undefined);
      return documented ? q : { ...q, disabled: true };
    });
}
