import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../scripts/bench/chromium.mjs';

/** Debian's Chromium with the same flags as the bench (one list, in scripts/bench/chromium.mjs). */
export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [...chromiumFlags],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Each test starts its own server and browser context and signs in through the form; on a
  // 2-core CI machine running 2 workers a test took 10–27 s and one passed 30 s. 60 s leaves
  // room for a busy machine; an accessibility scan adds its own 30 s (support/a11y.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.reports/playwright.json' },
    ],
  ],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
