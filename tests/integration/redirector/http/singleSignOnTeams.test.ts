/**
 * Team roles from groups (docs/api.md#team-roles-from-groups) against a real OpenID Connect
 * provider (oidc-provider) on loopback, on both stores: a group gives a role in a mapped team at
 * sign-in, the highest of several wins, another group changes it (an owner's change by hand is put
 * back), losing the group removes the membership, a team the variable does not name is never
 * touched, the last owner stays, and each change is in the audit log with the actor `sso`.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../redirector/contract/audit';
import type { Team } from '../../../../redirector/contract/teams';
import { bearer, call, newUser } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import type { TestProvider } from '../../../helpers/oidcProvider';
import { startSsoServer } from '../../../helpers/ssoServer';
import { ssoSignIn } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, movableClock } from './accountStores';

const TEAM_GROUPS = [
  'news-desk=newsroom:editor',
  'news-chiefs=newsroom:owner',
  '/it/readers=newsroom:viewer',
  'solo-editors=solo-team:editor',
  'ghosts=no-such-team:viewer',
].join(', ');

describe.each(CLOCKED_STORES)('team roles from groups ($kind)', ({ start }) => {
  let provider: TestProvider;
  let server: TestServer;
  let logs: CapturedLogs;
  let owner: { token: string; user: { id: number } };
  let nextAddress = 1;
  const clock = movableClock();

  const address = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++ % 250}` });

  /** Signs `sub` in with `groups` through the provider: the user session. */
  const signIn = (sub: string, groups: string[]) =>
    ssoSignIn<{ token: string; user: { id: number; name: string } }>(
      server,
      provider,
      sub,
      { email: `${sub}@example.org`, email_verified: true, name: `Person ${sub}`, groups },
      address(),
    );

  const teamsOf = async (token: string): Promise<Team[]> =>
    (await call(server, 'GET', '/api/teams', { headers: bearer(token) })).body.teams;

  const roleIn = async (token: string, slug: string) => (await teamsOf(token)).find((t) => t.slug === slug)?.role;

  /** The newsroom's entries about member `userId`, oldest first. */
  async function memberEntries(userId: number): Promise<AuditEntry[]> {
    const answer = await call(server, 'GET', '/api/audit?team=newsroom&action=member&per_page=200', {
      headers: bearer(owner.token),
    });
    expect(answer.status).toBe(200);
    return (answer.body.entries as AuditEntry[]).filter((entry) => entry.target.id === String(userId)).reverse();
  }

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    ({ provider, server } = await startSsoServer(ends, (env) => start(env, clock), { OIDC_TEAM_GROUPS: TEAM_GROUPS }));
    owner = await newUser(server, 'Olga Owner');
    const made = await call(server, 'POST', '/api/teams', {
      headers: bearer(owner.token),
      body: { name: 'Newsroom', slug: 'newsroom' },
    });
    expect(made.status).toBe(201);
  });

  it('a group gives its role at the first sign-in, beside the personal team, recorded with the actor sso', async () => {
    const session = await signIn('sub-ann', ['news-desk', 'unrelated']);
    const teams = await teamsOf(session.token);
    expect(teams.map((team) => [team.personal, team.slug, team.role])).toEqual([
      [true, null, 'owner'],
      [false, 'newsroom', 'editor'],
    ]);
    expect(await memberEntries(session.user.id)).toMatchObject([
      {
        action: 'member.added',
        actor: { type: 'sso', id: session.user.id, name: 'Person sub-ann' },
        target: { type: 'member', id: String(session.user.id), label: 'sub-ann@example.org' },
        changes: { role: [null, 'editor'] },
      },
    ]);
    // The same groups again change nothing and record nothing.
    await signIn('sub-ann', ['news-desk']);
    expect(await memberEntries(session.user.id)).toHaveLength(1);
    expect(logs.lines.join('\n')).toMatch(/single sign-on: OIDC_TEAM_GROUPS names no such team: .*no-such-team/);
  });

  it('another group changes the role (the highest of several wins), and an owner change by hand is put back', async () => {
    const first = await signIn('sub-bo', ['/it/readers']);
    expect(await roleIn(first.token, 'newsroom')).toBe('viewer');
    const both = await signIn('sub-bo', ['/it/readers', 'news-chiefs', 'news-desk']);
    expect(await roleIn(both.token, 'newsroom')).toBe('owner');
    const demoted = await call(server, 'PUT', `/api/teams/members?team=newsroom&user=${both.user.id}`, {
      headers: bearer(owner.token),
      body: { role: 'viewer', own_links_only: true },
    });
    expect(demoted.status).toBe(200);
    const again = await signIn('sub-bo', ['news-desk']);
    expect(await roleIn(again.token, 'newsroom')).toBe('editor');
    // The role follows the groups; the restriction set by hand stays.
    const members = await call(server, 'GET', '/api/teams/members?team=newsroom', { headers: bearer(owner.token) });
    expect(members.body.members.find((m: { user: { id: number } }) => m.user.id === both.user.id)).toMatchObject({
      role: 'editor',
      own_links_only: true,
    });
    const entries = await memberEntries(both.user.id);
    expect(entries.map((entry) => [entry.action, entry.actor.type, entry.changes.role])).toEqual([
      ['member.added', 'sso', [null, 'viewer']],
      ['member.role_changed', 'sso', ['viewer', 'owner']],
      ['member.role_changed', 'user', ['owner', 'viewer']],
      ['member.role_changed', 'sso', ['viewer', 'editor']],
    ]);
  });

  it('losing the group removes the membership; a team the variable does not name is kept', async () => {
    const session = await signIn('sub-cy', ['news-desk']);
    const own = await call(server, 'POST', '/api/teams', {
      headers: bearer(session.token),
      body: { name: 'Side project', slug: 'side-project' },
    });
    expect(own.status).toBe(201);
    const after = await signIn('sub-cy', []);
    expect((await teamsOf(after.token)).map((team) => team.slug)).toEqual([null, 'side-project']);
    const entries = await memberEntries(session.user.id);
    expect(entries.map((entry) => [entry.action, entry.actor.type])).toEqual([
      ['member.added', 'sso'],
      ['member.removed', 'sso'],
    ]);
    // Back in the group, back in the team.
    expect(await roleIn((await signIn('sub-cy', ['news-desk'])).token, 'newsroom')).toBe('editor');
  });

  it("never takes a team's last owner away: the owner stays, the sign-in goes on, the log says why", async () => {
    const session = await signIn('sub-dee', []);
    const made = await call(server, 'POST', '/api/teams', {
      headers: bearer(session.token),
      body: { name: 'Solo', slug: 'solo-team' },
    });
    expect(made.status).toBe(201);
    // Without the group: would be removed; with it: would become an editor. Neither leaves the team ownerless.
    for (const groups of [[], ['solo-editors']]) {
      const again = await signIn('sub-dee', groups);
      expect(await roleIn(again.token, 'solo-team')).toBe('owner');
    }
    expect(logs.lines.join('\n')).toContain(
      `single sign-on: user ${session.user.id} stays the last owner of team "solo-team" (a team keeps an owner)`,
    );
    // With a second owner, the groups decide again.
    const invite = await call(server, 'POST', '/api/teams/invite?team=solo-team', {
      headers: bearer(session.token),
      body: { email: 'olga-solo@example.org', role: 'owner' },
    });
    const token = String(invite.body.url).split('/join/')[1];
    expect(
      (await call(server, 'POST', '/api/teams/join', { headers: bearer(owner.token), body: { token } })).status,
    ).toBe(200);
    const demoted = await signIn('sub-dee', ['solo-editors']);
    expect(await roleIn(demoted.token, 'solo-team')).toBe('editor');
  });
});
