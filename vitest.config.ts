import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core out (one worker on a two-core
    // machine), and most of the slow files wait on databases, child processes and sockets: with
    // two workers the node suite took 616 s here against 985 s with one.
    maxWorkers: availableParallelism(),
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
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
