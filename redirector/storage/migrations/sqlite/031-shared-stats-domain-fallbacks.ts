/**
 * SQLite migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Shared stats pages (docs/api.md#shared-stats): a link's shares, each found by the sha256 of its
 * token (the token itself is never stored), with an optional password hash and expiry. Per-domain
 * settings (docs/api.md#domain-fallbacks-and-well-known-documents): a custom domain's beside its
 * claim on the owner's row (cleared with the claim), the default domain's in a one-row table.
 * Orphan visits (root, unknown code, expired) per domain ('' for the default domain). UTM templates
 * per team (the administrator's own: no team).
 */
export default {
  version: 31,
  name: 'shared stats and domain fallbacks',
  sql: `
  CREATE TABLE link_shares (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    link_id INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    expires_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX link_shares_link ON link_shares (link_id);

  ALTER TABLE users ADD COLUMN domain_root_url TEXT;
  ALTER TABLE users ADD COLUMN domain_not_found_url TEXT;
  ALTER TABLE users ADD COLUMN domain_expired_url TEXT;
  ALTER TABLE users ADD COLUMN domain_apple_app_site_association TEXT;
  ALTER TABLE users ADD COLUMN domain_asset_links TEXT;

  CREATE TABLE default_domain_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    root_url TEXT,
    not_found_url TEXT,
    expired_url TEXT,
    apple_app_site_association TEXT,
    asset_links TEXT
  );

  CREATE TABLE orphan_visits (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    domain TEXT NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    visited_at INTEGER NOT NULL,
    country TEXT,
    referrer TEXT
  );
  CREATE INDEX orphan_visits_domain_time ON orphan_visits (domain, visited_at);

  CREATE TABLE utm_templates (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    utm_source TEXT NOT NULL DEFAULT '',
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    utm_term TEXT NOT NULL DEFAULT '',
    utm_content TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX utm_templates_team ON utm_templates (team_id);
  `,
};
