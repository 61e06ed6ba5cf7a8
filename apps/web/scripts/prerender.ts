import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Writes dist/<route>/index.html for every static route, from the SSR build in dist-ssr, with
// the route's head tags, the stylesheet inlined (no render-blocking request) and
// `modulepreload` links for the page's own chunks (fetched beside the entry, not after it), plus
// robots.txt (and sitemap.xml when PUBLIC_URL is set); then precompresses every text file
// (.br and .gz siblings) for the server to send as they are. The SSR build stays in dist-ssr
// with the docs page's template: the server renders that page from its live document.
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrEntry = join(webRoot, 'dist-ssr', 'entry-server.js');
const { render, head, pageSources, prerenderPaths, sitePathPatterns, docsPath, docsPageSource } =
  (await import(ssrEntry)) as {
    render: (path: string) => Promise<string>;
    head: (path: string, publicUrl?: string) => string;
    pageSources: (path: string) => string[];
    prerenderPaths: string[];
    sitePathPatterns: string[];
    docsPath: string;
    docsPageSource: string;
  };
const publicUrl = process.env.PUBLIC_URL || undefined;
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<!--head-->') || !shell.includes('<!--app-->'))
  throw new Error('index.html lacks markers');
const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(shell);
const pageShell = stylesheet
  ? shell.replace(
      stylesheet[0],
      () => `<style>${readFileSync(join(dist, stylesheet[1] ?? ''), 'utf8')}</style>`,
    )
  : shell;
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
for (const path of prerenderPaths) {
  const html = pageShell
    .replace('<!--head-->', () => head(path, publicUrl) + pageAssets(pageSources(path)))
    .replace('<!--app-->', await render(path));
  const file = path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
// The docs page: the server renders its reference from the document it serves (entry-server's
// renderDocs, kept in dist-ssr) into this page, at the <!--app--> marker.
writeFileSync(
  join(webRoot, 'dist-ssr', 'docs-page.html'),
  pageShell.replace('<!--head-->', () => head(docsPath, publicUrl) + pageAssets([docsPageSource])),
);
// The server answers any other path with the not-found page and a 404 status.
writeFileSync(join(dist, 'routes.json'), `${JSON.stringify(sitePathPatterns)}\n`);
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
rmSync(join(dist, '.vite'), { recursive: true, force: true });

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * Head tags for a prerendered page's lazy chunks: a `modulepreload` link for each chunk the page
 * module needs that the shell does not already load, and its stylesheets inlined.
 */
function pageAssets(sources: string[]): string {
  const chunks = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the client build's manifest`);
    if (chunks.has(chunk.file)) return;
    chunks.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const source of sources) visit(source);
  const links = [...chunks]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`);
  const styles = [...css]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `\n    <style>${readFileSync(join(dist, file), 'utf8')}</style>`);
  return links.join('') + styles.join('');
}

const compressible = new Set(['.html', '.js', '.css', '.svg', '.txt', '.xml', '.json']);
function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) count += precompress(file);
    else if (compressible.has(extname(file)) && statSync(file).size >= 1024) {
      const body = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      count++;
    }
  }
  return count;
}
const compressed = precompress(dist);
console.log(
  `prerendered ${prerenderPaths.length} pages${publicUrl ? ` for ${publicUrl}` : ''}; precompressed ${compressed} files`,
);
