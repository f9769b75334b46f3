/**
 * The teams' calls for the OpenAPI conformance test (openapi.test.ts): every described answer of
 * /api/teams… (docs/api.md#teams) made once against the real server.
 */
import { expect } from 'vitest';
import { type AnyAnswer, bearer, type CallOptions, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';

type Described = (method: string, url: string, options?: CallOptions) => Promise<AnyAnswer>;

export async function coverTeamCalls(server: TestServer, described: Described): Promise<void> {
  const [owner, member, outsider] = [
    await newUser(server, 'Team Owner'),
    await newUser(server, 'Team Member'),
    await newUser(server, 'Team Outsider'),
  ];
  const as = (who: { token: string }) => ({ headers: bearer(who.token) });
  const status = async (method: string, url: string, options: CallOptions) =>
    (await described(method, url, options)).status;

  const made = await described('POST', '/api/teams', { ...as(owner), body: { name: 'OA Team' } });
  expect(made.status).toBe(201);
  const team = made.body.team.id as number;
  // A slug given that is taken (one made from the name would take the next free, docs/api.md#teams).
  const takenSlug = { name: 'OA Team', slug: made.body.team.slug };
  expect(await status('POST', '/api/teams', { ...as(owner), body: takenSlug })).toBe(409);
  const readKey = await call(server, 'POST', '/api/keys', { ...as(owner), body: { name: 'ro', scope: 'read' } });
  const withKey = { headers: bearer(readKey.body.secret) };
  expect(await status('POST', '/api/teams', { ...withKey, body: { name: 'By Key' } })).toBe(403);
  const listed = await described('GET', '/api/teams', as(owner));
  const all = await described('GET', '/api/teams/all', { headers: { 'X-API-Key': server.adminKey } });
  expect(all.body.teams).toContainEqual(
    expect.objectContaining({ id: team, name: 'OA Team', slug: 'oa-team', members: 1, owners: ['Team Owner'] }),
  );
  const personal = listed.body.teams.find((entry: { personal: boolean }) => entry.personal).id as number;

  const invite = (who: { token: string }, query = `?team=${team}`, email = member.user.email) =>
    described('POST', `/api/teams/invite${query}`, { ...as(who), body: { email, role: 'viewer' } });
  const first = await invite(owner);
  expect(first.status).toBe(200);
  expect((await invite(outsider)).status).toBe(404);
  expect((await invite(owner, '')).status).toBe(409);
  const token = String(first.body.url).split('/join/')[1];
  // What the join page is told before joining (docs/api.md#joining-a-team): no credential needed.
  expect(await status('POST', '/api/teams/invitation', { body: { token } })).toBe(200);
  expect(await status('POST', '/api/teams/invitation', { body: { token: 'no-such-token' } })).toBe(404);
  expect(await status('POST', '/api/teams/join', { ...withKey, body: { token } })).toBe(403);
  expect(await status('POST', '/api/teams/join', { ...as(member), body: { token } })).toBe(200);
  expect(await status('POST', '/api/teams/join', { ...as(member), body: { token } })).toBe(404);
  expect((await invite(member)).status).toBe(403);
  const second = String((await invite(owner)).body.url).split('/join/')[1];
  expect(await status('POST', '/api/teams/join', { ...as(member), body: { token: second } })).toBe(409);
  // Cancelling an open invitation (owners).
  const open = (await call(server, 'GET', `/api/teams/members?team=${team}`, as(owner))).body.invitations[0].id;
  const cancelUrl = (teamId: number) => `/api/teams/invite?team=${teamId}&id=${open}`;
  expect(await status('DELETE', cancelUrl(team), as(member))).toBe(403);
  expect(await status('DELETE', cancelUrl(team), as(outsider))).toBe(404);
  expect(await status('DELETE', cancelUrl(personal), as(owner))).toBe(409);
  expect(await status('DELETE', cancelUrl(team), as(owner))).toBe(204);

  expect(await status('GET', `/api/teams/members?team=${team}`, as(owner))).toBe(200);
  expect(await status('GET', `/api/teams/members?team=${team}`, as(outsider))).toBe(404);
  const memberUrl = (who: { user: { id: number } }) => `/api/teams/members?team=${team}&user=${who.user.id}`;
  const viewer = { body: { role: 'viewer' } };
  expect(await status('PUT', memberUrl(member), { ...as(owner), ...viewer })).toBe(200);
  expect(await status('PUT', memberUrl(member), { ...as(member), ...viewer })).toBe(403);
  expect(await status('PUT', memberUrl(member), { ...as(outsider), ...viewer })).toBe(404);
  expect(await status('PUT', memberUrl(owner), { ...as(owner), ...viewer })).toBe(409);

  const rename = { body: { name: 'OA Team Renamed', slug: 'oa-team' } };
  expect(await status('PUT', `/api/teams?id=${team}`, { ...as(owner), ...rename })).toBe(200);
  expect(await status('PUT', `/api/teams?id=${team}`, { ...as(member), ...rename })).toBe(403);
  expect(await status('PUT', `/api/teams?id=${team}`, { ...as(outsider), ...rename })).toBe(404);
  expect(await status('PUT', `/api/teams?id=${personal}`, { ...as(owner), ...rename })).toBe(409);

  // The audit log (docs/api.md#audit-log): owners read it; a viewer is refused, an outsider not told.
  for (const path of ['/api/audit', '/api/audit/export']) {
    expect(await status('GET', `${path}?team=${team}&action=member`, as(owner))).toBe(200);
    expect(await status('GET', `${path}?team=${team}`, as(member))).toBe(403);
    expect(await status('GET', `${path}?team=${team}`, as(outsider))).toBe(404);
  }

  const confirm = { body: { confirm: 'oa-team' } };
  expect(await status('DELETE', `/api/teams?id=${team}`, { ...as(member), ...confirm })).toBe(403);
  expect(await status('DELETE', `/api/teams?id=${team}`, { ...as(outsider), ...confirm })).toBe(404);
  expect(await status('DELETE', `/api/teams?id=${personal}`, { ...as(owner), ...confirm })).toBe(409);

  expect(await status('DELETE', memberUrl(owner), as(owner))).toBe(409);
  expect(await status('DELETE', memberUrl(owner), as(member))).toBe(403);
  expect(await status('DELETE', memberUrl(owner), as(outsider))).toBe(404);
  expect(await status('DELETE', memberUrl(member), as(member))).toBe(204);
  await coverSignedOutJoin(described, async (email) => {
    const invited = await invite(owner, `?team=${team}`, email ?? member.user.email);
    return String(invited.body.url).split('/join/')[1] ?? '';
  });
  expect(await status('DELETE', `/api/teams?id=${team}`, { ...as(owner), ...confirm })).toBe(204);
  // Wrong tokens count as wrong credentials of the client's address (last: it blocks this client).
  const guesses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) {
    guesses.push(
      await status('POST', '/api/teams/join', { body: { token: `no-${attempt}`, name: 'G', password: 'guess-pw' } }),
    );
  }
  expect(guesses.at(-1)).toBe(429);
  expect(await status('POST', '/api/teams/invitation', { body: { token: 'no-more' } })).toBe(429);
}

/** Joining signed out (docs/api.md#joining-a-team): a new account (201), an email that has one (409), a bad bearer (401). */
async function coverSignedOutJoin(described: Described, inviteFor: (email?: string) => Promise<string>) {
  const join = (body: object, headers: Record<string, string> = {}) =>
    described('POST', '/api/teams/join', { body, headers });
  // The member left; the invitation goes to their email, which has an account.
  const token = await inviteFor();
  expect((await join({ token, name: 'Someone', password: 'someone-pw' })).status).toBe(409);
  expect((await join({ token }, bearer('not-a-session'))).status).toBe(401);
  expect((await join({ token, name: '', password: 'someone-pw' })).status).toBe(400);
  const fresh = await inviteFor(`oa-newcomer-${process.pid}@example.com`);
  const made = await join({ token: fresh, name: 'Newcomer', password: 'newcomer-pw' });
  expect([made.status, made.body.team?.role]).toEqual([201, 'viewer']);
}
