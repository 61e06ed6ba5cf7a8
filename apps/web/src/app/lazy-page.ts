import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type PageModule = Record<string, unknown>;
type PageLazy = LazyRouteFunction<RouteObject>;

/**
 * The page modules loaded as chunks of their own: pages not needed on first paint (forms,
 * billing, profile, sign-in). Prerendered pages are imported by the route table directly.
 */
const pageModules = import.meta.glob<PageModule>([
  '../features/account/*-page.tsx',
  '../features/billing/*-page.tsx',
  '../features/forms/*-page.tsx',
  '../features/auth/login-page.tsx',
]);
const sources = new WeakMap<PageLazy, string>();

/**
 * A route's `lazy` showing the component `name` of the page module `file` (relative to
 * `src/`, e.g. `features/faq/faq-page.tsx`). The browser fetches the chunk when the route first
 * matches; entry-client and the prerender step resolve it before rendering.
 */
export function lazyPage(file: string, name: string): PageLazy {
  const load = pageModules[`../${file}`];
  if (!load) throw new Error(`no page module src/${file}`);
  const lazy: PageLazy = async () => {
    const Component = (await load())[name];
    if (typeof Component !== 'function') throw new Error(`src/${file} exports no component ${name}`);
    return { Component: Component as ComponentType };
  };
  sources.set(lazy, `src/${file}`);
  return lazy;
}

/** The source file (relative to the web app, as in Vite's manifest) of a route made by lazyPage. */
export function lazyPageSource(route: RouteObject): string | undefined {
  return typeof route.lazy === 'function' ? sources.get(route.lazy) : undefined;
}
