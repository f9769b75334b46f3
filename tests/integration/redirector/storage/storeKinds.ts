/**
 * Both stores, opened fresh for each test: SQLite in a temp file, PostgreSQL in a fresh schema.
 * The contract tests run the same assertions against each.
 */
import path from 'node:path';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { NewClick, NewLink, UserRecord } from '../../../../redirector/storage/records';
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

export function newUser(changes: Partial<Omit<UserRecord, 'id' | 'custom_domain'>> = {}) {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    password_hash: 'scrypt$hash',
    created_at: 1_700_000_000_000,
    ...changes,
  };
}

export function newLink(changes: Partial<NewLink> = {}): NewLink {
  return {
    user_id: null,
    title: 'A link',
    target_url: 'https://example.com/',
    short_code: 'abc123',
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: null,
    enable_instagram_exit: false,
    instagram_exit_url: null,
    created_at: 1_700_000_000_000,
    ...changes,
  };
}

/** A human desktop click from the US, changed by `changes`. */
export function newClick(linkId: number, clickedAt: number, changes: Partial<NewClick> = {}): NewClick {
  return {
    link_id: linkId,
    clicked_at: clickedAt,
    ip_address: '198.51.100.1',
    country: 'US',
    city: 'Ashburn',
    device_type: 'web',
    device_info: null,
    browser: 'Chrome',
    browser_version: '120.0.0.0',
    os: 'Windows',
    os_version: '10',
    referrer_source: null,
    instagram_exit: false,
    blocked: false,
    is_bot: false,
    user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0.0.0',
    ...changes,
  };
}
