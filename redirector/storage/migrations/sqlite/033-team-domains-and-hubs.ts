/**
 * SQLite migration 32. Never edit it once released; add a migration (docs/api.md#migrations).
 *
 * A team's custom domain and hub (docs/api.md#domains-and-hubs-of-a-team): the claim, its state and
 * the domain's settings move from the user's row to their personal team's (`teams`, where a shared
 * team keeps its own; `verified_domain` unique, named as the executor maps a violation); the users'
 * columns are left as they were and no longer read. Hubs are keyed by their team: `hubs` is made
 * again with `team_id` as its key (`user_id` kept for a personal team's hub, null for a shared
 * team's), and its items, views and item views follow the team, their rows and ids kept.
 */
const DOMAIN_COLUMNS = [
  'custom_domain',
  'verified_domain',
  'domain_status',
  'domain_token',
  'domain_checked_at',
  'domain_verified_at',
  'domain_error',
  'domain_created_at',
  'domain_root_url',
  'domain_not_found_url',
  'domain_expired_url',
  'domain_apple_app_site_association',
  'domain_asset_links',
];
const INTEGER_COLUMNS = new Set(['domain_checked_at', 'domain_verified_at', 'domain_created_at']);

const HUB_COLUMNS = `handle, title, bio, theme, accent, published, tiktok_bypass, avatar, avatar_type, avatar_etag,
    created_at, updated_at, background_color, meta_description, noindex, sensitive, background, background_type,
    background_etag`;

export default {
  version: 33,
  name: 'team domains and hubs',
  sql: `
  ${DOMAIN_COLUMNS.map((c) => `ALTER TABLE teams ADD COLUMN ${c} ${INTEGER_COLUMNS.has(c) ? 'INTEGER' : 'TEXT'};`).join('\n  ')}
  UPDATE teams SET ${DOMAIN_COLUMNS.map((c) => `${c} = u.${c}`).join(', ')}
    FROM users u WHERE u.id = teams.personal_user_id AND u.custom_domain IS NOT NULL;
  CREATE UNIQUE INDEX teams_verified_domain_key ON teams(verified_domain);
  CREATE INDEX teams_custom_domain ON teams(custom_domain);

  CREATE TABLE hubs_new (
    team_id INTEGER PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    handle TEXT NOT NULL,
    title TEXT NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    theme TEXT NOT NULL DEFAULT 'auto',
    accent TEXT NOT NULL,
    published INTEGER NOT NULL DEFAULT 0,
    tiktok_bypass INTEGER NOT NULL DEFAULT 0,
    avatar BLOB,
    avatar_type TEXT,
    avatar_etag TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    background_color TEXT,
    meta_description TEXT NOT NULL DEFAULT '',
    noindex INTEGER NOT NULL DEFAULT 0,
    sensitive INTEGER NOT NULL DEFAULT 0,
    background BLOB,
    background_type TEXT,
    background_etag TEXT
  );
  INSERT INTO hubs_new (team_id, user_id, ${HUB_COLUMNS})
    SELECT team_id, user_id, ${HUB_COLUMNS} FROM hubs WHERE team_id IS NOT NULL;

  INSERT INTO sqlite_sequence (name, seq) SELECT 'hub_items_new', seq FROM sqlite_sequence WHERE name = 'hub_items';
  CREATE TABLE hub_items_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES hubs(team_id) ON DELETE CASCADE,
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
  INSERT INTO hub_items_new (id, team_id, position, type, link_id, label, content, visible, starts_at, ends_at,
      highlight, sensitive)
    SELECT i.id, h.team_id, i.position, i.type, i.link_id, i.label, i.content, i.visible, i.starts_at, i.ends_at,
      i.highlight, i.sensitive
    FROM hub_items i JOIN hubs h ON h.user_id = i.user_id WHERE h.team_id IS NOT NULL;

  CREATE TABLE hub_views_new (
    id INTEGER PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    viewed_at INTEGER NOT NULL,
    visitor TEXT NOT NULL
  );
  INSERT INTO hub_views_new (id, team_id, viewed_at, visitor)
    SELECT v.id, t.id, v.viewed_at, v.visitor FROM hub_views v JOIN teams t ON t.personal_user_id = v.user_id;

  CREATE TABLE hub_item_views_new (
    item_id INTEGER NOT NULL,
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    quarter INTEGER NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (team_id, item_id, quarter)
  );
  INSERT INTO hub_item_views_new (item_id, team_id, quarter, views)
    SELECT v.item_id, t.id, v.quarter, v.views FROM hub_item_views v JOIN teams t ON t.personal_user_id = v.user_id;

  DROP TABLE hub_item_views;
  DROP TABLE hub_views;
  DROP TABLE hub_items;
  DROP TABLE hubs;
  ALTER TABLE hubs_new RENAME TO hubs;
  ALTER TABLE hub_items_new RENAME TO hub_items;
  ALTER TABLE hub_views_new RENAME TO hub_views;
  ALTER TABLE hub_item_views_new RENAME TO hub_item_views;
  CREATE UNIQUE INDEX hubs_handle_key ON hubs(handle);
  CREATE INDEX hubs_user ON hubs(user_id);
  CREATE INDEX hub_items_team ON hub_items(team_id, position);
  CREATE INDEX hub_items_link ON hub_items(link_id);
  CREATE INDEX hub_views_team_time ON hub_views(team_id, viewed_at);
  `,
};
