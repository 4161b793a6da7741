import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { type Plugin } from 'vite';
import { rendererChunking } from './scripts/renderer-chunks';
import { fluentIconAtoms } from './scripts/fluent-icon-atoms';
import { precomputed } from './scripts/renderer-precompute';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = [
  { find: '@contract', replacement: resolve(root, 'contract') },
  // libpag's package exports no path to its WebAssembly module; the console fetches it for the player.
  { find: /^libpag\/wasm(?=\?|$)/, replacement: resolve(root, 'node_modules/libpag/lib/libpag.wasm') },
];

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

/** The renderer's chunks, cut for its first screens' script budgets (scripts/renderer-chunks.ts). */
const chunking = rendererChunking(root);

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
    plugins: [react(), buildIdFile(rendererBuild), absoluteBase(), precomputed(root, alias), fluentIconAtoms(root), ...chunking.plugins],
    define: { __RENDERER_BUILD__: JSON.stringify(rendererBuild) },
    // While developing, the PAG player's sandboxed frame (an opaque origin, `Origin: null`) loads
    // its modules from the dev server, which otherwise answers CORS only to localhost origins.
    server: { cors: { origin: [/^https?:\/\/(?:(?:[^:]+\.)?localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/, 'null'] } },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // out/renderer lies outside the renderer root, where Vite would otherwise keep old chunks.
      emptyOutDir: true,
      // electron-vite leaves renderer bundles unminified; minified, the console's first load is
      // about half the script to read and parse (index + call-api: 1.8 MB → 0.84 MB).
      minify: true,
      // Maps for reading crash reports (uploaded to Sentry by the release job), never shipped: the
      // files carry no reference to them and electron-builder.yml leaves out/**/*.map out.
      sourcemap: 'hidden',
      // Every browser the console runs in (Electron's Chromium, the browser edition's) preloads
      // modules itself; the polyfill would only add to the first download.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // Two pages: the console, and the PAG player it frames (renderer/pag-player; see
        // main/src/web-security.ts). The player's script stays in its own folder, which main serves
        // under the player's policy and to the player's opaque origin.
        input: { index: resolve(root, 'renderer/index.html'), 'pag-player': resolve(root, 'renderer/pag-player/index.html') },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'pag-player' ? 'pag-player/[name]-[hash].js' : 'assets/[name]-[hash].js'),
          codeSplitting: { groups: chunking.groups },
        },
      },
    },
  },
});
