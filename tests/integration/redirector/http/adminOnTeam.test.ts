/**
 * The administrator acting on one team with `X-Team` or `?team=` (docs/api.md#the-administrator-on-a-team),
 * on both stores: its links go into that team (made by the administrator, `created_by: null`), its
 * lists and per-link figures reach that team's links only, the audit log names it, an unknown team
 * is 404, and its API keys stay its own (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEYS_OWN, TEAM_NOT_FOUND } from '../../../../redirector/contract/teams';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('the administrator on a team on $kind', (storeServer) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof newUser>>;
  let teamId: number;
  let personalLinkId: number;
  const onTeam = (ref: string) => ({ ...adminHeaders(server.adminKey), 'X-Team': ref });

  beforeAll(async () => {
    server = await storeServer.start();
    owner = await newUser(server, 'Olga Owner');
    const made = await call(server, 'POST', '/api/teams', {
      headers: bearer(owner.token),
      body: { name: 'Admin Co', slug: 'admin-co' },
    });
    teamId = made.body.team.id;
    const personal = await call(server, 'POST', '/api/links/create', {
      headers: bearer(owner.token),
      body: { target_url: 'https://personal.example/1' },
    });
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
      headers: { ...bearer(owner.token), 'X-Team': 'admin-co' },
    });
    expect(seen.body.links.map((link: { id: number }) => link.id)).toEqual([made.body.id]);

    const audit = await call(server, 'GET', `/api/audit?team=admin-co&action=link.created`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ team_id: teamId, actor: { type: 'admin', name: 'admin' } });
  });

  it('answers 404 for a team that does not exist and 403 for keys in a team', async () => {
    const missing = await call(server, 'GET', '/api/links', { headers: onTeam('no-such-team') });
    expect([missing.status, missing.body.error]).toEqual([404, TEAM_NOT_FOUND]);
    const keys = await call(server, 'POST', '/api/keys', { headers: onTeam('admin-co'), body: { name: 'k' } });
    expect([keys.status, keys.body.error]).toEqual([403, ADMIN_KEYS_OWN]);
  });
});
