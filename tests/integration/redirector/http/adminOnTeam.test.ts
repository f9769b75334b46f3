/**
 * The administrator acting on one team with `X-Team` or `?team=` (docs/api.md#the-administrator-on-a-team),
 * on both stores: its links go into that team (made by the administrator, `created_by: null`), its
 * lists and per-link figures reach that team's links only, the audit log names it, an unknown team
 * is 404; the user calls on the team's things (links, figures, domain, hub, keys) answer it as the
 * team's owner, but it makes no key in a team (403: a key acts as its maker); the account's and the
 * memberships' calls stay a user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MAKES_NO_TEAM_KEYS, TEAM_NOT_FOUND } from '../../../../redirector/contract/teams';
import { adminHeaders, bearer, call, createLink, inTeam, newTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('the administrator on a team on $kind', (storeServer) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let teamId: number;
  let personalLinkId: number;
  const onTeam = (ref: string) => ({ ...adminHeaders(server.adminKey), 'X-Team': ref });

  beforeAll(async () => {
    server = await storeServer.start({ PUBLIC_URL: 'https://me.example.com', DNS_SERVERS: '127.0.0.1:9' });
    owner = await newUser(server, 'Olga Owner');
    teamId = await newTeam(server, owner, 'Admin Co', 'admin-co');
    const personal = await createLink(server, bearer(owner.token), { target_url: 'https://personal.example/1' });
    personalLinkId = personal.body.link.id;
  });
  afterAll(() => server.close());

  it('makes, lists and reads links in the team it names, and the team sees them', async () => {
    const made = await call(server, 'POST', '/api/links', {
      headers: onTeam('admin-co'),
      body: { target_url: 'https://team.example/by-admin' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ team_id: teamId, created_by: null, updated_by: null });

    const listed = await call(server, 'GET', '/api/links', { headers: onTeam(String(teamId)) });
    expect(listed.body.map((link: { id: number }) => link.id)).toEqual([made.body.id]);
    const everyone = await call(server, 'GET', '/api/links', { headers: adminHeaders(server.adminKey) });
    expect(everyone.body.map((link: { id: number }) => link.id)).toContain(personalLinkId);

    expect((await call(server, 'GET', `/api/analytics/${made.body.id}`, { headers: onTeam('admin-co') })).status).toBe(
      200,
    );
    // Another team's link is not this team's: 404 while acting on it.
    const other = await call(server, 'GET', `/api/analytics/${personalLinkId}`, { headers: onTeam('admin-co') });
    expect(other.status).toBe(404);

    const seen = await call(server, 'GET', '/api/links/user', {
      headers: inTeam(owner.token, 'admin-co'),
    });
    expect(seen.body.links.map((link: { id: number }) => link.id)).toEqual([made.body.id]);

    const audit = await call(server, 'GET', `/api/audit?team=admin-co&action=link.created`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ team_id: teamId, actor: { type: 'admin', name: 'admin' } });
  });

  it('answers 404 for a team that does not exist, on its own calls and the users’ alike', async () => {
    for (const path of ['/api/links', '/api/links/user', '/api/hub']) {
      const missing = await call(server, 'GET', path, { headers: onTeam('no-such-team') });
      expect([missing.status, missing.body.error]).toEqual([404, TEAM_NOT_FOUND]);
    }
  });

  it("makes the team's user calls as its owner: links, figures, domain and hub", async () => {
    const made = await createLink(server, onTeam('admin-co'), { target_url: 'https://team.example/user-call' });
    expect([made.status, made.body.link.team_id, made.body.link.created_by]).toEqual([201, teamId, null]);
    const listed = await call(server, 'GET', '/api/links/user', { headers: onTeam('admin-co') });
    const ids = listed.body.links.map((link: { id: number }) => link.id);
    expect([ids.includes(made.body.link.id), ids.includes(personalLinkId)]).toEqual([true, false]);
    const figures = (linkId: number) =>
      call(server, 'GET', `/api/analytics/user?linkId=${linkId}`, { headers: onTeam('admin-co') });
    expect((await figures(made.body.link.id)).status).toBe(200);
    expect((await figures(personalLinkId)).status).toBe(404);

    const claimed = await call(server, 'POST', '/api/user/domain', {
      headers: onTeam(String(teamId)),
      body: { domain: 'go.admin-co.test' },
    });
    expect([claimed.status, claimed.body.verification?.status]).toEqual([200, 'pending']);
    const read = await call(server, 'GET', '/api/user/domain', { headers: onTeam('admin-co') });
    expect([read.body.domain, read.body.user]).toEqual(['go.admin-co.test', null]);
    const ownerSees = await call(server, 'GET', '/api/user/domain?team=admin-co', { headers: bearer(owner.token) });
    expect(ownerSees.body.domain).toBe('go.admin-co.test');

    const hub = await call(server, 'PUT', '/api/hub', {
      headers: onTeam('admin-co'),
      body: { title: 'Admin Co page', links: [{ link_id: made.body.link.id, label: 'Go' }], published: true },
    });
    expect([hub.status, hub.body.hub?.handle]).toEqual([200, 'admin-co']);
    const ownerHub = await call(server, 'GET', '/api/hub?team=admin-co', { headers: bearer(owner.token) });
    expect(ownerHub.body.hub.title).toBe('Admin Co page');

    const audit = await call(server, 'GET', '/api/audit?team=admin-co&actor=admin', {
      headers: bearer(owner.token),
    });
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['link.created', 'domain.claimed', 'hub.created']),
    );
  });

  it("lists and deletes the team's keys but makes none; the account's calls stay a user's", async () => {
    const key = await call(server, 'POST', '/api/keys?team=admin-co', {
      headers: bearer(owner.token),
      body: { name: 'Olga script' },
    });
    expect(key.status).toBe(201);
    const listed = await call(server, 'GET', '/api/keys', { headers: onTeam('admin-co') });
    expect(listed.body.keys.map((row: { name: string }) => row.name)).toEqual(['Olga script']);
    const making = await call(server, 'POST', '/api/keys', { headers: onTeam('admin-co'), body: { name: 'k' } });
    expect([making.status, making.body.error]).toEqual([403, ADMIN_MAKES_NO_TEAM_KEYS]);
    const gone = await call(server, 'DELETE', `/api/keys?id=${key.body.key.id}`, { headers: onTeam('admin-co') });
    expect(gone.status).toBe(200);
    const left = await call(server, 'GET', '/api/keys?team=admin-co', { headers: bearer(owner.token) });
    expect(left.body.keys).toEqual([]);
    // Its own keys, without a team, are as they were.
    expect((await call(server, 'GET', '/api/keys', { headers: adminHeaders(server.adminKey) })).status).toBe(200);

    // Without a team a user call is no administrator's; the account and its memberships are a user's
    // (the team's members and its deletion are the administrator's too: adminClearsLastOwner.test.ts).
    for (const [method, path] of [
      ['GET', '/api/links/user'],
      ['GET', '/api/account'],
      ['GET', '/api/teams'],
    ] as const) {
      const headers = path === '/api/links/user' ? adminHeaders(server.adminKey) : onTeam('admin-co');
      expect((await call(server, method, path, { headers })).status).toBe(401);
    }
  });
});
