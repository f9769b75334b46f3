/**
 * PostgreSQL migration 35. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Links under control (docs/api.md#schedule-and-switch, #redirect-rules): a start time, an on/off
 * switch, an archive mark and notes on each link, its redirect rules (JSON, '[]': none), and on
 * each click the rule that sent it (null: none). Each column has a constant default, so adding it
 * rewrites neither table. The partial index lets the list total (every link but the archived ones)
 * count the few archived links instead of every link.
 */
export default {
  version: 35,
  name: 'links under control',
  sql: `
  ALTER TABLE links ADD COLUMN starts_at BIGINT;
  ALTER TABLE links ADD COLUMN enabled BOOLEAN NOT NULL DEFAULT TRUE;
  ALTER TABLE links ADD COLUMN archived BOOLEAN NOT NULL DEFAULT FALSE;
  ALTER TABLE links ADD COLUMN notes TEXT;
  ALTER TABLE links ADD COLUMN rules JSONB NOT NULL DEFAULT '[]';
  ALTER TABLE clicks ADD COLUMN rule SMALLINT;
  CREATE INDEX links_archived ON links (id) WHERE archived;
`,
};
