import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { head, pageSources, prerenderPaths, render } from '../entry-server.tsx';
import { routes } from '../routes.tsx';
import { lazyPage, lazyPageSource } from './lazy-page.ts';

const pageRoutes: RouteObject[] = routes[0]?.children ?? [];

describe('lazy pages', () => {
  it('resolve every route of the table to its page component', async () => {
    const lazyRoutes = pageRoutes.filter((r) => typeof r.lazy === 'function');
    expect(lazyRoutes.length).toBe(pageRoutes.length);
    for (const route of lazyRoutes) {
      const resolved = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof resolved.Component, route.path ?? 'index').toBe('function');
    }
  });

  it('refuse a page module that does not exist or a component it does not export', async () => {
    expect(() => lazyPage('features/faq/no-such-page.tsx', 'FaqPage')).toThrow(/no page module/);
    await expect(lazyPage('features/faq/faq-page.tsx', 'NoSuchPage')()).rejects.toThrow(
      /exports no component NoSuchPage/,
    );
  });

  it('name the source file of each prerendered page for the preload links', () => {
    expect(pageSources('/api-faq')).toEqual(['src/features/faq/faq-page.tsx']);
    expect(pageSources('/')).toEqual(['src/features/marketing/home-page.tsx']);
    for (const path of prerenderPaths) expect(pageSources(path), path).toHaveLength(1);
    const docs = pageRoutes.find((r) => r.path === 'financial-data-api-documentation');
    expect(docs && lazyPageSource(docs)).toBeUndefined();
  });

  it('render in the prerender step with the page content, not an empty outlet', async () => {
    vi.stubGlobal('__BUILD_YEAR__', 2026); // a build-time constant (vite.config.ts)
    const html = await render('/api-faq');
    expect(html).toContain('Frequently asked questions');
    expect(html).toContain('class="site-header"');
    expect(head('/api-faq')).toContain('<title>Financial Data API FAQ');
  });
});
