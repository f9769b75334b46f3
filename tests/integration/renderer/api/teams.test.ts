/**
 * The renderer's team calls (renderer/src/api/teams.ts) against the real server on both stores
 * (docs/api.md#teams): a credential with a chosen team sends it as X-Team, so every other module's
 * calls act in that team; making, inviting, joining signed out, changing a member, a read key,
 * leaving, deleting with the slug; the administrator's list of teams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../../renderer/src/api/account';
import { ApiError, createHttpClient } from '../../../../renderer/src/api/client';
import { keyCalls } from '../../../../renderer/src/api/keys';
import { linkCalls } from '../../../../renderer/src/api/links';
import { adminTeamCalls, invitationPeek, joinAsNewAccount, teamCalls } from '../../../../renderer/src/api/teams';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../../redirector/http/bothStores';

describe.each(STORE_SERVERS)('team calls of the renderer ($kind)', ({ start }) => {
  let server: TestServer;
  const http = () => createHttpClient(server.url);
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());

  async function signedIn(name: string) {
    const account = accountCalls(http());
    const person = { name, email: `${name.toLowerCase()}-${process.pid}@example.com`, password: 'team-pw-secret' };
    await account.register(person);
    return (await account.login({ email: person.email, password: person.password })).token;
  }

  it('acts in the chosen team through X-Team, invites, joins signed out, restricts, leaves and deletes', async () => {
    const ownerToken = await signedIn('Owner');
    const teams = teamCalls(http(), { token: ownerToken, team: '999999' });
    // The team calls name their team themselves: a stale choice does not follow them.
    const team = await teams.create('Renderer Crew');
    expect(team).toMatchObject({ name: 'Renderer Crew', slug: 'renderer-crew', role: 'owner', personal: false });
    expect((await teams.list()).map((one) => one.name)).toEqual(['Owner', 'Renderer Crew']);

    const inTeam = linkCalls(http(), { token: ownerToken, team: String(team.id) });
    const link = await inTeam.create({ target_url: 'https://crew.example/', short_code: 'crew-one' });
    expect(link.team_id).toBe(team.id);
    const personal = linkCalls(http(), { token: ownerToken });
    expect(
      (await personal.page({ q: 'crew-one', tag: '', sort: 'created_at', order: 'desc', page: 1, per_page: 20 })).total,
    ).toBe(0);
    await expect(linkCalls(http(), { token: ownerToken, team: '999999' }).get(link.id)).rejects.toMatchObject({
      status: 404,
    });

    const invitation = await teams.invite(team.id, 'Crew.Viewer@example.com', {
      role: 'viewer',
      own_links_only: false,
      domains: null,
    });
    const token = invitation.url.split('/join/')[1] ?? '';
    expect((await teams.members(team.id)).invitations).toEqual([
      expect.objectContaining({ email: 'crew.viewer@example.com', role: 'viewer' }),
    ]);
    const joined = await joinAsNewAccount(http(), { token, name: 'Crew Viewer', password: 'viewer-pw' });
    expect(joined).toMatchObject({ team: { id: team.id, role: 'viewer' }, user: { email: 'crew.viewer@example.com' } });
    const viewer = { token: joined.token ?? '', team: String(team.id) };
    expect((await linkCalls(http(), viewer).get(link.id)).short_code).toBe('crew-one');
    await expect(linkCalls(http(), viewer).create({ target_url: 'https://crew.example/2' })).rejects.toMatchObject({
      status: 403,
    });

    const members = await teams.changeMember(team.id, joined.user?.id ?? 0, {
      role: 'editor',
      own_links_only: true,
      domains: null,
    });
    expect(members.members.find((member) => member.user.id === joined.user?.id)).toMatchObject({
      role: 'editor',
      own_links_only: true,
    });
    // Own links only: the owner's link is out of sight.
    await expect(linkCalls(http(), viewer).get(link.id)).rejects.toMatchObject({ status: 404 });

    const readKey = await keyCalls(http(), { token: ownerToken, team: String(team.id) }).create('reader', 'read');
    expect(readKey.key.scope).toBe('read');
    await expect(
      linkCalls(http(), { token: readKey.secret }).create({ target_url: 'https://crew.example/3' }),
    ).rejects.toMatchObject({ status: 403 });

    const all = await adminTeamCalls(http(), { apiKey: server.adminKey }).list();
    expect(all.teams).toContainEqual(expect.objectContaining({ id: team.id, members: 2, links: 1, owners: ['Owner'] }));

    // An open invitation cancelled: gone from the list, its link answers as a used one.
    const extra = await teams.invite(team.id, 'crew.extra@example.com', {
      role: 'owner',
      own_links_only: false,
      domains: null,
    });
    const open = (await teams.members(team.id)).invitations.find((one) => one.email === 'crew.extra@example.com');
    await teams.cancelInvitation(team.id, open?.id ?? 0);
    expect((await teams.members(team.id)).invitations).toEqual([]);
    await expect(invitationPeek(http(), extra.url.split('/join/')[1] ?? '')).rejects.toMatchObject({ status: 404 });

    await teamCalls(http(), viewer).removeMember(team.id, joined.user?.id ?? 0);
    expect((await teamCalls(http(), viewer).list()).map((one) => one.name)).toEqual(['Crew Viewer']);
    await expect(teams.remove(team.id, 'wrong')).rejects.toBeInstanceOf(ApiError);
    await teams.remove(team.id, 'renderer-crew');
    expect((await teams.list()).map((one) => one.name)).toEqual(['Owner']);
  });
});
