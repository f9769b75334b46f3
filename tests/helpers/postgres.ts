/**
 * PostgreSQL for tests: each test (or file) gets a fresh schema `me_test_<time>_<random>` on the server
 * that runs on 127.0.0.1:5432 in every session and in CI (TEST_DATABASE_URL overrides it), and a
 * DATABASE_URL whose search_path points there. When the server can't be reached the tests fail
 * with a message saying so; they are never skipped silently.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { App } from '../../redirector/app';
import { type Config, loadConfig } from '../../redirector/config';
import {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from '../../redirector/storage/postgres/postgresStore';
import type { NewClick } from '../../redirector/storage/records';
import { makeTempDir, NO_LINK_CHECKS, serveApp, TEST_ADMIN_KEY, type TestServer } from './testServer';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestSchema {
  schema: string;
  /** TEST_DATABASE_URL with `options=-c search_path=<schema>`. */
  url: string;
  /** A plain connection to the test database, search_path set to the schema. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${error instanceof Error ? error.message || error.name : error}). ` +
        'These tests need it: start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` ' +
        'or point TEST_DATABASE_URL at another server.',
    );
  }
  return client;
}

/** The URL of `base` with its search_path set to `schema`. */
export function withSearchPath(base: string, schema: string): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Schemas left behind by test runs that died more than an hour ago are dropped. */
async function dropStaleSchemas(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT nspname AS name FROM pg_namespace WHERE nspname ~ '^me_test_[0-9]+_[0-9a-f]+$'",
  );
  const hourAgo = Math.floor(Date.now() / 1000) - 3600;
  for (const { name } of rows) {
    if (Number(name.split('_')[2]) < hourAgo) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  }
}

/**
 * A fresh schema on the test database; with `ownDatabase`, in a database made for it alone, which
 * `drop` drops. What VACUUM may remove is bounded by the oldest snapshot open in the same database,
 * so a test that counts removed rows needs a database no other test holds a transaction in.
 */
