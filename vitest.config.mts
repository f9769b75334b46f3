import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/build/catalogueParts';

/**
 * Tests that measure the service's own latency under a load they make themselves: they run last and
 * alone, so that no other suite's work lands in their figures (the timing is theirs to assert).
 */
const ALONE = ['tests/integration/redirector/http/importUnderLoad.test.ts'];

/** The UI's suites: they start with every language's words loaded (tests/unit/renderer/setupLanguages.ts). */
const RENDERER = ['tests/unit/renderer/**/*.test.{ts,tsx}', 'tests/integration/renderer/**/*.test.{ts,tsx}'];

const shared = {
  setupFiles: ['tests/helpers/quietLogs.ts'],
  // vitest's default is one worker per core less one: a single file at a time on a 2-core machine,
  // while most files wait on servers, PostgreSQL and child processes rather than compute. Each file
  // has its own temp directory, PostgreSQL schema and free ports, so files run side by side
  // (VITEST_MAX_WORKERS overrides; docs/performance.md, "The test suite's time").
  maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
  // Generous: a shared CI machine can run several times slower than a quiet one; speed is the bench's job.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // On CI (a shared machine) a test that fails is run once more, as Playwright's are; a failure
  // that is not the machine's fails twice (docs/performance.md, "The test suite's time").
  retry: process.env.CI ? 1 : 0,
  pool: 'forks' as const,
};

/**
 * Each worker process runs its files one after another in one module graph instead of a fresh one
 * per file, so a file's imports are read once per worker. A server's background loops that a file
 * left running would go on taking CPU from every later file of its worker: the integration suites'
 * setup file tests/helpers/leftRunning.ts fails a file that leaves a timer, server, socket or child
 * process behind (docs/performance.md, "The test suite's time"). The ALONE files keep a process.
 */
const oneGraph = { isolate: false };

export default defineConfig({
  plugins: [react(), catalogueParts()],
  test: {
    // The per-file timing table (npm run test:times) reads this report.
    reporters: ['default', ['json', { outputFile: 'tests/artifacts/vitest.json' }]],
    projects: [
      {
        plugins: [react(), catalogueParts()],
        test: {
          ...shared,
          setupFiles: [...shared.setupFiles, 'tests/helpers/leftRunning.ts'],
          ...oneGraph,
          name: 'suites',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...ALONE, ...RENDERER, 'tests/unit/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          ...shared,
          ...oneGraph,
          name: 'units',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: RENDERER,
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          ...shared,
          setupFiles: [
            ...shared.setupFiles,
            'tests/unit/renderer/setupLanguages.ts',
            'tests/unit/renderer/setupWaits.ts',
          ],
          ...oneGraph,
          name: 'renderer',
          include: RENDERER,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
