import { isSwaggerDocument, type SwaggerDocument } from './swagger.ts';

export const documentUrl = '/swagger/doc.json';

/** Marks the docs page's root element; there before any script runs when the server rendered it. */
export const serverRenderedMark = 'data-docs-reference';

let pending: Promise<SwaggerDocument | null> | null = null;
let loaded: SwaggerDocument | undefined;

/** The document once loaded (or primed), for a first render that needs it at once. */
export function loadedSwaggerDocument(): SwaggerDocument | undefined {
  return loaded;
}

/** Hands the page a document already had: the server's render of the docs route. */
export function primeSwaggerDocument(doc: SwaggerDocument): void {
  loaded = doc;
  pending = Promise.resolve(doc);
}

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
      if (doc) loaded = doc;
      else pending = null;
      return doc;
    });
  return pending;
}