export async function createTestSchema(options: { ownDatabase?: boolean } = {}): Promise<TestSchema> {
  const schema = `me_test_${Math.floor(Date.now() / 1000)}_${crypto.randomBytes(4).toString('hex')}`;
  if (options.ownDatabase) return createOnOwnDatabase(schema);
  const client = await adminClient();
  await dropStaleSchemas(client).catch(() => undefined);
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  return {
    schema,
    url: withSearchPath(TEST_DATABASE_URL, schema),
    async query(sql, params) {
      return (await client.query(sql, params)).rows;
    },
    async drop() {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

async function createOnOwnDatabase(schema: string): Promise<TestSchema> {
  const admin = await adminClient();
  await admin.query(`CREATE DATABASE ${schema}`);
  const base = new URL(TEST_DATABASE_URL);
  base.pathname = `/${schema}`;
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  return {
    schema,
    url: withSearchPath(base.toString(), schema),
    async query(sql, params) {
      return (await client.query(sql, params)).rows;
    },
    async drop() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${schema} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** On `postgres`, points a server process's `env` at a fresh schema, dropped by a teardown pushed onto `cleanups`. */
export async function useSchemaOn(
  store: 'sqlite' | 'postgres',
  env: Record<string, string>,
  cleanups: (() => Promise<unknown>)[],
): Promise<void> {
  if (store !== 'postgres') return;
  const schema = await createTestSchema();
  cleanups.push(() => schema.drop());
  env.DATABASE_URL = schema.url;
}

export interface PostgresTestServer {
  url: string;
  adminKey: string;
  store: PostgresStore;
  app: App;
  config: Config;
  close(): Promise<void>;
}

/** A PostgreSQL test server where the API helpers take a TestServer: they use its url, keys and app alone. */
export const asTestServer = (server: PostgresTestServer) => server as unknown as TestServer;

/** Like testServer.ts's startTestServer, on the PostgreSQL store of `databaseUrl`. */
export async function startPostgresTestServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; clock?: () => number; store?: PostgresStoreOptions } = {},
): Promise<PostgresTestServer> {
  const dataDir = makeTempDir('me-pg-test-');
  const config = loadConfig({
    PORT: '0',
    ADMIN_KEY: TEST_ADMIN_KEY,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...NO_LINK_CHECKS,
    ...options.env,
  });
  const store = await createPostgresStore(databaseUrl, options.store);
  const served = await serveApp(config, store, options.clock);
  return { ...served, adminKey: TEST_ADMIN_KEY, store, config };
}

/** A test server on a fresh schema of its own, which its close() drops. */
export async function startPostgresTestServerOnFreshSchema(
  options: Parameters<typeof startPostgresTestServer>[1] = {},
): Promise<PostgresTestServer> {
  const schema = await createTestSchema();
  const server = await startPostgresTestServer(schema.url, options);
  return {
    ...server,
    async close() {
      await server.close();
      await schema.drop();
    },
  };
}

interface Closable {
  close(): Promise<void>;
}

/**
 * A fresh schema for a suite and what `open` starts on it (stores, servers), made before the suite's
 * tests (`around: 'each'`: before each test) and closed in turn, then dropped, after them. The
 * answer holds `schema` and `open`'s fields once the hook has run: read them inside the tests.
 */
export function onTestSchema<T extends Record<string, Closable>>(
  open: (schema: TestSchema) => Promise<T>,
  around: 'all' | 'each' = 'all',
  options: { ownDatabase?: boolean } = {},
): { schema: TestSchema } & T {
  const suite = {} as { schema: TestSchema } & T;
  let opened: Closable[] = [];
  (around === 'all' ? beforeAll : beforeEach)(async () => {
    suite.schema = await createTestSchema(options);
    const started = await open(suite.schema);
    opened = Object.values(started);
    Object.assign(suite, started);
  });
  (around === 'all' ? afterAll : afterEach)(async () => {
    for (const instance of opened) await instance.close();
    opened = [];
    await suite.schema?.drop();
  });
  return suite;
}

/** Two stores on one fresh schema, as two instances of the service hold them. */
export function twoStoresOnOneSchema(): { schema: TestSchema; a: PostgresStore; b: PostgresStore } {
  return onTestSchema(async (schema) => ({
    a: await createPostgresStore(schema.url),
    b: await createPostgresStore(schema.url),
  }));
}

/** Two servers (two instances of the service) on one fresh schema, each started with `env`. */
export function twoServersOnOneSchema(env: Record<string, string> = {}): {
  schema: TestSchema;
  a: PostgresTestServer;
  b: PostgresTestServer;
} {
  return onTestSchema(async (schema) => {
    const [a, b] = await Promise.all([
      startPostgresTestServer(schema.url, { env }),
      startPostgresTestServer(schema.url, { env }),
    ]);
    return { a, b };
  });
}

/** twoServersOnOneSchema's servers as the API helpers take them, for the suite's tests to call. */
export function twoTestServersOnOneSchema(env: Record<string, string> = {}): () => { a: TestServer; b: TestServer } {
  const instances = twoServersOnOneSchema(env);
  return () => ({ a: asTestServer(instances.a), b: asTestServer(instances.b) });
}

/** Stores `clicks` a thousand at a time, as a busy service does, and folds them all. */
export async function storeAndFold(store: PostgresStore, clicks: readonly NewClick[]): Promise<void> {
  for (let i = 0; i < clicks.length; i += 1_000) await store.clicks.insertMany(clicks.slice(i, i + 1_000));
  await store.analytics.catchUp();
}

/** A counter of pg_stat_user_tables for `table` in the schema, read afresh. */
export async function tableStatistic(schema: TestSchema, table: string, counter: string): Promise<number> {
  await schema.query('SELECT pg_stat_clear_snapshot()');
  const [row] = await schema.query<{ n: string }>(
    `SELECT ${counter} AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = $2`,
    [schema.schema, table],
  );
  return Number(row!.n);
}
