/**
 * PostgreSQL migration 37. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The hub's second edition (docs/api.md#hub-items): its items in display order (a link item leaves
 * with its link, ON DELETE CASCADE), which take over hub_links' rows; the page's background
 * (colour or image), description, noindex and sensitive step; and each item's views, counted per
 * quarter hour while it was shown, so a hidden or unscheduled item counts nothing.
 */
export default {
  version: 35,
  name: 'hub items',
  sql: `
  ALTER TABLE hubs ADD COLUMN background_color TEXT;
  ALTER TABLE hubs ADD COLUMN meta_description TEXT NOT NULL DEFAULT '';
  ALTER TABLE hubs ADD COLUMN noindex BOOLEAN NOT NULL DEFAULT false;
  ALTER TABLE hubs ADD COLUMN sensitive BOOLEAN NOT NULL DEFAULT false;
  ALTER TABLE hubs ADD COLUMN background BYTEA;
  ALTER TABLE hubs ADD COLUMN background_type TEXT;
  ALTER TABLE hubs ADD COLUMN background_etag TEXT;
  CREATE TABLE hub_items (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES hubs(user_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    type TEXT NOT NULL,
    link_id BIGINT REFERENCES links(id) ON DELETE CASCADE,
    label TEXT,
    content TEXT NOT NULL DEFAULT '',
    visible BOOLEAN NOT NULL DEFAULT true,
    starts_at BIGINT,
    ends_at BIGINT,
    highlight BOOLEAN NOT NULL DEFAULT false,
    sensitive BOOLEAN NOT NULL DEFAULT false
  );
  CREATE INDEX hub_items_user ON hub_items(user_id, position);
  CREATE INDEX hub_items_link ON hub_items(link_id);
  INSERT INTO hub_items (user_id, position, type, link_id, label)
    SELECT user_id, position, 'link', link_id, label FROM hub_links ORDER BY user_id, position;
  DROP TABLE hub_links;
  CREATE TABLE hub_item_views (
    item_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    quarter BIGINT NOT NULL,
    views BIGINT NOT NULL,
    PRIMARY KEY (user_id, item_id, quarter)
  );
  `,
};
