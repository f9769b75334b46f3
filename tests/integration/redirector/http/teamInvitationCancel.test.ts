/**
 * An open invitation can be cancelled (docs/api.md#teams), on both stores: its link, which lets
 * whoever holds it in with the role it offers, used to stay good for its 7 days whatever the owners
 * did (a wrong address, a leaked link). `DELETE /api/teams/invite?team=&id=` (owners, signed in)
 * cancels it, in the audit log; the link then answers as a used one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_INVALID, INVITATION_NOT_FOUND, TEAM_NOT_FOUND } from '../../../../redirector/contract/teams';
import { bearer, call, joinTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

type User = Awaited<ReturnType<typeof newUser>>;

describe.each(STORE_SERVERS)('cancelling an invitation on $kind', (storeServer) => {
  let server: TestServer;
  let owner: User;
  let editor: User;
  let invited: User;
  let team: number;

  const invite = async (teamId: number, email: string) => {
    const made = await call(server, 'POST', `/api/teams/invite?team=${teamId}`, {
      headers: bearer(owner.token),
      body: { email, role: 'owner' },
    });
    expect(made.status).toBe(200);
    const listed = await call(server, 'GET', `/api/teams/members?team=${teamId}`, { headers: bearer(owner.token) });
    const invitation = listed.body.invitations.find((one: { email: string }) => one.email === email);
    return { token: String(made.body.url).split('/join/')[1], id: invitation.id as number };
  };
  const cancel = (who: string, teamId: number | string, id: number | string) =>
    call(server, 'DELETE', `/api/teams/invite?team=${teamId}&id=${id}`, { headers: bearer(who) });

  beforeAll(async () => {
    server = await storeServer.start();
    owner = await newUser(server, 'Ola Owner');
    editor = await newUser(server, 'Eda Editor');
    invited = await newUser(server, 'Ivo Invited');
    team = await newTeam(server, owner, 'Cancel Co');
    await joinTeam(server, owner, editor, team, 'editor');
  });
  afterAll(() => server.close());

  it('cancels an open invitation: no longer listed, its link lets nobody in, the log says so', async () => {
    const { token, id } = await invite(team, invited.user.email);
    expect((await cancel(owner.token, team, id)).status).toBe(204);
    const listed = await call(server, 'GET', `/api/teams/members?team=${team}`, { headers: bearer(owner.token) });
    expect(listed.body.invitations).toEqual([]);
    const join = await call(server, 'POST', '/api/teams/join', { headers: bearer(invited.token), body: { token } });
    expect([join.status, join.body.error]).toEqual([404, INVITATION_INVALID]);
    const audit = await call(server, 'GET', `/api/audit?team=${team}&action=invitation.cancelled`, {
      headers: bearer(owner.token),
    });
    expect(audit.body.entries).toEqual([
      expect.objectContaining({ target: { type: 'invitation', id: String(id), label: invited.user.email } }),
    ]);
    const again = await cancel(owner.token, team, id);
    expect([again.status, again.body.error]).toEqual([404, INVITATION_NOT_FOUND]);
  });

  it('is for the team’s owners, signed in, and only for that team’s invitations', async () => {
    const { token, id } = await invite(team, 'someone@example.com');
    expect((await cancel(editor.token, team, id)).status).toBe(403);
    const outsider = await cancel(invited.token, team, id);
    expect([outsider.status, outsider.body.error]).toEqual([404, TEAM_NOT_FOUND]);
    const key = await call(server, 'POST', `/api/keys?team=${team}`, {
      headers: bearer(owner.token),
      body: { name: 'script', scope: 'write' },
    });
    expect((await cancel(key.body.secret, team, id)).status).toBe(403);
    const other = await newTeam(server, owner, 'Other Co');
    expect((await cancel(owner.token, other, id)).status).toBe(404);
    expect((await cancel(owner.token, team, 'x')).status).toBe(400);
    // Still good after all those refusals.
    const joined = await call(server, 'POST', '/api/teams/join', { headers: bearer(invited.token), body: { token } });
    expect(joined.status).toBe(200);
  });
});
