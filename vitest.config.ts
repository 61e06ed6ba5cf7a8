import { defineConfig } from 'vitest/config';
import { reactToPreact, usesReact } from './apps/web/react-runtime.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['./test/fail-on-console-error.ts'],
        },
      },
      {
        // The web tests run on Preact as the site does (apps/web/react-runtime.ts): the aliases
        // answer React's imports, and the libraries that import React are inlined so they reach
        // them. Inlined, they must resolve to their ES module builds: Vitest resolves as Node does
        // by default, which picks the CommonJS builds of React Router and Testing Library, whose
        // require('react') no alias reaches.
        resolve: {
          alias: reactToPreact,
          mainFields: ['module', 'main'],
          conditions: ['module', 'node', 'development|production'],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/fail-on-console-error.ts'],
          server: { deps: { inline: usesReact } },
        },
      },
    ],
  },
});
