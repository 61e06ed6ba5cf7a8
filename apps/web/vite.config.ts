import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // React 19: JSX on the automatic runtime, and fast refresh in the dev server.
  plugins: [react()],
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
  // the SSR build. React, React DOM and the router stay external (Node loads them).
  ssr: { noExternal: ['zod'] },
  // The dev server sends the server's own paths to it (a prefix '/api' would also catch /api-faq).
  server: {
    proxy: {
      '^/(api|swagger|rzp|dev-identity|sandbox)(/|$)': 'http://127.0.0.1:3000',
      '^/(openapi\\.json|llms\\.txt|healthz|readyz)$': 'http://127.0.0.1:3000',
    },
  },
});
