/**
 * A team keeps at least one owner, an account's deletion included (docs/api.md#account-calls), on
 * both stores: the last owner of a shared team cannot delete their account, nor can the
 * administrator delete it, until the team has another owner or is gone. Before, the team stayed
 * with nobody to manage it while its links, hub and domain went on answering.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountLastOwner } from '../../../../redirector/contract/teams';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, type Clock, testClock } from './accountStores';

describe.each(CLOCKED_STORES)('the last owner of a team ($kind)', ({ start }) => {
  let server: TestServer;
  let clock: Clock;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: bearer(token), body });

  beforeAll(async () => {
    clock = testClock();
    server = await start({}, clock);
  });
  afterAll(() => server.close());
  // Past the limit of accounts made from one address (5 an hour).
  beforeEach(() => clock.advance(60 * 60 * 1000));

  it('keeps the account until the team has another owner or is deleted, for the user and the administrator', async () => {
    const olga = await newUser(server, 'Olga');
    const made = await as(olga.token, 'POST', '/api/teams', { name: 'Acme News' });
    expect(made.status).toBe(201);
    const team = made.body.team as { id: number; slug: string };
    const refused = { error: accountLastOwner('Acme News') };
    // The only member and owner.
    const alone = await as(olga.token, 'DELETE', '/api/account', { password: olga.password });
    expect([alone.status, alone.body]).toEqual([409, refused]);
    // With an editor beside: still the last owner, for the administrator too.
    const ed = await newUser(server, 'Ed');
    const invite = await as(olga.token, 'POST', `/api/teams/invite?team=${team.id}`, {
      email: ed.user.email,
      role: 'editor',
    });
    const token = String(invite.body.url).split('/join/')[1];
    expect((await as(ed.token, 'POST', '/api/teams/join', { token })).status).toBe(200);
    const byAdmin = await call(server, 'DELETE', `/api/users?id=${olga.user.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect([byAdmin.status, byAdmin.body]).toEqual([409, refused]);
    expect((await as(olga.token, 'GET', '/api/account')).status).toBe(200);
    // Another owner: the account goes, the team stays with Ed.
    const promoted = await as(olga.token, 'PUT', `/api/teams/members?team=${team.id}&user=${ed.user.id}`, {
      role: 'owner',
    });
    expect(promoted.status).toBe(200);
    expect((await as(olga.token, 'DELETE', '/api/account', { password: olga.password })).status).toBe(204);
    const members = await as(ed.token, 'GET', `/api/teams/members?team=${team.id}`);
    expect(members.body.members.map((m: { user: { id: number }; role: string }) => [m.user.id, m.role])).toEqual([
      [ed.user.id, 'owner'],
    ]);
    // Ed alone: the team deleted first, then the account.
    expect((await as(ed.token, 'DELETE', `/api/teams?id=${team.id}`, { confirm: team.slug })).status).toBe(204);
    const gone = await call(server, 'DELETE', `/api/users?id=${ed.user.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(gone.status).toBe(204);
  });
});
