import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = [
  { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
  { find: /^libpag\/wasm(?=\?|$)/, replacement: fileURLToPath(new URL('./node_modules/libpag/lib/libpag.wasm', import.meta.url)) },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { resolve: { alias }, test: { name: 'main', include: ['tests/main/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      // Component tests render whole screens: 5 s (vitest's default) is too little on a busy 2-core machine.
      { resolve: { alias }, test: { name: 'renderer', include: ['tests/renderer/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['tests/renderer/setup.ts'], testTimeout: 20_000 } },
    ],
  },
});
