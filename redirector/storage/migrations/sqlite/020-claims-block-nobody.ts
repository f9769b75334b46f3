/**
 * SQLite migration 20. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A claim blocks nobody (docs/api.md#verification): several accounts may claim one domain, and only
 * a verified domain is one account's. `users.custom_domain` was UNIQUE in the table's own
 * definition, which no ALTER can drop, so that column is renamed `verified_domain` (its unique index
 * goes with it) and holds the domain only while it is verified; a new `custom_domain`, not unique,
 * holds the claim, indexed for the accounts that claim one domain.
 */
export default {
  version: 20,
  name: 'claims block nobody',
  sql: `
  ALTER TABLE users RENAME COLUMN custom_domain TO verified_domain;
  ALTER TABLE users ADD COLUMN custom_domain TEXT;
  UPDATE users SET custom_domain = verified_domain;
  UPDATE users SET verified_domain = NULL WHERE domain_status IS NOT 'verified';
  CREATE INDEX users_custom_domain ON users (custom_domain);
`,
};
