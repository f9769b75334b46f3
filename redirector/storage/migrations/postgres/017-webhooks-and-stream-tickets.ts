/**
 * PostgreSQL migration 17. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Webhooks (docs/api.md#webhooks): each webhook with its click cursor (the last click id already
 * put in a message: the stored clicks are the click events' outbox), its outbox of messages and
 * its delivery log; and the live stream's single-use tickets (docs/api.md#live-stream).
 */
export default {
  version: 17,
  name: 'webhooks and stream tickets',
  sql: `
  CREATE TABLE webhooks (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events JSONB NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    secret TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    disabled_reason TEXT,
    created_at BIGINT NOT NULL,
    click_cursor BIGINT NOT NULL DEFAULT 0,
    failing_since BIGINT,
    lease_until BIGINT NOT NULL DEFAULT 0,
    lease_owner TEXT
  );
  CREATE INDEX webhooks_user ON webhooks(user_id, id);
  CREATE TABLE webhook_messages (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id BIGINT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    next_at BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending'
  );
  CREATE INDEX webhook_messages_queue ON webhook_messages(webhook_id, state, id);
  CREATE INDEX webhook_messages_message ON webhook_messages(webhook_id, message_id);
  CREATE TABLE webhook_deliveries (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id BIGINT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    type TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    status INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL,
    at BIGINT NOT NULL
  );
  CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries(webhook_id, id);
  CREATE TABLE stream_tickets (
    ticket_hash TEXT PRIMARY KEY,
    user_id BIGINT REFERENCES users(id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL
  );
`,
};
