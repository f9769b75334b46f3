import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Tests that measure the service's own latency under a load they make themselves: they run last and
 * alone, so that no other suite's work lands in their figures (the timing is theirs to assert).
 */
const ALONE = ['tests/integration/redirector/http/importUnderLoad.test.ts'];

const shared = {
  setupFiles: ['tests/helpers/quietLogs.ts'],
  // Generous: a shared CI machine can run several times slower than a quiet one; speed is the bench's job.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'suites',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ALONE,
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
