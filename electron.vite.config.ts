import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { createRendererConfig } from './vite.renderer.config';

const rendererConfig = createRendererConfig(resolve(import.meta.dirname, 'renderer'));

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve(import.meta.dirname, 'electron/main/index.ts'), formats: ['es'] },
      // Native modules and their loaders stay outside the bundle.
      externalizeDeps: true,
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
