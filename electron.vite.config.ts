import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { createRendererConfig } from './vite.renderer.config';
import { buildInfoAt } from './electron/core/util/build-info';
import packageJson from './package.json' with { type: 'json' };

const rendererConfig = createRendererConfig(resolve(import.meta.dirname, 'renderer'));

// The build's version and commit, inlined into the main bundle (electron/cli/agent-version.ts): `--version`,
// `status` and intake_build_info tell two builds of one version apart. Outside a git checkout set
// INTAKE_BUILD_COMMIT; without either the build says "commit unknown" (here, and in every answer).
const build = buildInfoAt(import.meta.dirname, packageJson.version);
if (build.note) console.warn(`electron-vite: the build records no commit: ${build.note}; set INTAKE_BUILD_COMMIT`);

export default defineConfig({
  main: {
    define: { __INTAKE_BUILD__: JSON.stringify(build) },
    build: {
      outDir: 'out/main',
      // Entries sharing one set of chunks: the window's main process, and the headless agent that
      // bin/intake-agent.mjs runs under plain Node (and the packaged app runs with --headless).
      lib: {
        entry: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          agent: resolve(import.meta.dirname, 'electron/cli/agent.ts'),
          // Capture's analysis runs in worker threads (electron/core/capture/analysis/capture-pool.ts): its own entry.
          'capture-worker': resolve(import.meta.dirname, 'electron/core/capture/analysis/analysis-worker.ts'),
          // …and its part PDFs are built in one more (part-builder.ts), off the main thread (issue #30 item 6).
          'part-worker': resolve(import.meta.dirname, 'electron/core/capture/split/part-worker.ts'),
          // Document text (pdf.js text layers, OCR): electron/core/suggestions/text-pool.ts.
          'text-worker': resolve(import.meta.dirname, 'electron/core/text-worker/text-worker.ts'),
        },
        formats: ['es'],
      },
      // Native modules, WASM packages and electron-updater stay outside the bundle. Pure-JS packages go in:
      // loaded as hundreds of separate ES modules (zod alone is ~100 files) they made up most of the agent's
      // start-up time (see docs/benchmarks.md, agent start-up).
      externalizeDeps: { exclude: ['zod', 'jose', 'chokidar', 'form-data', 'ws'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require our modules: one CJS file with the contract (and zod) inlined.
      externalizeDeps: false,
      lib: { entry: resolve(import.meta.dirname, 'electron/preload/index.ts'), formats: ['cjs'] },
      rolldownOptions: { output: { entryFileNames: 'index.cjs' } },
    },
  },
  renderer: {
    ...rendererConfig,
    base: undefined,
  },
});
