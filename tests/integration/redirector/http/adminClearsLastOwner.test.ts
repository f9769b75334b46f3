/**
 * The administrator can delete any account, on both stores (docs/api.md#teams-for-the-administrator).
 * An account that is the last owner of a shared team cannot be deleted (409, a team keeps an owner),
 * and the answer says to make another member an owner or delete the team first; but the
 * administrator could do neither (401 "Sign in required" on /api/teams…), so an account that owned
 * a team, even alone, could never be deleted by the administrator. The administrator (`X-API-Key`
 * naming the team) now lists the team's members, makes one an owner, or deletes the team, and then
 * deletes the account; as for owners, the changes take a sign-in (an admin API key → 403).
 */
import { describe, expect, it } from 'vitest';
import { accountLastOwner, TEAMS_NEED_SIGN_IN } from '../../../../redirector/contract/teams';
import { adminHeaders, bearer, call, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('the administrator clears the way to deleting a last owner ($kind)', ({ start }) => {
  let server: TestServer;
  const admin = () => adminHeaders(server.adminKey);
  const deleteUser = (id: number) => call(server, 'DELETE', `/api/users?id=${id}`, { headers: admin() });

  startedForSuite(async (ends) => {
    server = ends.closing(await start());
  });

  it('makes another member an owner, then deletes the account', async () => {
    const owner = await newUser(server, 'Leaving Owner');
    const member = await newUser(server, 'Staying Member');
    const team = await newTeam(server, owner, 'Kept Team', 'kept-team');
    await joinTeam(server, owner, member, team, 'viewer');
    const refused = await deleteUser(owner.user.id);
    expect([refused.status, refused.body.error]).toEqual([409, accountLastOwner('Kept Team')]);

    const members = await call(server, 'GET', '/api/teams/members?team=kept-team', { headers: admin() });
    expect(members.status).toBe(200);
    expect(members.body.members.map((row: { user: { id: number } }) => row.user.id).sort()).toEqual(
      [owner.user.id, member.user.id].sort(),
    );
    const promote = (headers: Record<string, string>) =>
      call(server, 'PUT', `/api/teams/members?team=${team}&user=${member.user.id}`, {
        headers,
        body: { role: 'owner' },
      });
    // As for its owners, a team's members are changed with a sign-in: an admin API key → 403.
    const adminKey = await call(server, 'POST', '/api/keys', { headers: admin(), body: { name: 'script' } });
    const byKey = await promote(adminHeaders(adminKey.body.secret));
    expect([byKey.status, byKey.body.error]).toEqual([403, TEAMS_NEED_SIGN_IN]);
    const promoted = await promote(admin());
    expect(promoted.status).toBe(200);
    expect((await deleteUser(owner.user.id)).status).toBe(204);
    const kept = await call(server, 'GET', '/api/teams', { headers: bearer(member.token) });
    expect(kept.body.teams.find((row: { id: number }) => row.id === team)).toMatchObject({ role: 'owner', members: 1 });
    const audit = await call(server, 'GET', `/api/audit?team=${team}&action=member.role_changed`, {
      headers: bearer(member.token),
    });
    expect(audit.body.entries[0].actor).toMatchObject({ type: 'admin' });
  });

  it("deletes a team its owner had alone (its slug confirming), then the account; a personal team stays the user's", async () => {
    const owner = await newUser(server, 'Alone Owner');
    const team = await newTeam(server, owner, 'Solo Team', 'solo-team');
    expect((await deleteUser(owner.user.id)).status).toBe(409);
    const unconfirmed = await call(server, 'DELETE', `/api/teams?id=${team}`, { headers: admin(), body: {} });
    expect(unconfirmed.status).toBe(400);
    const personal = (await call(server, 'GET', '/api/teams', { headers: bearer(owner.token) })).body.teams.find(
      (row: { personal: boolean }) => row.personal,
    );
    const keptPersonal = await call(server, 'DELETE', `/api/teams?id=${personal.id}`, { headers: admin(), body: {} });
    expect(keptPersonal.status).toBe(409);
    const gone = await call(server, 'DELETE', `/api/teams?id=${team}`, {
      headers: admin(),
      body: { confirm: 'solo-team' },
    });
    expect(gone.status).toBe(204);
    expect((await call(server, 'GET', '/api/teams/all', { headers: admin() })).body.teams).not.toContainEqual(
      expect.objectContaining({ id: team }),
    );
    expect((await deleteUser(owner.user.id)).status).toBe(204);
    const none = await call(server, 'DELETE', '/api/teams?id=no-such-team', { headers: admin(), body: {} });
    expect(none.status).toBe(404);
  });
});
