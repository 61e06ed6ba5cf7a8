import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Writes dist/<route>/index.html for every static route, from the SSR build in dist-ssr, with
// the route's head tags, plus robots.txt (and sitemap.xml when PUBLIC_URL is set).
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrEntry = join(webRoot, 'dist-ssr', 'entry-server.js');
const { render, head, prerenderPaths } = (await import(ssrEntry)) as {
  render: (path: string) => Promise<string>;
  head: (path: string, publicUrl?: string) => string;
  prerenderPaths: string[];
};
const publicUrl = process.env.PUBLIC_URL || undefined;
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<!--head-->') || !shell.includes('<!--app-->'))
  throw new Error('index.html lacks markers');
for (const path of prerenderPaths) {
  const html = shell.replace('<!--head-->', head(path, publicUrl)).replace('<!--app-->', await render(path));
  const file = path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
// The shell for client-only routes keeps an empty root; the route sets its title on load.
writeFileSync(
  join(dist, 'spa-shell.html'),
  shell
    .replace(
      '<!--head-->',
      '<title>Bahi</title>\n    <meta name="description" content="Financial data API for companies listed on the NSE and BSE.">',
    )
    .replace('<!--app-->', ''),
);

const indexed = prerenderPaths.filter((p) => !head(p).includes('noindex'));
const robots = ['User-agent: *', 'Allow: /'];
if (publicUrl) {
  robots.push(`Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`);
  const urls = indexed.map((p) => `  <url><loc>${new URL(p, publicUrl).href}</loc></url>`).join('\n');
  writeFileSync(
    join(dist, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
}
writeFileSync(join(dist, 'robots.txt'), `${robots.join('\n')}\n`);
rmSync(join(webRoot, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${prerenderPaths.length} pages${publicUrl ? ` for ${publicUrl}` : ''}`);
