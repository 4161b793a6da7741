import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@contract': resolve(root, 'contract') };

/**
 * One id per renderer build (time plus a little randomness, so two builds in the same second
 * differ). The renderer compares it with `app.info`'s `rendererBuild` to notice that main serves a
 * newer build than the page it is running (stale chunks after an update).
 */
const rendererBuild = `${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;

/** Writes out/renderer/build-id.json, which main reads for `app.info`. */
function buildIdFile(build: string): Plugin {
  return {
    name: 'palette:build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-id.json', source: JSON.stringify({ build }) + '\n' });
    },
  };
}

/**
 * Absolute asset URLs for the renderer. The console uses history routing on app://palette/ and on
 * the browser edition's host, so a deep link such as /projects/7 must still load /assets/...;
 * electron-vite forces './' in production builds, which only suits file:// loading (not used here).
 */
function absoluteBase(): Plugin {
  return {
    name: 'palette:absolute-base',
    config: () => ({ base: '/' }),
  };
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies stay in node_modules (keytar is native, electron-store and zod are shared).
      externalizeDeps: true,
      rolldownOptions: {
        // Two entries: the Electron app and the browser edition's host (which never loads Electron).
        input: {
          index: resolve(root, 'main/src/index.ts'),
          host: resolve(root, 'main/src/host/index.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/shared-[hash].js' },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require only `electron` and cannot be ESM: one CommonJS file, nothing
      // split out (`codeSplitting: false` is rolldown's name for inlineDynamicImports).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'preload/src/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    resolve: { alias },
    plugins: [react(), buildIdFile(rendererBuild), absoluteBase()],
    define: { __RENDERER_BUILD__: JSON.stringify(rendererBuild) },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // out/renderer lies outside the renderer root, where Vite would otherwise keep old chunks.
      emptyOutDir: true,
      rolldownOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
      },
    },
  },
});
