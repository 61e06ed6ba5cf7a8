import { siteName } from '@bahi/contracts/site';
import { useEffect } from 'react';
import { type UIMatch, useMatches } from 'react-router';

/** What a route puts in `handle`: its title, and for prerendered pages the head tags. */
export interface PageMeta {
  title: string;
  /** Meta description and Open Graph description; required for prerendered marketing pages. */
  description?: string;
  /** Written to static HTML at build time. */
  prerender?: boolean;
  /** Utility pages (payment results, login prompts) are kept out of search results. */
  noindex?: boolean;
}

export function pageTitle(name: string): string {
  return `${name} | ${siteName}`;
}

/** The meta of the deepest matched route that declares one. */
export function metaOf(matches: readonly Pick<UIMatch, 'handle'>[]): PageMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { meta?: PageMeta } | undefined;
    if (handle?.meta) return handle.meta;
  }
  return undefined;
}

/** Sets document.title from the route table on every navigation. */
export function RouteTitle() {
  const meta = metaOf(useMatches());
  useEffect(() => {
    if (meta) document.title = meta.title;
  }, [meta]);
  return null;
}
