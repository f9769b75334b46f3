/**
 * PostgreSQL migration 21. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * `link.expired` once per link (docs/api.md#webhooks): the links whose expiry event was recorded,
 * claimed by one insert so that it is recorded once; and an index of the links that have an expiry
 * date, which the background check reads.
 */
export default {
  version: 21,
  name: 'link expiry events',
  sql: `
  CREATE TABLE link_expiry_events (
    link_id BIGINT PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    at BIGINT NOT NULL
  );
  CREATE INDEX links_expires_at ON links(expires_at) WHERE expires_at IS NOT NULL;
`,
};
