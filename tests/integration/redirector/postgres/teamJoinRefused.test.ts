/**
 * A signed-out join whose invitation is used by another request meanwhile (docs/api.md#joining-a-team):
 * it answers 404 and takes back the account it made for the join. The test holds the invitation's row
 * (PostgreSQL), so the join waits after making the account, and then uses the invitation itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_INVALID } from '../../../../redirector/contract/teams';
import { adminHeaders, call, newTeam, newUser } from '../../../helpers/api';
import { asTestServer, type PostgresTestServer, startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';

describe('a signed-out join refused after its account was made (PostgreSQL)', () => {
  let server: PostgresTestServer;

  beforeAll(async () => {
    server = await startPostgresTestServerOnFreshSchema();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 404 and leaves no account behind', async () => {
    const test = asTestServer(server);
    const owner = await newUser(test, 'Owner');
    const teamId = await newTeam(test, owner, 'Raced Co');
    const email = 'raced.joiner@example.com';
    const invited = await call(test, 'POST', `/api/teams/invite?team=${teamId}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      body: { email, role: 'viewer' },
    });
    expect(invited.status).toBe(200);
    const token = String(invited.body.url).split('/join/')[1];
    const holder = await server.store.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM team_invitations WHERE lower(email) = $1 FOR UPDATE', [email]);
      const joining = call(test, 'POST', '/api/teams/join', {
        body: { token, name: 'Raced', password: 'raced-secret' },
      });
      // The join has made its account and waits for the invitation's row.
      for (let tries = 0; ; tries++) {
        const waiting = await server.store.pool.query(
          "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%team_invitations%'",
        );
        if (waiting.rowCount) break;
        if (tries > 200) throw new Error('the join never waited for the invitation');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await holder.query('DELETE FROM team_invitations WHERE lower(email) = $1', [email]);
      await holder.query('COMMIT');
      const joined = await joining;
      expect([joined.status, joined.body]).toEqual([404, { error: INVITATION_INVALID }]);
    } finally {
      holder.release();
    }
    const users = await call(test, 'GET', `/api/users?q=${encodeURIComponent(email)}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain(email);
    const login = await call(test, 'POST', '/api/auth?action=login', { body: { email, password: 'raced-secret' } });
    expect(login.status).toBe(401);
  });
});
