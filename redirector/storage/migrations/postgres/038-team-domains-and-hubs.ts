/**
 * PostgreSQL migration 37. Never edit it once released; add a migration (docs/api.md#migrations).
 *
 * A team's custom domain and hub (docs/api.md#domains-and-hubs-of-a-team): the claim, its state and
 * the domain's settings move from the user's row to their personal team's (`teams`, where a shared
 * team keeps its own; `verified_domain` unique by an index named as the executor maps a violation),
 * and the users' columns are left as they were and no longer read. A change of a team's domain,
 * its state or its settings, or a team's deletion with a domain, is heard on domain_changes as the
 * users' were (migrations 19, 25, 36). Hubs are keyed by their team: `team_id` becomes the primary key (`user_id` kept for a personal
 * team's hub, null for a shared team's), and its items, views and item views follow the team.
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
const BIGINT_COLUMNS = new Set(['domain_checked_at', 'domain_verified_at', 'domain_created_at']);

export default {
  version: 38,
  name: 'team domains and hubs',
  sql: `
  ALTER TABLE teams ${DOMAIN_COLUMNS.map((c) => `ADD COLUMN ${c} ${BIGINT_COLUMNS.has(c) ? 'BIGINT' : 'TEXT'}`).join(',\n    ')};
  UPDATE teams t SET ${DOMAIN_COLUMNS.map((c) => `${c} = u.${c}`).join(', ')}
    FROM users u WHERE u.id = t.personal_user_id AND u.custom_domain IS NOT NULL;
  CREATE UNIQUE INDEX teams_verified_domain_key ON teams(verified_domain);
  CREATE INDEX teams_custom_domain ON teams(custom_domain);
  CREATE TRIGGER teams_notify_domain AFTER UPDATE OF ${DOMAIN_COLUMNS.filter((c) => c !== 'verified_domain').join(', ')} ON teams
    FOR EACH ROW EXECUTE FUNCTION notify_domain_change();
  CREATE TRIGGER teams_notify_domain_deleted AFTER DELETE ON teams
    FOR EACH ROW WHEN (OLD.custom_domain IS NOT NULL) EXECUTE FUNCTION notify_domain_change();

  ALTER TABLE hub_items ADD COLUMN team_id BIGINT;
  UPDATE hub_items i SET team_id = h.team_id FROM hubs h WHERE h.user_id = i.user_id;
  DELETE FROM hub_items WHERE team_id IS NULL;
  ALTER TABLE hub_items DROP COLUMN user_id;
  DELETE FROM hubs WHERE team_id IS NULL;
  ALTER TABLE hubs DROP CONSTRAINT hubs_pkey;
  ALTER TABLE hubs ALTER COLUMN user_id DROP NOT NULL;
  DROP INDEX hubs_team;
  ALTER TABLE hubs ADD PRIMARY KEY (team_id);
  CREATE INDEX hubs_user ON hubs(user_id);
  ALTER TABLE hub_items ALTER COLUMN team_id SET NOT NULL;
  ALTER TABLE hub_items ADD FOREIGN KEY (team_id) REFERENCES hubs(team_id) ON DELETE CASCADE;
  CREATE INDEX hub_items_team ON hub_items(team_id, position);

  ALTER TABLE hub_views ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE;
  UPDATE hub_views v SET team_id = t.id FROM teams t WHERE t.personal_user_id = v.user_id;
  DELETE FROM hub_views WHERE team_id IS NULL;
  ALTER TABLE hub_views DROP COLUMN user_id;
  ALTER TABLE hub_views ALTER COLUMN team_id SET NOT NULL;
  CREATE INDEX hub_views_team_time ON hub_views(team_id, viewed_at);

  ALTER TABLE hub_item_views ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE;
  UPDATE hub_item_views v SET team_id = t.id FROM teams t WHERE t.personal_user_id = v.user_id;
  DELETE FROM hub_item_views WHERE team_id IS NULL;
  ALTER TABLE hub_item_views DROP COLUMN user_id;
  ALTER TABLE hub_item_views ALTER COLUMN team_id SET NOT NULL;
  ALTER TABLE hub_item_views ADD PRIMARY KEY (team_id, item_id, quarter);
  `,
};
