/**
 * SQLite migration 6. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * API keys, the same on both engines but for the id column. Keys are found by hash on every call
 * made with one.
 */
export default {
  version: 6,
  name: 'API keys',
  sql: `
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    admin_tag TEXT,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
  );
  CREATE INDEX api_keys_user ON api_keys(user_id, id);
`,
};
