/**
 * PostgreSQL migration. Released once merged: never edit it; add a migration (docs/api.md#migrations).
 *
 * Each claim of an import job takes the next `lease_claim` (docs/api.md#jobs-across-restarts): a
 * job's saves, renewals, end and release compare it, so an instance whose lease was taken never
 * writes again, however many instances took the job after it.
 */
export default {
  version: 44,
  name: 'import lease claims',
  sql: `
  ALTER TABLE import_jobs ADD COLUMN lease_claim BIGINT NOT NULL DEFAULT 0;
  `,
};
