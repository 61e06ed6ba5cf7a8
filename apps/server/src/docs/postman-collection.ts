import Converter from 'openapi-to-postmanv2';
import type { SwaggerDocument } from './swagger-document.ts';

/**
 * A Postman v2.1 collection generated from the Swagger document: one folder per tag, the API
 * key in a collection variable {{apiKey}} used by every request (apikey auth in the query).
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
        withApiKeyVariable(collection);
        collection.variable = [
          { key: 'baseUrl', value: baseUrl, type: 'string' },
          { key: 'apiKey', value: sampleKey, type: 'string' },
        ];
        resolve(collection);
      },
    );
  });
}

function withApiKeyVariable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) withApiKeyVariable(child);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const rec = node as Record<string, unknown>;
  if (rec.key === 'token' && 'value' in rec) rec.value = '{{apiKey}}';
  for (const value of Object.values(rec)) withApiKeyVariable(value);
}
