import { defineConfig } from 'vitest/config';

// Vitest does not read electron.vite.config.ts. Projects: `node` (shared, core, sandbox, cli, web,
// shell logic), `renderer` (React components and stores, in a DOM) and `e2e` (Chromium via playwright-core
// against the web shell).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['{shared,electron,sandbox,bench,scripts,test/unit,test/integration}/**/*.test.ts'],
          setupFiles: ['test/setup/temp-dirs.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'renderer',
          environment: 'node',
          include: ['renderer/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/setup/temp-dirs.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
