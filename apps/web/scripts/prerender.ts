import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Writes dist/<route>/index.html for every static route, from the SSR build in dist-ssr.
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrEntry = join(webRoot, 'dist-ssr', 'entry-server.js');
const { render, prerenderPaths } = (await import(ssrEntry)) as {
  render: (path: string) => Promise<string>;
  prerenderPaths: string[];
};
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
for (const path of prerenderPaths) {
  const html = shell.replace('<!--app-->', await render(path));
  const file = path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
}
// The shell for client-only routes keeps an empty root.
writeFileSync(join(dist, 'spa-shell.html'), shell);
rmSync(join(webRoot, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${prerenderPaths.length} pages`);
