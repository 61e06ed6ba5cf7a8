import { defineConfig } from 'vite';
import { reactToPreact, usesReact } from './react-runtime.ts';

export default defineConfig({
  // JSX compiles to the automatic runtime's 'react/jsx-runtime', which the aliases answer with
  // preact/compat's (so no React plugin: its fast refresh needs React itself; the dev server
  // reloads the page instead).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: { alias: reactToPreact },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // The manifest tells the prerender step which chunks each page needs (it deletes the file after).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Everything the entry needs at once (React, the router, the layout) goes in one chunk
    // instead of a dozen small shared ones; each page stays a chunk of its own. The entry (the
    // HTML, its module preload polyfill and entry-client) stays out of it, and the chunk takes no
    // dependencies beyond the group: entry-client awaits the first page's chunk at the top level,
    // and that chunk imports the shell, so a shell holding or importing the entry would wait on
    // itself and the page would never render.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id: string) => !/\/src\/entry-client\.tsx$|\.html$|modulepreload-polyfill/.test(id),
            },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  // The form rules in @bahi/contracts use zod 4, installed beside contracts only: bundle it into
  // the SSR build, and the libraries that import React too, so the aliases answer them there.
  ssr: { noExternal: ['zod', ...usesReact] },
  // The dev server sends the server's own paths to it (a prefix '/api' would also catch /api-faq).
  server: {
    proxy: {
      '^/(api|swagger|rzp|dev-identity|sandbox)(/|$)': 'http://127.0.0.1:3000',
      '^/(openapi\\.json|llms\\.txt|healthz|readyz)$': 'http://127.0.0.1:3000',
    },
  },
});
