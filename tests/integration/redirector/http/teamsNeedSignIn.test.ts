/**
 * The team itself and its members need a sign-in (docs/api.md#api-keys), on both stores: an owner's
 * write key may do the team's work (links, webhooks…) but cannot invite, change or remove members,
 * rename or delete the team, make a team or join one. Without this, a leaked key invited its holder
 * as an owner, who then removed the real owners and made keys of their own.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, inTeam, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const REFUSED = { error: 'API keys cannot manage teams or their members: sign in' };

describe.each(STORE_SERVERS)('teams need a sign-in ($kind)', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  it("refuses an owner's write key every change to the team and its members; the owner's sign-in passes", async () => {
    const owner = await newUser(server, 'Olga Owner');
    const made = await call(server, 'POST', '/api/teams', { headers: bearer(owner.token), body: { name: 'Key Team' } });
    expect(made.status).toBe(201);
    const team = made.body.team as { id: number; slug: string };
    const member = await newUser(server, 'Mia Member');
    const invite = (headers: Record<string, string>, email: string) =>
      call(server, 'POST', `/api/teams/invite?team=${team.id}`, { headers, body: { email, role: 'viewer' } });
    const token = String((await invite(bearer(owner.token), member.user.email)).body.url).split('/join/')[1];
    expect(
      (await call(server, 'POST', '/api/teams/join', { headers: bearer(member.token), body: { token } })).status,
    ).toBe(200);
    const made2 = await call(server, 'POST', `/api/keys?team=${team.id}`, {
      headers: bearer(owner.token),
      body: { name: 'automation', scope: 'write' },
    });
    expect(made2.status).toBe(201);
    const key = bearer(made2.body.secret);
    const attacker = 'attacker@example.com';
    const refusals: [string, string, unknown][] = [
      ['POST', `/api/teams/invite?team=${team.id}`, { email: attacker, role: 'owner' }],
      ['PUT', `/api/teams/members?team=${team.id}&user=${member.user.id}`, { role: 'owner' }],
      ['DELETE', `/api/teams/members?team=${team.id}&user=${member.user.id}`, undefined],
      ['DELETE', `/api/teams/members?team=${team.id}&user=${owner.user.id}`, undefined],
      ['PUT', `/api/teams?id=${team.id}`, { name: 'Taken', slug: 'taken-team' }],
      ['DELETE', `/api/teams?id=${team.id}`, { confirm: team.slug }],
      ['POST', '/api/teams', { name: 'Another' }],
      ['POST', '/api/teams/join', { token: 'x'.repeat(43) }],
    ];
    for (const [method, path, body] of refusals) {
      const answer = await call(server, method, path, { headers: key, body });
      expect([method, path, answer.status, answer.body]).toEqual([method, path, 403, REFUSED]);
    }
    // Nothing changed: the members, their roles and the team's name and slug.
    const members = await call(server, 'GET', `/api/teams/members?team=${team.id}`, { headers: bearer(owner.token) });
    expect(members.body.members.map((m: { role: string }) => m.role).sort()).toEqual(['owner', 'viewer']);
    expect(members.body.invitations).toEqual([]);
    const teams = await call(server, 'GET', '/api/teams', { headers: bearer(owner.token) });
    expect(teams.body.teams.map((t: { slug: string | null }) => t.slug)).toEqual([null, team.slug]);
    // The key still does the team's work, and reads its members.
    const link = await call(server, 'POST', '/api/links/create', {
      headers: key,
      body: { target_url: 'https://acme.example/key' },
    });
    expect([link.status, link.body.link?.team_id]).toEqual([201, team.id]);
    expect((await call(server, 'GET', `/api/teams/members?team=${team.id}`, { headers: key })).status).toBe(200);
    // The owner's sign-in does each of them.
    expect((await invite(inTeam(owner.token, team.id), attacker)).status).toBe(200);
    const changed = await call(server, 'PUT', `/api/teams/members?team=${team.id}&user=${member.user.id}`, {
      headers: bearer(owner.token),
      body: { role: 'editor' },
    });
    expect(changed.status).toBe(200);
  });
});
