/**
 * SQLite migration 30. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Links under control (docs/api.md#schedule-and-switch, #redirect-rules): a start time, an on/off
 * switch, an archive mark and notes on each link, its redirect rules (JSON, '[]': none), and on
 * each click the rule that sent it (null: none).
 */
export default {
  version: 30,
  name: 'links under control',
  sql: `
  ALTER TABLE links ADD COLUMN starts_at BIGINT;
  ALTER TABLE links ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE links ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE links ADD COLUMN notes TEXT;
  ALTER TABLE links ADD COLUMN rules TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE clicks ADD COLUMN rule SMALLINT;
`,
};
