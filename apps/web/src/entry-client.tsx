import './styles/site.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { canHydrateRenderedDocs } from './features/docs/docs-document.ts';
import { routes } from './routes.tsx';

// Load the lazy route modules of the first page before the router starts, so it renders (or
// hydrates its prerendered markup) at once. A top-level await, so the page's load event comes
// after hydration; vite.config.ts keeps this module out of the shell chunk the pages import.
await Promise.all(
  (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }),
);
const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// Prerendered pages arrive with markup to hydrate (React reports any mismatch with the server
// markup as a console error, which fails the tests); the SPA shell arrives with an empty root.
// A hydration started here runs at the default priority, which React renders in one task (only
// transitions are time-sliced); the docs reference splits its work into island roots instead
// (reference-groups.tsx).
// The docs reference the server rendered hydrates only with the document it was rendered from:
// when the browser could not fetch it (the "missing spec" message and its retry) or got a newer
// one, the page renders afresh.
if (container.firstElementChild && canHydrateRenderedDocs(container)) hydrateRoot(container, app);
else createRoot(container).render(app);
