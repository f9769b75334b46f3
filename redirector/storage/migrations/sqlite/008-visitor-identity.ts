/**
 * SQLite migration 8. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The visitor identity (../../visitorIdentity.ts): adding a nullable column rewrites no row.
 */
export default {
  version: 8,
  name: 'visitor identity',
  sql: `ALTER TABLE clicks ADD COLUMN visitor TEXT;`,
};
