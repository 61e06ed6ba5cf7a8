import { isSwaggerDocument, type SwaggerDocument } from './swagger.ts';

export const documentUrl = '/swagger/doc.json';

/**
 * Marks the docs page's root element, with the fingerprint of the document it shows as value:
 * there before any script runs when the server rendered the page.
 */
export const serverRenderedMark = 'data-docs-reference';

/** A short fingerprint of a document (FNV-1a over its JSON), the same on the server and in the browser. */
export function documentFingerprint(doc: SwaggerDocument): string {
  const text = JSON.stringify(doc);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * True when markup the server rendered can be hydrated: the browser has the document, and it is
 * the one the server rendered from (the document changes when the data does).
 */
export function canHydrateRenderedDocs(root: ParentNode): boolean {
  const rendered = root.querySelector(`[${serverRenderedMark}]`);
  if (!rendered) return true;
  return !!loaded && rendered.getAttribute(serverRenderedMark) === documentFingerprint(loaded);
}

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
