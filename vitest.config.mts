import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/helpers/quietLogs.ts'],
    // Generous: a shared CI machine can run several times slower than a quiet one; speed is the bench's job.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
