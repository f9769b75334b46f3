/** One test server for a whole suite (vitest only: the Playwright specs import testServer.ts). */
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer';

/** A test server for the suite: started before its tests with `options`, closed after them. */
export function serverForSuite(options: TestServerOptions = {}): { readonly server: TestServer } {
  const suite = {} as { server: TestServer };
  beforeAll(async () => {
    suite.server = await startTestServer(options);
  });
  afterAll(() => suite.server?.close());
  return suite;
}
