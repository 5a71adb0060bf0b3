/**
 * The browser journeys. `npm run test:e2e` builds the web app and the server, then runs every spec against one
 * testkit stack (testkit/src/stack) that Playwright starts and stops. One spec, after a build:
 * `npx playwright test -c e2e/playwright.config.ts auth-login` (add `--project mobile` for
 * `*.mobile.spec.ts`). A stack already listening on the ports is reused outside CI, e.g. one left
 * running with `node --import tsx testkit/src/stack/cli.ts --port 3190 --control 3191`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '@parley/testkit/browser';
import { appPort, appUrl, controlPort } from './support/stack-ports.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's Chromium is the browser; Playwright must never download its own.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// The journeys run the compiled server that `npm start` runs; `npm run test:e2e` builds it first.
process.env.PARLEY_SERVER_ENTRY = 'build';
const isCI = Boolean(process.env.CI);

const chromium = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: chromiumLaunchOptions,
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the pass/fail totals that `npm test` prints last.
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'playwright-report', 'results.json') }]],
  use: {
    baseURL: appUrl,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'on-first-retry',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: '*.mobile.spec.ts',
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testMatch: '*.mobile.spec.ts',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `node --import tsx testkit/src/stack/cli.ts --port ${appPort} --control ${controlPort}`,
    cwd: repoRoot,
    url: `${appUrl}/api/health/ready`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
