/**
 * Both stores, opened fresh for each test: SQLite in a temp file, PostgreSQL in a fresh schema.
 * The contract tests run the same assertions against each.
 */
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { UserRecord } from '../../../../redirector/storage/records';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { createTestSchema } from '../../../helpers/postgres';
import { makeTempDir } from '../../../helpers/testServer';

export interface OpenedStore {
  store: Store;
  close(): Promise<void>;
}

export interface StoreKind {
  kind: 'sqlite' | 'postgres';
  open(): Promise<OpenedStore>;
}

export const sqliteKind: StoreKind = {
  kind: 'sqlite',
  async open() {
    const store = createSqliteStore(path.join(makeTempDir('me-store-'), 'me.sqlite'));
    return { store, close: () => store.close() };
  },
};

export const postgresKind: StoreKind = {
  kind: 'postgres',
  async open() {
    const schema = await createTestSchema();
    const store = await createPostgresStore(schema.url);
    return {
      store,
      async close() {
        await store.close();
        await schema.drop();
      },
    };
  },
};

export const STORE_KINDS = [sqliteKind, postgresKind];

/** Opens a fresh store of `kind` before each test, hands it to `use`, and closes it after the test. */
export function openForEachTest(kind: StoreKind, use: (store: Store) => void | Promise<void>): void {
  let opened: OpenedStore | undefined;
  beforeEach(async () => {
    opened = await kind.open();
    await use(opened.store);
  });
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
}

export function newUser(changes: Partial<Omit<UserRecord, 'id' | 'custom_domain'>> = {}) {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    password_hash: 'scrypt$hash',
    created_at: 1_700_000_000_000,
    ...changes,
  };
}

export { newClick, newLink } from '../../../helpers/records';
