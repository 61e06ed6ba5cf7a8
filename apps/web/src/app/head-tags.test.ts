import { describe, expect, it } from 'vitest';
import { headTags } from './head-tags.ts';

describe('head tags of prerendered pages', () => {
  it('carry title, description and Open Graph tags, escaped', () => {
    const html = headTags({ title: 'Plans & "Pricing"', description: 'Free <forever>' }, '/pricing');
    expect(html).toContain(
      '<title>Plans &amp; "Pricing"</title>'.replace('"Pricing"', '&quot;Pricing&quot;'),
    );
    expect(html).toContain('<meta name="description" content="Free &lt;forever&gt;">');
    expect(html).toContain('<meta property="og:title" content="Plans &amp; &quot;Pricing&quot;">');
    expect(html).toContain('<meta property="og:description" content="Free &lt;forever&gt;">');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('noindex');
  });

  it('add canonical and og:url when the public URL is known, and noindex for utility pages', () => {
    const html = headTags({ title: 'Thanks', noindex: true }, '/thanks', 'https://bahi.example/');
    expect(html).toContain('<link rel="canonical" href="https://bahi.example/thanks">');
    expect(html).toContain('<meta property="og:url" content="https://bahi.example/thanks">');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});

describe('the head of every page search engines may index', () => {
  it('has a meta description (Lighthouse SEO), the docs page included', async () => {
    const { head, prerenderPaths, docsPath } = await import('../entry-server.tsx');
    const indexable = [...prerenderPaths, docsPath].filter((p) => !head(p).includes('noindex'));
    expect(indexable).toContain(docsPath);
    for (const path of indexable)
      expect(head(path), path).toMatch(/<meta name="description" content="[^"]{50,}">/);
  });
});
