import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { head, pageSources, prerenderPaths, render } from '../entry-server.tsx';
import { routes } from '../routes.tsx';
import { lazyPage, lazyPageSource } from './lazy-page.ts';

const pageRoutes: RouteObject[] = routes[0]?.children ?? [];

describe('lazy pages', () => {
  it('resolve every lazy route of the table to its page component', async () => {
    const lazyRoutes = pageRoutes.filter((r) => typeof r.lazy === 'function');
    expect(lazyRoutes.map((r) => r.path)).toContain('contact-us');
    for (const route of lazyRoutes) {
      const resolved = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof resolved.Component, route.path ?? 'index').toBe('function');
    }
  });

  it('refuse a page module that does not exist or a component it does not export', async () => {
    expect(() => lazyPage('features/forms/no-such-page.tsx', 'FeedbackPage')).toThrow(/no page module/);
    await expect(lazyPage('features/forms/feedback-page.tsx', 'NoSuchPage')()).rejects.toThrow(
      /exports no component NoSuchPage/,
    );
  });

  it("name the source file of each lazy page, for the prerender step's preload links", () => {
    expect(pageSources('/feedback')).toEqual(['src/features/forms/feedback-page.tsx']);
    expect(pageSources('/subscription/individual')).toEqual(['src/features/billing/subscription-page.tsx']);
    // Prerendered pages are bundled with the layout: nothing to preload.
    for (const path of prerenderPaths) expect(pageSources(path), path).toEqual([]);
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
