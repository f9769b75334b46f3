/**
 * SQLite migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The archived links alone, as PostgreSQL's migration 34 has them: a list that only hides archived
 * links (every list's default) counts them and leaves them out of its busiest links through this
 * small index, instead of reading every link's row (docs/api.md#lists-pages-search-sort-tags).
 */
export default {
  version: 37,
  name: 'links archived index',
  sql: `
  CREATE INDEX links_archived ON links (id) WHERE archived;
`,
};
