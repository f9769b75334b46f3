/**
 * PostgreSQL migration. Released: never edit it; add a migration (docs/api.md#migrations).
 *
 * Single sign-on (docs/api.md#single-sign-on): which provider identity (issuer and `sub`) is which
 * account, and the one-time tickets of a sign-in under way (the state of a request sent to the
 * provider, and the hand-off of a finished sign-in to the browser), each kept only as a hash.
 */
export default {
  version: 30,
  name: 'single sign-on',
  sql: `
  CREATE TABLE sso_identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (issuer, subject)
  );
  CREATE INDEX sso_identities_user ON sso_identities(user_id);
  CREATE TABLE sso_tickets (
    ticket_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('state', 'handoff')),
    payload TEXT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX sso_tickets_expiry ON sso_tickets(expires_at);
`,
};
