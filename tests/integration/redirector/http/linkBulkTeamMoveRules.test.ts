/**
 * Bulk `move` to another team (docs/api.md#moving-links-to-another-team): the rules each link meets
 * in the target team, on both stores, on a server whose teams hold at most 4 links. A link that
 * would pass the target's link limit is refused alone and the rest move; the limit is counted again
 * in the move's transaction, where passing it moves nothing. An own-links-only member of the target
 * moves only the links they created. A short code taken where the link would go (on its new domain,
 * by the target team's link on its other domain, by a link moved before it in the same call) refuses
 * that link alone; a clash the database meets in the transaction moves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkLimitReached, UniqueViolation } from '../../../../redirector/storage/errors';
import { adminHeaders, bearer, call, inTeam, newUser } from '../../../helpers/api';
import { STORE_SERVERS } from './bothStores';
import { invite } from './linkBulkTeamMoves';

const LIMIT = 4;
const LIMIT_REACHED = `Link limit reached (${LIMIT} links per account)`;
const CODE_TAKEN = 'This short code is already taken';
const OWN_LINKS_ONLY = 'You may only touch the links you created in this team';

describe.each(STORE_SERVERS)('moving links to a team, the target team rules, on $kind', (storeServer) => {
  let server: Awaited<ReturnType<typeof storeServer.start>>;
  let owner: string;
  const bulk = (headers: Record<string, string>, body: unknown) =>
    call(server, 'POST', '/api/links/bulk', { headers, body });
  const newTeam = async (name: string) =>
    (await call(server, 'POST', '/api/teams', { headers: bearer(owner), body: { name } })).body.team.id as number;
  /** A new team of the owner's with `domain` as its verified custom domain. */
  const teamWithDomain = async (name: string, domain: string) => {
    const team = await newTeam(name);
    const claimed = await call(server, 'POST', '/api/user/domain', { headers: inTeam(owner, team), body: { domain } });
    expect(claimed.status).toBe(200);
    const verified = await call(server, 'PUT', `/api/domains?domain=${domain}`, {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.status).toBe(200);
    return team;
  };
  /** Links made with `headers`, one per short code, on `domain` (null: the default domain). */
  const makeLinks = async (headers: Record<string, string>, codes: string[], domain: string | null = null) => {
    const ids: number[] = [];
    for (const code of codes) {
      const made = await call(server, 'POST', '/api/links/create', {
        headers,
        body: { target_url: `https://rules.example/${code}`, short_code: code, domain },
      });
      expect([made.status, made.body.link?.domain]).toEqual([201, domain]);
      ids.push(made.body.link.id);
    }
    return ids;
  };
  /** Where each link is now: [team, domain]. */
  const placeOf = async (ids: number[]) =>
    Promise.all(
      ids.map(async (id) => {
        const link = await server.store.links.findById(id);
        return [link?.team_id, link?.domain];
      }),
    );
  const movedInto = async (team: number) =>
    (await call(server, 'GET', `/api/audit?team=${team}&action=link.moved`, { headers: bearer(owner) })).body
      .total as number;

  beforeAll(async () => {
    server = await storeServer.start({ DNS_SERVERS: '127.0.0.1:9', MAX_LINKS_PER_TEAM: String(LIMIT) });
    owner = (await newUser(server, 'Rules Owner')).token;
  });
  afterAll(() => server.close());

  it("refuses alone each link that would pass the target team's link limit, and moves the ones before it", async () => {
    const [from, to] = [await newTeam('Limit From'), await newTeam('Limit To')];
    await makeLinks(inTeam(owner, to), ['lim-t1', 'lim-t2']);
    const ids = await makeLinks(inTeam(owner, from), ['lim-f1', 'lim-f2', 'lim-f3', 'lim-f4']);
    const refused = ids.slice(2).map((id) => ({ id, error: LIMIT_REACHED }));

    const answer = await bulk(inTeam(owner, from), { ids, action: 'move', team: to });
    expect([answer.status, answer.body]).toEqual([200, { done: 2, failed: refused }]);
    expect(await placeOf(ids)).toEqual([
      [to, null],
      [to, null],
      [from, null],
      [from, null],
    ]);
    expect(await movedInto(to)).toBe(2);
    // Again, the two left: the team is full, nothing moves.
    const again = await bulk(inTeam(owner, from), { ids: ids.slice(2), action: 'move', team: to });
    expect(again.body).toEqual({ done: 0, failed: refused });
    expect(await movedInto(to)).toBe(2);
  });

  it('counts the limit again in the transaction: a move that would pass it moves nothing and writes nothing', async () => {
    const [from, to] = [await newTeam('Recount From'), await newTeam('Recount To')];
    await makeLinks(inTeam(owner, to), ['rec-t1', 'rec-t2', 'rec-t3']);
    const ids = await makeLinks(inTeam(owner, from), ['rec-f1', 'rec-f2']);
    const moves = ids.map((id) => ({ id, fromTeamId: from, domain: null }));
    const target = { teamId: to, userId: null, updatedBy: null, updatedByKey: null, maxLinks: LIMIT };
    let written = false;
    const passing = server.store.links.moveToTeam(moves, target, async () => {
      written = true;
    });
    await expect(passing).rejects.toEqual(new LinkLimitReached(LIMIT));
    expect(written).toBe(false);
    expect(await placeOf(ids)).toEqual([
      [from, null],
      [from, null],
    ]);
    // The call checks first: the one that fits moves, the other is refused alone.
    const answer = await bulk(inTeam(owner, from), { ids, action: 'move', team: to });
    expect(answer.body).toEqual({ done: 1, failed: [{ id: ids[1], error: LIMIT_REACHED }] });
  });

  it('answers moves at once that race for the last place each with done and failed, never a whole-call 403', async () => {
    const [from, to] = [await newTeam('Race From'), await newTeam('Race To')];
    await makeLinks(inTeam(owner, to), ['race-t1', 'race-t2', 'race-t3']);
    const ids = await makeLinks(inTeam(owner, from), ['race-f1', 'race-f2', 'race-f3', 'race-f4']);
    const answers = await Promise.all(
      ids.map((id) => bulk(inTeam(owner, from), { ids: [id], action: 'move', team: to })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.done).sort()).toEqual([0, 0, 0, 1]);
    for (const [index, answer] of answers.entries()) {
      if (answer.body.done === 0) expect(answer.body.failed).toEqual([{ id: ids[index], error: LIMIT_REACHED }]);
    }
    expect(await movedInto(to)).toBe(1);
  });

  it('lets an own-links-only member of the target move only the links they created', async () => {
    const [from, to] = [await newTeam('Own From'), await newTeam('Own To')];
    const rita = await newUser(server, 'Rita Restricted');
    await invite(server, owner, from, rita, { role: 'editor' });
    await invite(server, owner, to, rita, { role: 'editor', own_links_only: true });
    const [others] = await makeLinks(inTeam(owner, from), ['own-o1']);
    const mine = await makeLinks(inTeam(rita.token, from), ['own-r1', 'own-r2']);

    const answer = await bulk(inTeam(rita.token, from), { ids: [others, ...mine], action: 'move', team: to });
    expect([answer.status, answer.body]).toEqual([200, { done: 2, failed: [{ id: others, error: OWN_LINKS_ONLY }] }]);
    expect(await placeOf([others!, ...mine])).toEqual([
      [from, null],
      [to, null],
      [to, null],
    ]);
    expect(await movedInto(to)).toBe(2);
    // Theirs in the target now: they reach it there, and the owner's stays out of their reach.
    const there = await call(server, 'GET', `/api/links/user?linkId=${mine[0]}`, { headers: inTeam(rita.token, to) });
    expect([there.status, there.body.link.created_by.name]).toEqual([200, 'Rita Restricted']);

    // A viewer of the target, restricted or not, changes no link there: the whole call is refused.
    const vic = await newUser(server, 'Vic Restricted');
    await invite(server, owner, from, vic, { role: 'editor' });
    await invite(server, owner, to, vic, { role: 'viewer', own_links_only: true });
    const [his] = await makeLinks(inTeam(vic.token, from), ['own-v1']);
    const viewer = await bulk(inTeam(vic.token, from), { ids: [his], action: 'move', team: to });
    expect([viewer.status, viewer.body.error]).toEqual([
      403,
      'In the team you move links to: Your role in this team (viewer) cannot change links: it needs an editor or an owner',
    ]);
    expect(await placeOf([his!])).toEqual([[from, null]]);
  });

  it("refuses a link whose code the target team holds on its other domain, or that is taken on the link's new domain", async () => {
    const from = await newTeam('Codes From');
    const to = await teamWithDomain('Codes To', 'go.codes.test');
    await makeLinks(inTeam(owner, to), ['held', 'land'], 'go.codes.test');
    const [held, free1, land, free2] = await makeLinks(inTeam(owner, from), ['held', 'free1', 'land', 'free2']);

    // Kept on the default domain, where the code is free, but the target team has it on go.codes.test.
    const kept = await bulk(inTeam(owner, from), { ids: [held, free1], action: 'move', team: to });
    expect([kept.status, kept.body]).toEqual([200, { done: 1, failed: [{ id: held, error: CODE_TAKEN }] }]);
    // Moved onto go.codes.test, where the target team's link has the code.
    const onto = await bulk(inTeam(owner, from), {
      ids: [land, free2],
      action: 'move',
      team: to,
      domain: 'go.codes.test',
    });
    expect([onto.status, onto.body]).toEqual([200, { done: 1, failed: [{ id: land, error: CODE_TAKEN }] }]);
    expect(await placeOf([held!, free1!, land!, free2!])).toEqual([
      [from, null],
      [to, null],
      [from, null],
      [to, 'go.codes.test'],
    ]);
    expect(await movedInto(to)).toBe(2);
  });

  it('refuses the second of two links with one code in the same call, and the database refuses the pair whole', async () => {
    const [one, other] = [await newTeam('Twin One'), await teamWithDomain('Twin Other', 'go.twin.test')];
    const to = await teamWithDomain('Twin To', 'go.twins.test');
    const [first, solo] = await makeLinks(inTeam(owner, one), ['twin', 'solo']);
    const [second] = await makeLinks(inTeam(owner, other), ['twin'], 'go.twin.test');
    const ids = [first!, second!, solo!];

    // The database's own rule, alone: both onto go.twins.test in one transaction → nothing moves.
    const moves = [
      { id: first!, fromTeamId: one, domain: 'go.twins.test' },
      { id: second!, fromTeamId: other, domain: 'go.twins.test' },
    ];
    const target = { teamId: to, userId: null, updatedBy: null, updatedByKey: null, maxLinks: LIMIT };
    await expect(server.store.links.moveToTeam(moves, target, async () => {})).rejects.toEqual(
      new UniqueViolation('short_code'),
    );
    expect(await placeOf(ids)).toEqual([
      [one, null],
      [other, 'go.twin.test'],
      [one, null],
    ]);

    // The call (the administrator's, which reaches both teams) refuses the second alone.
    const answer = await bulk(adminHeaders(server.adminKey), {
      ids,
      action: 'move',
      team: to,
      domain: 'go.twins.test',
    });
    expect([answer.status, answer.body]).toEqual([200, { done: 2, failed: [{ id: second, error: CODE_TAKEN }] }]);
    expect(await placeOf(ids)).toEqual([
      [to, 'go.twins.test'],
      [other, 'go.twin.test'],
      [to, 'go.twins.test'],
    ]);
    expect(await movedInto(to)).toBe(2);
  });
});
