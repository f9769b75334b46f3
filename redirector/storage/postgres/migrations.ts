/**
 * PostgreSQL's own schema changes (../migration.ts says how they are applied; migrate.ts does it
 * here, one instance at a time).
 *
 * The same tables as the SQLite store, with PostgreSQL types: BIGINT epoch milliseconds, BOOLEAN
 * flags, identity ids (a sequence never hands out an id twice). Unique constraints are named
 * `<table>_<column>_key`: the executor maps a violation to its column by that name. The analytics
 * rollups are kept by the click insert itself (rollups.ts); the last minutes and a link's latest
 * clicks are read from the clicks over the (clicked_at) and (link_id, clicked_at, id) indexes.
 */

import { POSTGRES_DOMAINS_SQL } from '../repositories/domainSchema';
import type { Migration } from '../migration';
import { apiKeysTableSql } from '../repositories/apiKeyRepository';
import { linkOptionsSql } from '../repositories/linkOptionsSchema';
import { LINKS_AT_SCALE_SQL, POSTGRES_LINK_COUNT_SQL } from '../repositories/listSchema';
import { VISITOR_IDENTITY_SQL } from '../visitorIdentity';
import { ATTEMPT_LIMITS_SQL } from './attemptLimits';
import {
  ANALYTICS_BY_DAY_SQL,
  ANALYTICS_DAY_RETURNS_SQL,
  ANALYTICS_LINK_RETURNS_SQL,
  ANALYTICS_ROLLUPS_SQL,
  ANALYTICS_SERVICE_DAYS_SQL,
  ANALYTICS_VISITOR_DAY_REPEATS_SQL,
} from './rollups';

export const LINK_CHANGES_CHANNEL = 'link_changes';

export const pgMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'users, sessions, links, clicks',
    sql: `
      CREATE TABLE users (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL CONSTRAINT users_email_key UNIQUE,
        password_hash TEXT NOT NULL,
        custom_domain TEXT CONSTRAINT users_custom_domain_key UNIQUE,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('admin', 'user')),
        user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_expires ON sessions(expires_at);
      CREATE TABLE links (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
        title TEXT NOT NULL DEFAULT '',
        target_url TEXT NOT NULL,
        short_code TEXT NOT NULL CONSTRAINT links_short_code_key UNIQUE,
        enable_tiktok_bypass BOOLEAN NOT NULL DEFAULT false,
        enable_country_redirect BOOLEAN NOT NULL DEFAULT false,
        country_redirect_url TEXT,
        enable_instagram_exit BOOLEAN NOT NULL DEFAULT false,
        instagram_exit_url TEXT,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX links_user ON links(user_id, created_at);
      CREATE TABLE clicks (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
        clicked_at BIGINT NOT NULL,
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
        instagram_exit BOOLEAN NOT NULL DEFAULT false,
        blocked BOOLEAN NOT NULL DEFAULT false,
        is_bot BOOLEAN NOT NULL DEFAULT false,
        user_agent TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX clicks_link_time ON clicks(link_id, clicked_at);
      CREATE INDEX clicks_time ON clicks(clicked_at);
    `,
  },
  {
    version: 2,
    name: 'link change notifications',
    // Every instance keeps links in memory for the redirect path (links/linkCache.ts), misses
    // included: whoever writes a link, every listening instance hears `<schema>/<short code>` once
    // the transaction commits (linkChanges.ts) and drops it from its cache. Channels are
    // database-wide, hence the schema: deployments in other schemas ignore it.
    sql: `
      CREATE FUNCTION notify_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM pg_notify('${LINK_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || '/' || OLD.short_code);
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.short_code IS DISTINCT FROM OLD.short_code) THEN
          PERFORM pg_notify('${LINK_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || '/' || NEW.short_code);
        END IF;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER links_notify_change AFTER INSERT OR UPDATE OR DELETE ON links
        FOR EACH ROW EXECUTE FUNCTION notify_link_change();
    `,
  },
  {
    version: 3,
    name: 'tags, disabled users, list indexes',
    sql: `${LINKS_AT_SCALE_SQL}
      -- A user's disabled flag travels with their links in every instance's cache: each instance
      -- drops that user's links when the flag changes.
      CREATE FUNCTION notify_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${LINK_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || '/' || l.short_code)
        FROM links l WHERE l.user_id = NEW.id;
        RETURN NULL;
      END
      $$;
      CREATE TRIGGER users_notify_disabled AFTER UPDATE OF disabled ON users
        FOR EACH ROW WHEN (NEW.disabled IS DISTINCT FROM OLD.disabled) EXECUTE FUNCTION notify_owner_change();
    `,
  },
  {
    version: 4,
    name: 'API keys',
    sql: apiKeysTableSql('id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY'),
  },
  {
    version: 5,
    name: 'analytics rollups',
    sql: ANALYTICS_ROLLUPS_SQL,
  },
  {
    version: 6,
    name: 'shared attempt limits',
    sql: ATTEMPT_LIMITS_SQL,
  },
  {
    version: 7,
    name: 'link options',
    sql: linkOptionsSql('JSONB'),
  },
  {
    version: 8,
    name: 'visitor identity, shared secrets',
    sql: `${VISITOR_IDENTITY_SQL}
      -- Secrets every instance must share (privacy/visitorSecret.ts): the first instance's wins.
      CREATE TABLE shared_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
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
    name: 'click export and ranged visitor indexes',
    // The click export reads a link's clicks a page at a time after (clicked_at, id)
    // (../analytics/ranges.ts): with id in the index, each page starts where the last one ended and
    // comes out in order. It replaces (link_id, clicked_at), which every other read of one link's
    // clicks uses as its prefix, so the click insert keeps one index per link and time. The ranged
    // repeat visitors look up the places of their top ten by visitor and day.
    sql: `
      CREATE INDEX clicks_link_time_id ON clicks(link_id, clicked_at, id);
      DROP INDEX clicks_link_time;
      CREATE INDEX link_day_visitors_visitor ON link_day_visitors(visitor, day);
    `,
  },
  {
    version: 12,
    name: 'service-wide returning visitors',
    sql: ANALYTICS_DAY_RETURNS_SQL,
  },
  {
    version: 13,
    name: 'analytics by day, per-link returns',
    sql: ANALYTICS_LINK_RETURNS_SQL,
  },
  {
    version: 14,
    name: 'links counted for the list total',
    sql: POSTGRES_LINK_COUNT_SQL,
  },
  {
    version: 15,
    name: 'ranged repeat visitors',
    sql: ANALYTICS_VISITOR_DAY_REPEATS_SQL,
  },
  {
    version: 16,
    name: 'custom domains',
    sql: POSTGRES_DOMAINS_SQL,
  },
];
