/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Whether `link.broken` was told for a link and `link.recovered` not since (docs/api.md#link-health):
 * a link that turns `unchecked` (this server could not check it) and then broken again is not told
 * twice, and one that turns ok after it is told it recovered. Links broken now were told.
 */
export default {
  version: 29,
  name: 'link health broken told',
  sql: `
  ALTER TABLE link_health ADD COLUMN broken_told INTEGER NOT NULL DEFAULT 0;
  UPDATE link_health SET broken_told = 1 WHERE status = 'broken';
`,
};
