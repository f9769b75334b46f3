/**
 * PostgreSQL migration 27. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A stream ticket names the credential that asked for it (docs/api.md#live-stream): `session:` or
 * `api-key:` and that credential's stored hash, or `admin-key`. Any instance that redeems the ticket
 * checks that credential when the stream opens and while it lasts, so a signed-out session or a
 * deleted key ends its streams and voids its unused tickets everywhere. Older tickets (null) are
 * refused.
 */
export default {
  version: 27,
  name: 'stream tickets name their credential',
  sql: `
  ALTER TABLE stream_tickets ADD COLUMN credential TEXT;
`,
};
