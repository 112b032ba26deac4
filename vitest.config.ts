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
          setupFiles: ['test/setup/temp-dirs.ts', 'test/setup/box-pace.ts'],
          // Bounds for a test that hangs, not for how fast it should be: a test waits for progress
          // (waitFor stretches with the box's load, shared runs end when they stop moving) and the suite
          // runs on two busy cores (issue #45 item 3). Speed is measured by bench/, not by timeouts.
          // test/setup/box-pace.ts stretches these with the box's load when each file is collected; a
          // test's own bound is written idleMs(…) for the same reason.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
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
          setupFiles: ['test/setup/temp-dirs.ts', 'test/setup/box-pace.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's own default is 1 s: a screen or a queue state that takes longer on a busy box is
          // not a failure (issue #45 item 3). A poll whose time matters says its own timeout.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
