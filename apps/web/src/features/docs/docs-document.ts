import { isSwaggerDocument, type SwaggerDocument } from './swagger.ts';

export const documentUrl = '/swagger/doc.json';

let pending: Promise<SwaggerDocument | null> | null = null;

/**
 * Fetches the Swagger document once; the docs route starts it while its code chunk loads.
 * Resolves null when the document cannot be had (a later call tries again).
 */
export function loadSwaggerDocument(): Promise<SwaggerDocument | null> {
  pending ??= fetch(documentUrl, { headers: { accept: 'application/json' } })
    .then((res) => (res.ok ? res.json() : null))
    .then((body: unknown) => (isSwaggerDocument(body) ? body : null))
    .catch(() => null)
    .then((doc) => {
      if (!doc) pending = null;
      return doc;
    });
  return pending;
}
