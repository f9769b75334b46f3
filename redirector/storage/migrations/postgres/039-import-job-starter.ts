/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Who started an import job (docs/api.md#imports): the links it makes and their audit entries name
 * that user or key, not the service. `started_by` is the actor as JSON; `started_by_user` follows
 * the user's deletion, after which the job goes on as the service.
 */
export default {
  version: 39,
  name: 'import job starter',
  sql: `
  ALTER TABLE import_jobs ADD COLUMN started_by TEXT;
  ALTER TABLE import_jobs ADD COLUMN started_by_user BIGINT REFERENCES users(id) ON DELETE SET NULL;
  `,
};
