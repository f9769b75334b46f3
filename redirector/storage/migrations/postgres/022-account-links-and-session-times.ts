/**
 * PostgreSQL migration 22. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Accounts an operator can run (docs/api.md#accounts): one-time invitation and reset links, each
 * stored only as the hash of its token, at most one per user (a newer one replaces it); and each
 * session's public id, start and last use, so that a user can list and end their sessions. A
 * session from before has no start of its own: its expiry less the 30 days a session lasts.
 */
export default {
  version: 22,
  name: 'account links and session times',
  sql: `
  CREATE TABLE account_links (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX account_links_user ON account_links(user_id);
  ALTER TABLE sessions ADD COLUMN id TEXT;
  ALTER TABLE sessions ADD COLUMN created_at BIGINT;
  ALTER TABLE sessions ADD COLUMN last_used_at BIGINT;
  UPDATE sessions SET id = substr(md5(random()::text || clock_timestamp()::text || token_hash), 1, 24),
    created_at = expires_at - 2592000000, last_used_at = expires_at - 2592000000;
  CREATE INDEX sessions_user ON sessions(user_id);
`,
};
