/**
 * SQLite migration: teams. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Teams (docs/api.md#teams): a team owns links, webhooks, API keys and a hub; every user has a
 * personal team (`personal_user_id`, slug null), made here for every existing user and by a trigger
 * for every user made later, whatever makes the row; members with a role and restrictions
 * (`domains`: a JSON array of host names, null for all); invitations stored by their token's hash
 * (one per team and email); the audit log (`changes` as JSON, never a secret). What a user owned
 * moves into their personal team (`team_id`); the administrator's own things keep `team_id` null.
 * Links gain who made and last changed them (a user's id, and a key's name when a key did); keys
 * gain a scope (keys made before are `write` keys) and an optional list of domains.
 */
export default {
  version: 27,
  name: 'teams',
  sql: `
  CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    slug TEXT,
    personal_user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX teams_slug_key ON teams(slug);
  CREATE UNIQUE INDEX teams_personal_user ON teams(personal_user_id);
  CREATE TABLE team_members (
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    own_links_only INTEGER NOT NULL DEFAULT 0,
    domains TEXT,
    joined_at INTEGER NOT NULL,
    PRIMARY KEY (team_id, user_id)
  );
  CREATE INDEX team_members_user ON team_members(user_id, team_id);
  CREATE TABLE team_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    own_links_only INTEGER NOT NULL DEFAULT 0,
    domains TEXT,
    token_hash TEXT NOT NULL,
    invited_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX team_invitations_token_key ON team_invitations(token_hash);
  CREATE UNIQUE INDEX team_invitations_email ON team_invitations(team_id, email);
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE,
    actor_type TEXT NOT NULL,
    actor_id INTEGER,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT,
    target_label TEXT NOT NULL DEFAULT '',
    changes TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX audit_log_team_at ON audit_log(team_id, at, id);
  CREATE INDEX audit_log_at ON audit_log(at, id);

  ALTER TABLE links ADD COLUMN team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE;
  ALTER TABLE links ADD COLUMN created_by INTEGER REFERENCES users(id) ON DELETE SET NULL;
  ALTER TABLE links ADD COLUMN created_by_key TEXT;
  ALTER TABLE links ADD COLUMN updated_by INTEGER REFERENCES users(id) ON DELETE SET NULL;
  ALTER TABLE links ADD COLUMN updated_by_key TEXT;
  ALTER TABLE webhooks ADD COLUMN team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE;
  ALTER TABLE api_keys ADD COLUMN team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE;
  ALTER TABLE api_keys ADD COLUMN scope TEXT NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write'));
  ALTER TABLE api_keys ADD COLUMN domains TEXT;
  ALTER TABLE hubs ADD COLUMN team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE;

  INSERT INTO teams (name, slug, personal_user_id, created_at)
  SELECT name, NULL, id, created_at FROM users ORDER BY id;
  INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
  SELECT id, personal_user_id, 'owner', 0, NULL, created_at FROM teams;
  UPDATE links SET team_id = (SELECT t.id FROM teams t WHERE t.personal_user_id = links.user_id),
    created_by = user_id, updated_by = user_id
  WHERE user_id IS NOT NULL;
  UPDATE webhooks SET team_id = (SELECT t.id FROM teams t WHERE t.personal_user_id = webhooks.user_id)
  WHERE user_id IS NOT NULL;
  UPDATE api_keys SET team_id = (SELECT t.id FROM teams t WHERE t.personal_user_id = api_keys.user_id)
  WHERE user_id IS NOT NULL;
  UPDATE hubs SET team_id = (SELECT t.id FROM teams t WHERE t.personal_user_id = hubs.user_id);

  CREATE INDEX links_team ON links(team_id, created_at);
  CREATE INDEX links_team_creator ON links(team_id, created_by);
  CREATE INDEX webhooks_team ON webhooks(team_id, id);
  CREATE INDEX api_keys_team ON api_keys(team_id, id);
  CREATE UNIQUE INDEX hubs_team ON hubs(team_id);

  CREATE TRIGGER users_personal_team AFTER INSERT ON users BEGIN
    INSERT INTO teams (name, slug, personal_user_id, created_at) VALUES (NEW.name, NULL, NEW.id, NEW.created_at);
    INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
    SELECT id, NEW.id, 'owner', 0, NULL, NEW.created_at FROM teams WHERE personal_user_id = NEW.id;
  END;
`,
};
