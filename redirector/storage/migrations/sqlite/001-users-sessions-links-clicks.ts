/** SQLite migration 1. Released: never edit it; add a migration (docs/api.md#migrations). */
export default {
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
};
