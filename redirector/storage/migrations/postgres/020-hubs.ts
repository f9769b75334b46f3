/**
 * PostgreSQL migration 20. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The hub (docs/api.md#the-hub): one page per user (its handle unique by the constraint
 * `hubs_handle_key`, which the executor maps to handle), its links in display order (a deleted
 * link leaves the hub with its row), its views one row each (counted by visitor over any range and
 * time zone), and a partial index over the clicks that came from a hub, so the hub's figures read
 * only those.
 */
export default {
  version: 20,
  name: 'hubs',
  sql: `
  CREATE TABLE hubs (
    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    handle TEXT NOT NULL CONSTRAINT hubs_handle_key UNIQUE,
    title TEXT NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    theme TEXT NOT NULL DEFAULT 'auto',
    accent TEXT NOT NULL,
    published BOOLEAN NOT NULL DEFAULT false,
    tiktok_bypass BOOLEAN NOT NULL DEFAULT false,
    avatar BYTEA,
    avatar_type TEXT,
    avatar_etag TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE hub_links (
    user_id BIGINT NOT NULL REFERENCES hubs(user_id) ON DELETE CASCADE,
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    label TEXT,
    PRIMARY KEY (user_id, link_id)
  );
  CREATE INDEX hub_links_link ON hub_links(link_id);
  CREATE TABLE hub_views (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    viewed_at BIGINT NOT NULL,
    visitor TEXT NOT NULL
  );
  CREATE INDEX hub_views_user_time ON hub_views(user_id, viewed_at);
  CREATE INDEX clicks_from_hub ON clicks(link_id, clicked_at) WHERE referrer_source = 'hub';
  `,
};
