/** Playwright fixtures: one real server process (temp database) per test file. */
import { test as base } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

export const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const server = await startServerProcess();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
