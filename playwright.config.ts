import { defineConfig } from '@playwright/test';

/**
 * End-to-end suite: Debian's Chromium drives the browser edition (the real main-process handlers,
 * keychain code and API server). `tests/e2e/support/global-setup.ts` starts it once per run.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/summary/playwright.json' }]],
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1440, height: 900 },
    // The system's "reduce motion" on (issue 18 §4): the console then opens dialogs and switches
    // themes without animating, so no assertion or screenshot meets a screen halfway through a
    // transition. tests/e2e/reduced-motion.spec.ts checks the console honours it.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
