/**
 * SQLite migration 32. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The hub's second edition (docs/api.md#hub-items): its items in display order (a link item leaves
 * with its link, ON DELETE CASCADE), which take over hub_links' rows; the page's background
 * (colour or image), description, noindex and sensitive step; and each item's views, counted per
 * quarter hour while it was shown, so a hidden or unscheduled item counts nothing.
 */
export default {
  version: 30,
  name: 'hub items',
  sql: `
  ALTER TABLE hubs ADD COLUMN background_color TEXT;
  ALTER TABLE hubs ADD COLUMN meta_description TEXT NOT NULL DEFAULT '';
  ALTER TABLE hubs ADD COLUMN noindex INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE hubs ADD COLUMN sensitive INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE hubs ADD COLUMN background BLOB;
  ALTER TABLE hubs ADD COLUMN background_type TEXT;
  ALTER TABLE hubs ADD COLUMN background_etag TEXT;
  CREATE TABLE hub_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES hubs(user_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    type TEXT NOT NULL,
    link_id INTEGER REFERENCES links(id) ON DELETE CASCADE,
    label TEXT,
    content TEXT NOT NULL DEFAULT '',
    visible INTEGER NOT NULL DEFAULT 1,
    starts_at INTEGER,
    ends_at INTEGER,
    highlight INTEGER NOT NULL DEFAULT 0,
    sensitive INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX hub_items_user ON hub_items(user_id, position);
  CREATE INDEX hub_items_link ON hub_items(link_id);
  INSERT INTO hub_items (user_id, position, type, link_id, label)
    SELECT user_id, position, 'link', link_id, label FROM hub_links ORDER BY user_id, position;
  DROP TABLE hub_links;
  CREATE TABLE hub_item_views (
    item_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    quarter INTEGER NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (user_id, item_id, quarter)
  );
  `,
};
