/** A real server on a free port with a real SQLite file in a temp directory. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type App, createApp } from '../../redirector/app';
import { type Config, loadConfig } from '../../redirector/config';
import { HUB_KEY_NAME, loadKeptSecret } from '../../redirector/privacy/keptSecret';
import { loadVisitorSecret } from '../../redirector/privacy/visitorSecret';
import { createSqliteStore, type SqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../redirector/storage/store';
import { closeNow } from './closeNow';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

/**
 * Test servers check no link by themselves (docs/api.md#link-health): their links point at names
 * this machine cannot resolve. The link health tests turn checks on.
 */
export const NO_LINK_CHECKS = { LINK_CHECK_HOURS: '0' } as const;

export interface TestServer {
  url: string;
  adminKey: string;
  dataDir: string;
  store: SqliteStore;
  app: App;
  config: Config;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables as the service would read them (PUBLIC_URL, TRUST_PROXY, ...). */
  env?: Record<string, string>;
  clock?: () => number;
  /** Reuse a data directory (restarts). */
  dataDir?: string;
}

export const WEB_ROOT = path.resolve(import.meta.dirname, '../../dist/web');

export function makeTempDir(prefix = 'me-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The app over `store` with the test admin key, served as listenOnFreePort does. */
export async function serveApp(
  config: Config,
  store: Store,
  clock?: () => number,
): Promise<{ url: string; app: App; close(): Promise<void> }> {
  const visitorSecret = config.anonymizeIps ? await loadVisitorSecret(store, config.dataDir) : undefined;
  const hubKey = await loadKeptSecret(store, config.dataDir, HUB_KEY_NAME);
  const app = createApp({ config, store, adminKey: TEST_ADMIN_KEY, clock, webRoot: WEB_ROOT, visitorSecret, hubKey });
  return { app, ...(await listenOnFreePort(http.createServer(app.handle), app, store)) };
}

/** Starts `server` on a free loopback port; close() stops it, drains clicks, closes the store. */
export async function listenOnFreePort(
  server: http.Server,
  app: App,
  store: Store,
): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await closeNow(server);
      await app.drain();
      await store.close();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const config = loadConfig({
    PORT: '0',
    ADMIN_KEY: TEST_ADMIN_KEY,
    DATA_DIR: dataDir,
    ...NO_LINK_CHECKS,
    ...options.env,
  });
  const store = createSqliteStore(path.join(dataDir, 'me.sqlite'));
  const served = await serveApp(config, store, options.clock);
  return { ...served, adminKey: TEST_ADMIN_KEY, dataDir, store, config };
}

/** Runs `test` against a server of `options` of its own, closed after it whatever happens. */
export async function withTestServer(options: TestServerOptions, test: (server: TestServer) => Promise<void>) {
  const server = await startTestServer(options);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}
