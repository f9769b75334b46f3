/**
 * SQLite migration. Released once merged: never edit it; add a migration (docs/api.md#migrations).
 *
 * The outbox of EVENTS_BROKER_URL (docs/api.md#events-into-a-broker): every event is stored here
 * before the call that caused it is answered and deleted once the broker has acknowledged it;
 * broker_state holds the click cursor (the stored clicks are the click events' outbox, as for
 * webhooks) and the lease that lets one instance at a time publish.
 */
export default {
  version: 26,
  name: 'broker outbox',
  sql: `
  CREATE TABLE broker_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE broker_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    click_cursor INTEGER NOT NULL DEFAULT 0,
    lease_until INTEGER NOT NULL DEFAULT 0,
    lease_owner TEXT
  );
`,
};
