/** SQLite's own schema changes (../migration.ts says how they are applied). */

import { SQLITE_DOMAINS_SQL } from '../repositories/domainSchema';
import type { Migration } from '../migration';
import { apiKeysTableSql } from '../repositories/apiKeyRepository';
import { linkOptionsSql } from '../repositories/linkOptionsSchema';
import { LINKS_AT_SCALE_SQL } from '../repositories/listSchema';
import { VISITOR_IDENTITY_SQL } from '../visitorIdentity';
import {
  ANALYTICS_BY_DAY_SQL,
  ANALYTICS_LINK_RETURNS_SQL,
  ANALYTICS_REPEAT_INDEX_SQL,
  ANALYTICS_ROLLUPS_SQL,
  ANALYTICS_SERVICE_DAYS_SQL,
  ANALYTICS_VISIT_FREQUENCY_SQL,
  ANALYTICS_VISITOR_DAY_REPEATS_SQL,
} from './analytics/schema';

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'users, sessions, links, clicks',
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        custom_domain TEXT UNIQUE,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('admin', 'user')),
        user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_expires ON sessions(expires_at);
      CREATE TABLE links (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
        title TEXT NOT NULL DEFAULT '',
        target_url TEXT NOT NULL,
        short_code TEXT NOT NULL UNIQUE,
        enable_tiktok_bypass INTEGER NOT NULL DEFAULT 0,
        enable_country_redirect INTEGER NOT NULL DEFAULT 0,
        country_redirect_url TEXT,
        enable_instagram_exit INTEGER NOT NULL DEFAULT 0,
        instagram_exit_url TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX links_user ON links(user_id, created_at);
      CREATE TABLE clicks (
        id INTEGER PRIMARY KEY,
        link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
        clicked_at INTEGER NOT NULL,
        ip_address TEXT NOT NULL,
        country TEXT NOT NULL DEFAULT 'XX',
        city TEXT,
        device_type TEXT NOT NULL CHECK (device_type IN ('ios', 'android', 'web')),
        device_info TEXT,
        browser TEXT,
        browser_version TEXT,
        os TEXT,
        os_version TEXT,
        referrer_source TEXT,
        instagram_exit INTEGER NOT NULL DEFAULT 0,
        blocked INTEGER NOT NULL DEFAULT 0,
        is_bot INTEGER NOT NULL DEFAULT 0,
        user_agent TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX clicks_link_time ON clicks(link_id, clicked_at);
      CREATE INDEX clicks_time ON clicks(clicked_at);
    `,
  },
  {
    version: 2,
    name: 'analytics rollups',
    sql: ANALYTICS_ROLLUPS_SQL,
  },
  {
    version: 3,
    name: 'analytics visit frequency',
    sql: ANALYTICS_VISIT_FREQUENCY_SQL,
  },
  {
    version: 4,
    name: 'analytics repeat-visitor index',
    sql: ANALYTICS_REPEAT_INDEX_SQL,
  },
  {
    version: 5,
    name: 'tags, disabled users, list indexes',
    sql: LINKS_AT_SCALE_SQL,
  },
  {
    version: 6,
    name: 'API keys',
    sql: apiKeysTableSql('id INTEGER PRIMARY KEY AUTOINCREMENT'),
  },
  {
    version: 7,
    name: 'link options',
    sql: linkOptionsSql('TEXT'),
  },
  {
    version: 8,
    name: 'visitor identity',
    sql: VISITOR_IDENTITY_SQL,
  },
  {
    version: 9,
    name: 'analytics by day',
    sql: ANALYTICS_BY_DAY_SQL,
  },
  {
    version: 10,
    name: 'analytics by day, service-wide',
    sql: ANALYTICS_SERVICE_DAYS_SQL,
  },
  {
    version: 11,
    name: 'analytics by day, per-link returns',
    sql: ANALYTICS_LINK_RETURNS_SQL,
  },
  {
    version: 12,
    name: 'ranged repeat visitors',
    sql: ANALYTICS_VISITOR_DAY_REPEATS_SQL,
  },
  {
    version: 13,
    name: 'custom domains',
    sql: SQLITE_DOMAINS_SQL,
    foreignKeysOff: true,
  },
];
