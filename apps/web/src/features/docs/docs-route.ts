import { loadSwaggerDocument, serverRenderedMark } from './docs-document.ts';

/**
 * The docs route: its code is a chunk of its own, and the document is fetched alongside it.
 * When the server rendered the reference into the page, the route waits for the document too:
 * the page hydrates that markup with the same document, so the first render matches it.
 */
export function lazyDocsPage() {
  const doc = loadSwaggerDocument();
  const rendered = typeof document !== 'undefined' && document.querySelector(`[${serverRenderedMark}]`);
  return Promise.all([import('./docs-page.tsx'), rendered ? doc : null]).then(([m]) => ({
    Component: m.DocsPage,
  }));
}
