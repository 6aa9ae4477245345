import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run docs:screenshots`: the pictures of README.md and docs/ (e2e/docs/), with the test
 * suite's browser and server; one worker, so the pictures are taken on a calm machine.
 */
export default defineConfig({
  ...base,
  testDir: './docs',
  workers: 1,
  reporter: [['list']],
});
