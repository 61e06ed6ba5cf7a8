import { loadSwaggerDocument } from './docs-document.ts';

/** The docs route: its code is a chunk of its own, and the document is fetched alongside it. */
export function lazyDocsPage() {
  void loadSwaggerDocument();
  return import('./docs-page.tsx').then((m) => ({ Component: m.DocsPage }));
}
