/**
 * PostgreSQL migration 7. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Link options (docs/api.md#links), the same on both engines but for the type of JSON. Counted
 * clicks of links with a click limit live in their own table, one row per such link, so that
 * reserving one is a single-row write that neither touches `links` (PostgreSQL would tell every
 * instance to drop the link from its cache) nor costs anything on links without a limit.
 */
export default {
  version: 7,
  name: 'link options',
  sql: `
  ALTER TABLE links ADD COLUMN forward_query BOOLEAN NOT NULL DEFAULT true;
  ALTER TABLE links ADD COLUMN expires_at BIGINT;
  ALTER TABLE links ADD COLUMN max_clicks INTEGER;
  ALTER TABLE links ADD COLUMN expired_url TEXT;
  ALTER TABLE links ADD COLUMN password_hash TEXT;
  ALTER TABLE links ADD COLUMN ios_url TEXT;
  ALTER TABLE links ADD COLUMN android_url TEXT;
  ALTER TABLE links ADD COLUMN geo_targets JSONB NOT NULL DEFAULT '{}';
  CREATE TABLE link_click_quota (
    link_id BIGINT PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    used INTEGER NOT NULL
  );
`,
};
