/**
 * PostgreSQL migration 17. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Click batch marks: each click insert sets, in the same statement, the mark of the place it was
 * written from (an instance's batch in flight, or a spool file being replayed) to the batch's
 * number. A batch whose answer never came back (the connection died during its commit) is known
 * stored or not by its place's mark, and a spool replayed again after a crash skips what its
 * mark says is stored: no click stored twice (docs/api.md#when-the-database-is-unreachable).
 */
export default {
  version: 18,
  name: 'click batch marks',
  sql: `
      CREATE TABLE click_marks (
        name TEXT PRIMARY KEY,
        value BIGINT NOT NULL
      );
    `,
};
