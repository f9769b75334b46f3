/** PostgreSQL migration 1. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
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
};
