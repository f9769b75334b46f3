/**
 * PostgreSQL migration 25. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A claim blocks nobody (docs/api.md#verification): several accounts may claim one domain, and only
 * a verified domain is one account's. As on SQLite (where the UNIQUE of the table's definition
 * cannot be dropped), `users.custom_domain` is renamed `verified_domain` with its unique constraint
 * (named as the executor maps a violation to the column) and holds the domain only while it is
 * verified; a new `custom_domain`, not unique, holds the claim. Migration 19's triggers follow the
 * renamed column, so `domain_changes` still tells every instance when the verified domains change
 * (a verification, a removal, the user's deletion).
 */
export default {
  version: 25,
  name: 'claims block nobody',
  sql: `
  ALTER TABLE users RENAME COLUMN custom_domain TO verified_domain;
  ALTER TABLE users RENAME CONSTRAINT users_custom_domain_key TO users_verified_domain_key;
  ALTER TABLE users ADD COLUMN custom_domain TEXT;
  UPDATE users SET custom_domain = verified_domain;
  UPDATE users SET verified_domain = NULL WHERE domain_status IS DISTINCT FROM 'verified';
  CREATE INDEX users_custom_domain ON users (custom_domain);
`,
};
