/**
 * SQLite migration 19. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Links that convert (docs/api.md#social-previews, #split-traffic, #link-health): the preview card's
 * fields and the split's variants on each link, the variant each click went to (null: none), and
 * each link's health in a table of its own, so that a check never touches `links` (on PostgreSQL
 * that would tell every instance to drop the link from its cache). A link without a row is unchecked;
 * `lease_until` keeps two instances from checking one link at once, `asked_at` is the last check
 * asked for through the API (one a minute).
 */
export default {
  version: 19,
  name: 'previews variants link health',
  sql: `
  ALTER TABLE links ADD COLUMN preview_title TEXT;
  ALTER TABLE links ADD COLUMN preview_description TEXT;
  ALTER TABLE links ADD COLUMN preview_image TEXT;
  ALTER TABLE links ADD COLUMN variants TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE clicks ADD COLUMN variant SMALLINT;
  CREATE TABLE link_health (
    link_id BIGINT PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    status TEXT NOT NULL DEFAULT 'unchecked',
    checked_at BIGINT,
    http_status INTEGER,
    error TEXT,
    url TEXT,
    soft_failures INTEGER NOT NULL DEFAULT 0,
    lease_until BIGINT,
    asked_at BIGINT
  );
  CREATE INDEX link_health_status ON link_health (status, link_id);
`,
};
