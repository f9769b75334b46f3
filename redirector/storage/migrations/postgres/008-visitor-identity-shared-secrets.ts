/**
 * PostgreSQL migration 8. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * The visitor identity (../../visitorIdentity.ts): adding a nullable column rewrites no row.
 */
export default {
  version: 8,
  name: 'visitor identity, shared secrets',
  sql: `ALTER TABLE clicks ADD COLUMN visitor TEXT;
      -- Secrets every instance must share (privacy/visitorSecret.ts): the first instance's wins.
      CREATE TABLE shared_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
};
