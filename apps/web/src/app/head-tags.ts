import { siteName } from '@bahi/contracts/site';
import type { PageMeta } from './page-meta.ts';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The head tags of a prerendered page: title, description, Open Graph and, when the public
 * URL is known at build time, canonical and og:url.
 */
export function headTags(meta: PageMeta, path: string, publicUrl?: string): string {
  const tags = [`<title>${escapeHtml(meta.title)}</title>`];
  const attr = (name: string, value: string) => `${name}="${escapeHtml(value)}"`;
  if (meta.description)
    tags.push(`<meta ${attr('name', 'description')} ${attr('content', meta.description)}>`);
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  const og: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', siteName],
    ['og:title', meta.title],
    ['og:locale', 'en_IN'],
  ];
  if (meta.description) og.push(['og:description', meta.description]);
  if (publicUrl) {
    const url = new URL(path, publicUrl).href;
    og.push(['og:url', url]);
    tags.push(`<link rel="canonical" ${attr('href', url)}>`);
  }
  for (const [property, content] of og)
    tags.push(`<meta ${attr('property', property)} ${attr('content', content)}>`);
  tags.push('<meta name="twitter:card" content="summary">');
  return tags.join('\n    ');
}
