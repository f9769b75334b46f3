/** Playwright fixtures: one real server process (temp database) per test file. */
import { test as base } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

export const test = base.extend<object, { server: ServerProcess; serverEnv: Record<string, string> }>({
  /** Extra environment for the server, per spec file: `test.use({ serverEnv: { TRUST_PROXY: '1' } })`. */
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServerProcess({ env: serverEnv });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
