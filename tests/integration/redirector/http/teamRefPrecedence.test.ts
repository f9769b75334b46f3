/**
 * Which team a call names when it carries both `X-Team` and the query's parameter (docs/api.md#roles),
 * on both stores: the query's (`?team=`, or `?id=` of PUT and DELETE /api/teams), which names the
 * call's target in its address, before the header, a client's standing choice. The header came first:
 * `PUT /api/teams?id=B` with `X-Team: A` renamed A, and `DELETE /api/teams/members?team=B&user=` with
 * it removed the member from A.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('the query names the team before X-Team on $kind', (storeServer) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let member: Awaited<ReturnType<typeof newUser>>;
  let alpha: number;
  let bravo: number;

  beforeAll(async () => {
    server = await storeServer.start();
    owner = await newUser(server, 'Oda Owner');
    member = await newUser(server, 'Mo Member');
    alpha = await newTeam(server, owner, 'Alpha', 'alpha-team');
    bravo = await newTeam(server, owner, 'Bravo', 'bravo-team');
    await joinTeam(server, owner, member, alpha, 'editor');
    await joinTeam(server, owner, member, bravo, 'editor');
  });
  afterAll(() => server.close());

  const asAlpha = () => inTeam(owner.token, alpha);
  const names = async () =>
    (await call(server, 'GET', '/api/teams', { headers: inTeam(owner.token, alpha) })).body.teams
      .filter((team: { personal: boolean }) => !team.personal)
      .map((team: { name: string; slug: string; members: number }) => [team.name, team.slug, team.members]);

  it('renames, makes links in and removes members of the team the query names', async () => {
    const renamed = await call(server, 'PUT', `/api/teams?id=${bravo}`, {
      headers: asAlpha(),
      body: { name: 'Bravo Renamed', slug: 'bravo-team' },
    });
    expect([renamed.status, renamed.body.team?.id]).toEqual([200, bravo]);
    const link = await call(server, 'POST', `/api/links/create?team=${bravo}`, {
      headers: asAlpha(),
      body: { target_url: 'https://bravo.example/' },
    });
    expect([link.status, link.body.link?.team_id]).toEqual([201, bravo]);
    const removed = await call(server, 'DELETE', `/api/teams/members?team=bravo-team&user=${member.user.id}`, {
      headers: asAlpha(),
    });
    expect(removed.status).toBe(204);
    expect(await names()).toEqual([
      ['Alpha', 'alpha-team', 2],
      ['Bravo Renamed', 'bravo-team', 1],
    ]);
  });

  it('still takes X-Team alone, and names the query in a malformed one’s message', async () => {
    const listed = await call(server, 'GET', '/api/links/user', { headers: asAlpha() });
    expect(listed.status).toBe(200);
    const bad = await call(server, 'GET', '/api/links/user?team=not%20a%20team', { headers: asAlpha() });
    expect([bad.status, bad.body.error]).toEqual([400, "team must be a team's id or slug"]);
  });
});
