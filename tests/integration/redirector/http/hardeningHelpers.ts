/**
 * Servers for the hardening tests: the real app behind the real node:http server of
 * redirector/http/httpServer.ts (its timeouts included), on SQLite or PostgreSQL, with the admin
 * key and environment a test chooses, restartable on the same data.
 */
import type http from 'node:http';
import path from 'node:path';
import { type App, createApp } from '../../../../redirector/app';
import { loadConfig } from '../../../../redirector/config';
import { createHttpServer } from '../../../../redirector/http/httpServer';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import { createTestSchema } from '../../../helpers/postgres';
import { listenOnFreePort, makeTempDir, TEST_ADMIN_KEY, WEB_ROOT } from '../../../helpers/testServer';

export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

/** Where a server keeps its data: a temp folder, and a fresh schema on PostgreSQL. */
export interface DataPlace {
  kind: StoreKind;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function newDataPlace(kind: StoreKind): Promise<DataPlace> {
  const dataDir = makeTempDir('me-hardening-');
  if (kind === 'sqlite') return { kind, dataDir, databaseUrl: undefined, drop: async () => {} };
  const schema = await createTestSchema();
  return { kind, dataDir, databaseUrl: schema.url, drop: () => schema.drop() };
}

export interface RunningServer {
  url: string;
  adminKey: string;
  app: App;
  server: http.Server;
  close(): Promise<void>;
}

export async function startServerOn(
  place: DataPlace,
  options: { env?: Record<string, string>; adminKey?: string; clock?: () => number } = {},
): Promise<RunningServer> {
  const adminKey = options.adminKey ?? TEST_ADMIN_KEY;
  const config = loadConfig({
    PORT: '0',
    ADMIN_KEY: adminKey,
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    ...options.env,
  });
  const store = place.databaseUrl
    ? await createPostgresStore(place.databaseUrl)
    : createSqliteStore(path.join(place.dataDir, 'me.sqlite'));
  const app = createApp({ config, store, adminKey, clock: options.clock, webRoot: WEB_ROOT });
  const server = createHttpServer(app.handle);
  return { adminKey, app, server, ...(await listenOnFreePort(server, app, store)) };
}

/** A server on data of its own; `stop` (or `await using`) closes it and drops the data. */
export type FreshServer = RunningServer & AsyncDisposable & { place: DataPlace; stop(): Promise<void> };

export async function startFreshServer(
  kind: StoreKind,
  options: Parameters<typeof startServerOn>[1] = {},
): Promise<FreshServer> {
  const place = await newDataPlace(kind);
  const server = await startServerOn(place, options);
  const stop = async () => {
    await server.close();
    await place.drop();
  };
  return Object.assign(server, { place, stop, [Symbol.asyncDispose]: stop });
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked with exact assertions
  body: any;
}

export interface SendOptions {
  body?: unknown;
  /** Sent as is (no Content-Type unless given in headers). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export async function send(url: string, method: string, path: string, options: SendOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : text };
}

let accounts = 0;

/** A registered and signed-in account (from `headers`' address, e.g. an X-Forwarded-For). */
export async function signedInUser(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ token: string; email: string; password: string }> {
  accounts += 1;
  const email = `hardening${accounts}-${process.pid}@example.com`;
  const password = `pw-${accounts}-secret`;
  const registered = await send(url, 'POST', '/api/auth?action=register', {
    body: { name: 'Hardening', email, password },
    headers,
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const login = await send(url, 'POST', '/api/auth?action=login', { body: { email, password }, headers });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { token: login.body.token, email, password };
}

/** Status → how many answers had it. */
export function tally(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
