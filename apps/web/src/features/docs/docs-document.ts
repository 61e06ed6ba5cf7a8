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

/** Marks the element that holds the endpoint groups of the reference. */
export const groupsMark = 'data-docs-groups';

/** The HTML of the endpoint groups the server rendered, when the page is about to hydrate them. */
let serverGroups: string | null = null;

/**
 * True when markup the server rendered can be hydrated: the browser has the document, and it is
 * the one the server rendered from (the document changes when the data does). Then the HTML of
 * the endpoint groups is kept, as the server sent it, for the first render of the reference.
 */
export function canHydrateRenderedDocs(root: ParentNode): boolean {
  const rendered = root.querySelector(`[${serverRenderedMark}]`);
  if (!rendered) return true;
  if (!loaded || rendered.getAttribute(serverRenderedMark) !== documentFingerprint(loaded)) return false;
  serverGroups = rendered.querySelector(`[${groupsMark}]`)?.innerHTML ?? null;
  return true;
}

/**
 * The endpoint groups' HTML as the server rendered it, while the page hydrates that markup; null
 * otherwise (a render in the browser, or after `forgetServerGroups`).
 */
export function serverGroupsMarkup(): string | null {
  return serverGroups;
}

/** Called once the reference has hydrated: later renders (the page reached again) build the groups. */
export function forgetServerGroups(): void {
  serverGroups = null;
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
