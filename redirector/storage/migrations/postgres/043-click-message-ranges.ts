/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * A `link.clicked` message of a webhook or of the broker is stored as its range of click ids
 * (docs/api.md#delivery): `clicks_after` and `clicks_through` (the clicks after the first up to
 * the second, those of the webhook's scope), its body empty; the body is made again from the
 * stored clicks when the message is read back (a retry, a restart, a redelivery), instead of
 * each webhook keeping a second copy of every click for 7 days.
 */
export default {
  version: 43,
  name: 'click message ranges',
  sql: `
  ALTER TABLE webhook_messages ADD COLUMN clicks_after BIGINT;
  ALTER TABLE webhook_messages ADD COLUMN clicks_through BIGINT;
  ALTER TABLE broker_messages ADD COLUMN clicks_after BIGINT;
  ALTER TABLE broker_messages ADD COLUMN clicks_through BIGINT;
  `,
};
