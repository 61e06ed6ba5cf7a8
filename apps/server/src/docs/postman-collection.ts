import Converter from 'openapi-to-postmanv2';
import type { SwaggerDocument } from './swagger-document.ts';

/**
 * A Postman v2.1 collection generated from the Swagger document: one folder per tag, the API
 * key in a collection variable {{apiKey}} sent by every request's apikey auth (in the query).
 */
export function buildPostmanCollection(
  doc: SwaggerDocument,
  baseUrl: string,
  sampleKey: string,
): Promise<Record<string, unknown>> {
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
interface PostmanItem {
  item?: PostmanItem[];
  request?: { url?: { path?: string[]; query?: PostmanQuery[] } };
}

/**
 * Each request as it should be sent: the key only through the collection's apikey auth (a
 * second `token` in the query would be refused as repeated), and optional parameters without a
 * documented example or default switched off, so no request asks for a value the converter made
 * up (a quarter in 1958).
 */
function tidyRequests(items: PostmanItem[], doc: SwaggerDocument): void {
  for (const item of items) {
    if (item.item) tidyRequests(item.item, doc);
    const url = item.request?.url;
    if (!url?.query) continue;
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
}
