import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time, each file with its own server process and database
  // (tests/e2e/fixtures.ts); PLAYWRIGHT_WORKERS overrides.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  // The per-file timing table (npm run test:times) reads the JSON report.
  reporter: [['list'], ['json', { outputFile: 'tests/artifacts/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
