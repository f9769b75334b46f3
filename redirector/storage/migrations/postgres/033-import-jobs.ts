/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Imports from other shorteners (docs/api.md#imports): the jobs, each link's source and its id
 * there (a re-import creates nothing twice), and imported clicks marked so that they count in
 * every figure but never reach webhooks, streams or a click limit. The connection is kept only
 * while its job may still run. One queued or running import per team (the administrator's own: no team).
 */
export default {
  version: 33,
  name: 'import jobs',
  sql: `
  CREATE TABLE import_jobs (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    team_id BIGINT REFERENCES teams(id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    source_key TEXT NOT NULL,
    state TEXT NOT NULL,
    dry_run BOOLEAN NOT NULL,
    options TEXT NOT NULL,
    connection TEXT,
    progress TEXT NOT NULL,
    errors TEXT NOT NULL,
    checkpoint TEXT NOT NULL,
    lease_until BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT
  );
  CREATE INDEX import_jobs_owner ON import_jobs (team_id, id);
  CREATE UNIQUE INDEX import_jobs_one_active ON import_jobs ((COALESCE(team_id, 0))) WHERE state IN ('queued', 'running');
  ALTER TABLE links ADD COLUMN import_source TEXT;
  ALTER TABLE links ADD COLUMN import_ref TEXT;
  CREATE INDEX links_import_ref ON links (import_source, import_ref) WHERE import_source IS NOT NULL;
  ALTER TABLE clicks ADD COLUMN imported BOOLEAN NOT NULL DEFAULT FALSE;
`,
};
