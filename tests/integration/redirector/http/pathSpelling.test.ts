/**
 * An `/api` call is its path as written in docs/api.md#routing-comes-before-credentials: another
 * spelling of it (capitals, a trailing slash) is no call. The router took both (`/api/Teams/members`,
 * `/api/teams/members/`) while the team rule, which reads the path to know what a call needs, did
 * not recognise them and asked for only an editor's right: an editor made themselves owner, invited
 * owners, made webhooks, and renamed the team with `PUT /api/teams/?id=&team=`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

describe('another spelling of an /api path is no call', () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let editor: Awaited<ReturnType<typeof newUser>>;
  let team: number;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await newUser(server, 'Oda Owner');
    editor = await newUser(server, 'Eddie Editor');
    team = await newTeam(server, owner, 'Alpha', 'alpha-spelled');
    await joinTeam(server, owner, editor, team, 'editor');
  });
  afterAll(() => server.close());

  const asEditor = () => inTeam(editor.token, team);

  it.each([
    ['PUT', `/api/Teams/members?user=`, { role: 'owner' }],
    ['PUT', `/api/teams/members/?user=`, { role: 'owner' }],
    ['POST', '/api/Teams/invite', { email: 'someone@example.com', role: 'owner' }],
    ['POST', '/api/WEBHOOKS', { url: 'https://93.184.216.34/hook', events: ['link.created'] }],
    ['POST', '/api/webhooks/', { url: 'https://93.184.216.34/hook', events: ['link.created'] }],
    ['PUT', '/api/teams/?id=alpha-spelled', { name: 'Taken', slug: 'alpha-spelled' }],
  ])('%s %s by an editor → 404, nothing changes', async (method, path, body) => {
    const target = path.endsWith('user=') ? `${path}${editor.user.id}` : path;
    const answer = await call(server, method, target, { headers: asEditor(), body });
    expect([answer.status, answer.body.error]).toEqual([404, `No such API call: ${method} ${target.split('?')[0]}`]);
  });

  it('leaves the role, the team and its webhooks as they were; the calls as written still answer', async () => {
    const members = await call(server, 'GET', `/api/teams/members?team=${team}`, { headers: bearer(owner.token) });
    const roles = members.body.members.map((member: { user: { id: number }; role: string }) => [
      member.user.id,
      member.role,
    ]);
    expect(roles).toEqual([
      [owner.user.id, 'owner'],
      [editor.user.id, 'editor'],
    ]);
    expect(members.body.invitations).toEqual([]);
    const hooks = await call(server, 'GET', '/api/webhooks', { headers: inTeam(owner.token, team) });
    expect([hooks.status, hooks.body.webhooks]).toEqual([200, []]);
    const teams = await call(server, 'GET', '/api/teams', { headers: bearer(owner.token) });
    expect(teams.body.teams.map((each: { name: string }) => each.name)).toContain('Alpha');
    const refused = await call(server, 'PUT', `/api/teams/members?team=${team}&user=${editor.user.id}`, {
      headers: asEditor(),
      body: { role: 'owner' },
    });
    expect(refused.status).toBe(403);
    const keys = await call(server, 'GET', '/api/keys', { headers: bearer(owner.token) });
    expect(keys.status).toBe(200);
  });
});
