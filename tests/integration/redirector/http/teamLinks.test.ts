/**
 * A team's links on both stores (docs/api.md#links-of-a-team): who made and last changed each link
 * (`created_by`, `updated_by`: a user's id and name, a key's name, null for the administrator), the
 * lists' `created_by=` filter, and MAX_LINKS_PER_TEAM counting a shared team's links as one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, createLink, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('links of a team on $kind', (storeServer) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let editor: Awaited<ReturnType<typeof newUser>>;
  let teamId: number;
  const asMember = (token: string) => inTeam(token, teamId);

  beforeAll(async () => {
    server = await storeServer.start({ MAX_LINKS_PER_TEAM: '3' });
    owner = await newUser(server, 'Olga Owner');
    editor = await newUser(server, 'Ed Editor');
    teamId = await newTeam(server, owner, 'Quota Co');
    await joinTeam(server, owner, editor, teamId);
  });
  afterAll(() => server.close());

  it('says who made and last changed a link, a key by its name, and filters the list by its maker', async () => {
    const made = await createLink(server, asMember(owner.token), { target_url: 'https://team.example/1' });
    const olga = { id: owner.user.id, name: 'Olga Owner' };
    expect(made.body.link).toMatchObject({ team_id: teamId, created_by: olga, updated_by: olga });
    const changed = await call(server, 'PUT', `/api/links/update?linkId=${made.body.link.id}`, {
      headers: asMember(editor.token),
      body: { title: 'By Ed' },
    });
    const ed = { id: editor.user.id, name: 'Ed Editor' };
    expect(changed.body.link).toMatchObject({ created_by: olga, updated_by: ed });
    const key = await call(server, 'POST', `/api/keys?team=${teamId}`, {
      headers: bearer(editor.token),
      body: { name: 'deploy bot' },
    });
    expect(key.status).toBe(403); // keys are the owners'
    const ownerKey = await call(server, 'POST', `/api/keys?team=${teamId}`, {
      headers: bearer(owner.token),
      body: { name: 'deploy bot' },
    });
    const byKey = await createLink(server, bearer(ownerKey.body.secret), { target_url: 'https://team.example/2' });
    expect(byKey.body.link.created_by).toEqual({ id: owner.user.id, name: 'deploy bot' });

    const list = await call(server, 'GET', `/api/links/user?created_by=${editor.user.id}`, {
      headers: asMember(owner.token),
    });
    expect(list.body.total).toBe(0);
    const mine = await call(server, 'GET', `/api/links/user?created_by=${owner.user.id}`, {
      headers: asMember(owner.token),
    });
    expect(mine.body.links.map((link: { created_by: unknown }) => link.created_by)).toEqual([
      { id: owner.user.id, name: 'deploy bot' },
      olga,
    ]);
    const read = await call(server, 'GET', `/api/links/user?linkId=${made.body.link.id}`, {
      headers: asMember(owner.token),
    });
    expect(read.body.link).toMatchObject({ created_by: olga, updated_by: ed });
    const bad = await call(server, 'GET', '/api/links/user?created_by=someone', { headers: asMember(owner.token) });
    expect([bad.status, bad.body.error]).toEqual([400, 'created_by must be a user id']);
    const admin = await call(server, 'POST', '/api/links', {
      headers: adminHeaders(server.adminKey),
      body: { target_url: 'https://team.example/admin' },
    });
    expect(admin.body).toMatchObject({ created_by: null, updated_by: null });
  });

  it('holds a shared team to MAX_LINKS_PER_TEAM, every member’s links together', async () => {
    // Two links so far; one more fits, whoever makes it.
    const third = await createLink(server, asMember(editor.token), { target_url: 'https://team.example/3' });
    expect(third.status).toBe(201);
    const fourth = await createLink(server, asMember(owner.token), { target_url: 'https://team.example/4' });
    expect([fourth.status, fourth.body.error]).toEqual([403, 'Link limit reached (3 links per account)']);
    // The editor's personal team is a team of its own, with room of its own.
    const personal = await createLink(server, bearer(editor.token), { target_url: 'https://team.example/5' });
    expect(personal.status).toBe(201);
  });
});
