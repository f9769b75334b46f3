import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time, each worker with its own server process and database
  // (tests/e2e/fixtures.ts); PLAYWRIGHT_WORKERS overrides.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  retries: process.env.CI ? 1 : 0,
  // The per-file timing table (npm run test:times) reads the JSON report.
  reporter: [['list'], ['json', { outputFile: 'tests/artifacts/playwright.json' }]],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
