/**
 * Playwright fixtures: one real server process (temp database) per test file, while a worker runs
 * file after file with one browser (docs/performance.md, "The test suite's time").
 *
 * A spec file calls `serverForFile(env)` at its top: its first `beforeAll` stops the server of the
 * worker's last file and starts a fresh one, with a database of its own and that environment. The
 * environment is no `test.use` option: a worker-scoped option of each file's own would give every
 * file a worker of its own, and a worker costs a process, Chromium's launch and their stop.
 */
import { test as base } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';

/** The server of the file running now, behind the one `server` value a worker keeps. */
export class FileServer implements ServerProcess {
  private current: ServerProcess | undefined;
  private file: string | undefined;

  /** Stops the last file's server and starts this file's, with `env` added to the defaults. */
  async startFor(file: string, env: Record<string, string>): Promise<void> {
    const last = this.current;
    this.current = undefined;
    this.file = undefined;
    await last?.stop();
    this.current = await startServerProcess({ env });
    this.file = file;
  }

  async stopLast(): Promise<void> {
    await this.current?.stop();
  }

  /** This file's server; a file that did not call `serverForFile` must not see another file's. */
  private get process(): ServerProcess {
    const file = base.info().file;
    if (!this.current || this.file !== file) {
      throw new Error(`${file} uses the server fixture without serverForFile() at its top (tests/e2e/fixtures.ts)`);
    }
    return this.current;
  }

  get url() {
    return this.process.url;
  }
  get port() {
    return this.process.port;
  }
  get adminKey() {
    return this.process.adminKey;
  }
  get dataDir() {
    return this.process.dataDir;
  }
  get child() {
    return this.process.child;
  }
  output() {
    return this.process.output();
  }
  stop() {
    return this.process.stop();
  }
  kill() {
    return this.process.kill();
  }
}

export const test = base.extend<object, { server: ServerProcess; fileServer: FileServer }>({
  fileServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for
    async ({}, use) => {
      const fileServer = new FileServer();
      await use(fileServer);
      await fileServer.stopLast();
    },
    { scope: 'worker' },
  ],
  server: [async ({ fileServer }, use) => use(fileServer), { scope: 'worker' }],
});

/**
 * This file's server, fresh (an empty database), with `env` added to its environment
 * (`serverForFile({ TRUST_PROXY: '1' })`). Call it at the file's top, before its own hooks: its
 * `beforeAll` runs first. A retry in a new worker starts the file's server afresh, as before.
 */
export function serverForFile(env: Record<string, string> = {}) {
  test.beforeAll(async ({ fileServer }, testInfo) => {
    await fileServer.startFor(testInfo.file, env);
  });
}

export { expect } from '@playwright/test';
