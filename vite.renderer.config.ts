import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { UserConfig } from 'vite';

/**
 * The renderer's build, shared by electron-vite (Electron window) and `npm run build:renderer` (web shell).
 * Lives beside the other build configs, not in renderer/ (it runs in Node at build time). Takes the folder
 * explicitly: electron-vite bundles its config, so import.meta.dirname is not ours there.
 */
export function createRendererConfig(rendererDir: string): UserConfig {
  return {
    root: rendererDir,
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(rendererDir, '../out/renderer'),
      emptyOutDir: true,
      target: 'chrome130',
      rolldownOptions: { input: resolve(rendererDir, 'index.html') },
    },
  };
}

export default defineConfig(createRendererConfig(resolve(import.meta.dirname, 'renderer')));
