/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Imports from sources that keep no click history (docs/api.md#imports): a link's total there
 * (Kutt's visits, Bitly's clicks), shown beside the link and counted in no dated figure.
 */
export default {
  version: 37,
  name: 'imported clicks',
  sql: `
  ALTER TABLE links ADD COLUMN imported_clicks BIGINT NOT NULL DEFAULT 0;
  `,
};
