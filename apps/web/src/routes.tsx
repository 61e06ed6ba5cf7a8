import type { RouteObject } from 'react-router';
import { lazyDocsPage } from './features/docs/docs-route.ts';
import { Layout } from './layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouterErrorPage } from './pages/router-error-page.tsx';

/** Every route of the site; prerender.ts renders the static ones to HTML at build time. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouterErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'financial-data-api-documentation', lazy: lazyDocsPage },
      { path: 'page-not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Paths written as static HTML by the prerender step. */
export const prerenderPaths = ['/', '/page-not-found'];
