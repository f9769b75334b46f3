/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Shared stats pages (docs/api.md#shared-stats): a link's shares, each found by the sha256 of its
 * token (the token itself is never stored), with an optional password hash and expiry. Per-domain
 * settings (docs/api.md#domain-fallbacks-and-well-known-documents): a custom domain's beside its
 * claim on the owner's row (cleared with the claim), the default domain's in a one-row table; a
 * change of either is told on `domain_changes` (migration 19's function), so every instance reads
 * them again. Orphan visits (root, unknown code, expired) per domain ('' for the default domain).
 * UTM templates per team (the administrator's own: no team).
 */
export default {
  version: 36,
  name: 'shared stats and domain fallbacks',
  sql: `
  CREATE TABLE link_shares (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    link_id BIGINT NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL CONSTRAINT link_shares_token_hash_key UNIQUE,
    password_hash TEXT,
    expires_at BIGINT,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX link_shares_link ON link_shares (link_id);

  ALTER TABLE users ADD COLUMN domain_root_url TEXT;
  ALTER TABLE users ADD COLUMN domain_not_found_url TEXT;
  ALTER TABLE users ADD COLUMN domain_expired_url TEXT;
  ALTER TABLE users ADD COLUMN domain_apple_app_site_association TEXT;
  ALTER TABLE users ADD COLUMN domain_asset_links TEXT;
  CREATE TRIGGER users_notify_domain_settings AFTER UPDATE OF domain_root_url, domain_not_found_url,
    domain_expired_url, domain_apple_app_site_association, domain_asset_links ON users
    FOR EACH ROW EXECUTE FUNCTION notify_domain_change();

  CREATE TABLE default_domain_settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    root_url TEXT,
    not_found_url TEXT,
    expired_url TEXT,
    apple_app_site_association TEXT,
    asset_links TEXT
  );
  CREATE TRIGGER default_domain_settings_notify AFTER INSERT OR UPDATE OR DELETE ON default_domain_settings
    FOR EACH ROW EXECUTE FUNCTION notify_domain_change();

  CREATE TABLE orphan_visits (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    domain TEXT NOT NULL,
    path TEXT NOT NULL,
    kind TEXT NOT NULL,
    visited_at BIGINT NOT NULL,
    country TEXT,
    referrer TEXT
  );
  CREATE INDEX orphan_visits_domain_time ON orphan_visits (domain, visited_at);

  CREATE TABLE utm_templates (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    utm_source TEXT NOT NULL DEFAULT '',
    utm_medium TEXT NOT NULL DEFAULT '',
    utm_campaign TEXT NOT NULL DEFAULT '',
    utm_term TEXT NOT NULL DEFAULT '',
    utm_content TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
  );
  CREATE INDEX utm_templates_team ON utm_templates (team_id);
  `,
};
