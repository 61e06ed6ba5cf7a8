import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { headTags } from './app/head-tags.ts';
import { lazyPageSource } from './app/lazy-page.ts';
import { metaOf } from './app/page-meta.ts';
import { primeSwaggerDocument } from './features/docs/docs-document.ts';
import { isSwaggerDocument } from './features/docs/swagger.ts';
import { prerenderPaths, routes, sitePathPatterns } from './routes.tsx';

export { prerenderPaths, sitePathPatterns };

/** Renders one route to HTML for the prerender step. */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`route ${path} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}

/** The head tags of one route (title, description, Open Graph). */
export function head(path: string, publicUrl?: string): string {
  const meta = metaOf((matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle })));
  if (!meta) throw new Error(`route ${path} has no meta in the route table`);
  return headTags(meta, path, publicUrl);
}

/** The source files of the lazy page modules a path renders (keys of Vite's client manifest). */
export function pageSources(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap((m) => lazyPageSource(m.route) ?? []);
}

/** The docs page, whose reference the server renders from the document it serves. */
export const docsPath = '/financial-data-api-documentation';
/** The client build's page module of the docs route (a key of Vite's manifest). */
export const docsPageSource = 'src/features/docs/docs-page.tsx';

/**
 * Renders the docs route with the whole reference from `documentText` (the served Swagger
 * document): every group and endpoint block as HTML, readable before any script runs. The
 * browser fetches the same document and hydrates this markup with it.
 */
export async function renderDocs(documentText: string): Promise<string> {
  const doc: unknown = JSON.parse(documentText);
  if (!isSwaggerDocument(doc)) throw new Error('not a Swagger 2.0 document');
  primeSwaggerDocument(doc);
  return render(docsPath);
}
