/**
 * PostgreSQL migration: teams. Released: never edit it; add a migration (docs/api.md#migrations).
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
  version: 32,
  name: 'teams',
  sql: `
  CREATE TABLE teams (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT CONSTRAINT teams_slug_key UNIQUE,
    personal_user_id BIGINT CONSTRAINT teams_personal_user UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE team_members (
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    own_links_only BOOLEAN NOT NULL DEFAULT false,
    domains JSONB,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (team_id, user_id)
  );
  CREATE INDEX team_members_user ON team_members(user_id, team_id);
  CREATE TABLE team_invitations (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    own_links_only BOOLEAN NOT NULL DEFAULT false,
    domains JSONB,
    token_hash TEXT NOT NULL CONSTRAINT team_invitations_token_key UNIQUE,
    invited_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    CONSTRAINT team_invitations_email UNIQUE (team_id, email)
  );
  CREATE TABLE audit_log (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at BIGINT NOT NULL,
    team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    actor_type TEXT NOT NULL,
    actor_id BIGINT,
    actor_name TEXT NOT NULL,
    action TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT,
    target_label TEXT NOT NULL DEFAULT '',
    changes JSONB NOT NULL DEFAULT '{}'
  );
  CREATE INDEX audit_log_team_at ON audit_log(team_id, at, id);
  CREATE INDEX audit_log_at ON audit_log(at, id);

  ALTER TABLE links ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    ADD COLUMN created_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    ADD COLUMN created_by_key TEXT,
    ADD COLUMN updated_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    ADD COLUMN updated_by_key TEXT;
  ALTER TABLE webhooks ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE;
  ALTER TABLE api_keys ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    ADD COLUMN scope TEXT NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write')),
    ADD COLUMN domains JSONB;
  ALTER TABLE hubs ADD COLUMN team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE;

  INSERT INTO teams (name, slug, personal_user_id, created_at)
  SELECT name, NULL, id, created_at FROM users ORDER BY id;
  INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
  SELECT id, personal_user_id, 'owner', false, NULL, created_at FROM teams;
  UPDATE links SET team_id = t.id, created_by = links.user_id, updated_by = links.user_id
  FROM teams t WHERE t.personal_user_id = links.user_id;
  UPDATE webhooks SET team_id = t.id FROM teams t WHERE t.personal_user_id = webhooks.user_id;
  UPDATE api_keys SET team_id = t.id FROM teams t WHERE t.personal_user_id = api_keys.user_id;
  UPDATE hubs SET team_id = t.id FROM teams t WHERE t.personal_user_id = hubs.user_id;

  CREATE INDEX links_team ON links(team_id, created_at);
  CREATE INDEX links_team_creator ON links(team_id, created_by);
  CREATE INDEX webhooks_team ON webhooks(team_id, id);
  CREATE INDEX api_keys_team ON api_keys(team_id, id);
  CREATE UNIQUE INDEX hubs_team ON hubs(team_id);

  CREATE FUNCTION create_personal_team() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    made BIGINT;
  BEGIN
    INSERT INTO teams (name, slug, personal_user_id, created_at) VALUES (NEW.name, NULL, NEW.id, NEW.created_at)
    RETURNING id INTO made;
    INSERT INTO team_members (team_id, user_id, role, own_links_only, domains, joined_at)
    VALUES (made, NEW.id, 'owner', false, NULL, NEW.created_at);
    RETURN NULL;
  END $$;
  CREATE TRIGGER users_personal_team AFTER INSERT ON users
    FOR EACH ROW EXECUTE FUNCTION create_personal_team();
`,
};
