/**
 * Bulk `move` to another team (docs/api.md#moving-links-to-another-team), as cases of the bulk
 * suite (linkBulk.test.ts) on its server, on both stores: the caller needs the right to change
 * links in both teams (a viewer in the target → 403 naming that team, a team it is not in → 404,
 * a key → 404), a link on a custom domain the target does not have is refused alone, every link
 * moved writes an entry in both teams, and the move is one transaction (all or none).
 */
import { expect, it } from 'vitest';
import { adminScope } from '../../../../redirector/auth/scope';
import { auditMoved } from '../../../../redirector/links/linkAudit';
import { adminHeaders, bearer, call, inTeam, joinTeam, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import type { StoreServer } from './bothStores';

type Server = TestServer & Awaited<ReturnType<StoreServer['start']>>;

type Member = { token: string; user: { email: string } };

/** The member invited by `owner` to the team with the membership, and joined. */
export const invite = (server: TestServer, owner: string, teamId: number, member: Member, membership: object) =>
  joinTeam(server, { token: owner }, member, teamId, membership);

/** An account the administrator makes (the suite's registrations use up the address's allowance), signed in. */
async function madeUser(server: TestServer, name: string): Promise<Member> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${process.pid}@move.example`;
  const body = { name, email, password: 'move-secret-1' };
  expect((await call(server, 'POST', '/api/users', { headers: adminHeaders(server.adminKey), body })).status).toBe(201);
  const login = await call(server, 'POST', '/api/auth?action=login', { body: { email, password: body.password } });
  return { token: login.body.token, user: { email } };
}

/** A new user joined to the team with the membership; their token. */
export async function join(server: TestServer, owner: string, teamId: number, name: string, membership: object) {
  const member = await newUser(server, name);
  await invite(server, owner, teamId, member, membership);
  return member.token;
}

/** `owner`: the suite's user, who makes a team per case (the server limits new accounts per address). */
export function teamMoveCases(get: () => { server: Server; owner: string }) {
  const bulk = (headers: Record<string, string>, body: unknown) =>
    call(get().server, 'POST', '/api/links/bulk', { headers, body });
  const newTeam = async (token: string, name: string) =>
    (await call(get().server, 'POST', '/api/teams', { headers: bearer(token), body: { name } })).body.team.id as number;
  /** Two new teams of the suite's owner, "<name> From" and "<name> To". */
  const twoTeams = async (name: string): Promise<[number, number]> => [
    await newTeam(get().owner, `${name} From`),
    await newTeam(get().owner, `${name} To`),
  ];
  /** An account made for the case, joined to `team` as an editor. */
  const editorIn = async (team: number, name: string) => {
    const member = await madeUser(get().server, name);
    await invite(get().server, get().owner, team, member, { role: 'editor' });
    return member;
  };
  const makeLinks = async (headers: Record<string, string>, names: string[], extra: object = {}) => {
    const ids: number[] = [];
    for (const name of names) {
      const made = await call(get().server, 'POST', '/api/links/create', {
        headers,
        body: { target_url: `https://move.example/${name}`, title: name, ...extra },
      });
      expect(made.status).toBe(201);
      ids.push(made.body.link.id);
    }
    return ids;
  };
  const teamOf = async (token: string, id: number) => {
    const teams = (await call(get().server, 'GET', '/api/teams', { headers: bearer(token) })).body.teams;
    for (const team of teams as { id: number }[]) {
      const found = await call(get().server, 'GET', `/api/links/user?linkId=${id}`, {
        headers: inTeam(token, team.id),
      });
      if (found.status === 200) return team.id;
    }
    return undefined;
  };
  const moved = async (owner: string, team: number) =>
    (
      await call(get().server, 'GET', `/api/audit?team=${team}&action=link.moved`, { headers: bearer(owner) })
    ).body.entries.map((entry: { target: { id: string }; changes: object }) => [
      Number(entry.target.id),
      entry.changes,
    ]);

  it('moves links to another team the caller changes links in, one audit entry in each team per link', async () => {
    const { server } = get();
    const owner = { token: get().owner };
    const [from, to] = await twoTeams('Move');
    const editor = (await editorIn(from, 'Mover Ed')).token;
    const ids = await makeLinks(inTeam(editor, from), ['m1', 'm2', 'm3'], { tags: ['moving'] });

    // An editor of the source who is not in the target: 404, as for any team they are not in.
    const outsider = await bulk(inTeam(editor, from), { ids, action: 'move', team: to });
    expect([outsider.status, outsider.body.error]).toEqual([404, 'Team not found']);
    const slug = (await call(server, 'GET', '/api/teams', { headers: bearer(owner.token) })).body.teams.find(
      (team: { id: number }) => team.id === to,
    ).slug;
    expect((await bulk(inTeam(editor, from), { ids, action: 'move', team: slug })).status).toBe(404);
    expect(await teamOf(owner.token, ids[0]!)).toBe(from);

    const answer = await bulk(inTeam(owner.token, from), { ids: [...ids, 999999], action: 'move', team: to });
    expect(answer.body).toEqual({ done: 3, failed: [{ id: 999999, error: 'Link not found' }] });
    for (const id of ids) expect(await teamOf(owner.token, id)).toBe(to);
    const link = (await call(server, 'GET', `/api/links/user?linkId=${ids[0]}`, { headers: inTeam(owner.token, to) }))
      .body.link;
    expect([link.team_id, link.tags, link.created_by?.name, link.updated_by?.name]).toEqual([
      to,
      ['moving'],
      'Mover Ed',
      'Bulk Owner',
    ]);
    const expected = ids.map((id) => [id, { team_id: [from, to] }]).reverse();
    expect(await moved(owner.token, from)).toEqual(expected);
    expect(await moved(owner.token, to)).toEqual(expected);
    // Already there: nothing to do, nothing written.
    expect((await bulk(inTeam(owner.token, to), { ids, action: 'move', team: String(to) })).body).toEqual({
      done: 0,
      failed: [],
    });
    expect(await moved(owner.token, to)).toHaveLength(3);
  });

  it('needs the right to change links in the target team: a viewer there gets 403, a key 404', async () => {
    const { server } = get();
    const owner = { token: get().owner };
    const [from, to] = await twoTeams('View');
    const vic = await editorIn(from, 'Vic Viewer');
    await invite(server, owner.token, to, vic, { role: 'viewer' });
    const member = vic.token;
    const ids = await makeLinks(inTeam(member, from), ['v1']);
    const viewer = await bulk(inTeam(member, from), { ids, action: 'move', team: to });
    expect([viewer.status, viewer.body.error]).toEqual([
      403,
      'In the team you move links to: Your role in this team (viewer) cannot change links: it needs an editor or an owner',
    ]);
    const key = await call(server, 'POST', `/api/keys?team=${from}`, {
      headers: bearer(owner.token),
      body: { name: 'mover', scope: 'write' },
    });
    expect((await bulk(bearer(key.body.secret), { ids, action: 'move', team: to })).status).toBe(404);
    expect(await teamOf(owner.token, ids[0]!)).toBe(from);
    expect(await moved(owner.token, from)).toEqual([]);
    // The administrator acts on every team.
    const admin = await bulk(adminHeaders(server.adminKey), { ids, action: 'move', team: to });
    expect(admin.body).toEqual({ done: 1, failed: [] });
    expect(await teamOf(owner.token, ids[0]!)).toBe(to);
  });

  it('refuses a link on a custom domain the target team does not have and moves the rest', async () => {
    const { server } = get();
    const dee = { token: get().owner };
    await call(server, 'POST', '/api/user/domain', { headers: bearer(dee.token), body: { domain: 'go.dee.test' } });
    const verified = await call(server, 'PUT', '/api/domains?domain=go.dee.test', {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
    const onDomain = await makeLinks(bearer(dee.token), ['d1', 'd2']);
    const [plain] = await makeLinks(bearer(dee.token), ['d3'], { domain: null });
    const to = await newTeam(dee.token, 'Dee Shared');
    const refused =
      'The link is on go.dee.test, which is not a domain of the team it would move to: give domain (null for the default domain)';
    const answer = await bulk(bearer(dee.token), { ids: [...onDomain, plain], action: 'move', team: to });
    expect(answer.body).toEqual({
      done: 1,
      failed: onDomain.map((id) => ({ id, error: refused })),
    });
    expect(await teamOf(dee.token, plain!)).toBe(to);
    const elsewhere = await bulk(bearer(dee.token), { ids: onDomain, action: 'move', team: to, domain: 'go.dee.test' });
    expect(elsewhere.body.failed[0].error).toBe('Use the default domain or your own verified domain');
    const toDefault = await bulk(bearer(dee.token), { ids: onDomain, action: 'move', team: to, domain: null });
    expect(toDefault.body).toEqual({ done: 2, failed: [] });
    const link = (
      await call(server, 'GET', `/api/links/user?linkId=${onDomain[0]}`, { headers: inTeam(dee.token, to) })
    ).body.link;
    expect([link.team_id, link.domain]).toEqual([to, null]);
    expect((await moved(dee.token, to))[0]).toEqual([
      onDomain[1],
      { team_id: [expect.any(Number), to], domain: ['go.dee.test', null] },
    ]);
  });

  it('moves in one transaction: a failure after the rows are written leaves every link and audit entry as it was', async () => {
    const { server } = get();
    const owner = { token: get().owner };
    const [from, to] = await twoTeams('Atomic');
    const ids = await makeLinks(inTeam(owner.token, from), ['a1', 'a2']);
    const moves = ids.map((id) => ({ id, fromTeamId: from, domain: null }));
    const target = { teamId: to, userId: null, updatedBy: null, updatedByKey: null, maxLinks: 10_000 };
    const failing = server.store.links.moveToTeam(moves, target, async (tx, rows) => {
      expect(rows.map((row) => row?.team_id)).toEqual([to, to]);
      const before = { team_id: from, domain: null };
      await auditMoved(
        adminScope('sign-in'),
        Date.now(),
        rows.map((after) => ({ before, after: after! })),
      )(tx, rows);
      throw new Error('the audit log is full');
    });
    await expect(failing).rejects.toThrow('the audit log is full');
    for (const id of ids) expect((await server.store.links.findById(id))?.team_id).toBe(from);
    expect(await moved(owner.token, from)).toEqual([]);
    expect(await moved(owner.token, to)).toEqual([]);
    // Moved since it was read: the row comes back undefined, and the service undoes the call (409).
    expect((await bulk(inTeam(owner.token, from), { ids, action: 'move', team: to })).body.done).toBe(2);
    expect(await server.store.links.moveToTeam(moves, target, async () => {})).toEqual([undefined, undefined]);
  });
}
