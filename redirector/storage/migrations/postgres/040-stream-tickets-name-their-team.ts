/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A stream ticket keeps the team it was asked for (docs/api.md#live-stream): a ticket asked with
 * `X-Team` opens a stream of that team's clicks and link events, as a stream opened with the header
 * does. Null: the administrator's own, or a ticket older than this column (its user's personal team).
 */
export default {
  version: 40,
  name: 'stream tickets name their team',
  sql: `
  ALTER TABLE stream_tickets ADD COLUMN team_id BIGINT;
  `,
};
