/**
 * A shared team's own custom domain and hub on both stores (docs/api.md#domains-and-hubs-of-a-team):
 * its owners claim the domain, which once verified routes the team's links and shows the team's
 * hub at `/`; its editors edit the hub, which lives at `/@<team slug>` and follows a new slug;
 * viewers read both (403 on changes); an outsider gets 404; a user's own domain and hub stay as
 * they were, and a user's hub may not take a team's slug; a deleted team's domain and hub are
 * served no more. An own-links-only editor adds to the hub only links they made (another member's
 * link, 404 to them, was put on the page and its title answered back).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_TAKEN } from '../../../../redirector/contract/hub';
import { teamHandleRule } from '../../../../redirector/hubs/hubService';
import { adminHeaders, bearer, call, createLink, inTeam, joinTeam, newTeam, newUser } from '../../../helpers/api';
import { request } from '../../../helpers/rawRequest';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

type Member = Awaited<ReturnType<typeof newUser>>;

describe.each(STORE_SERVERS)('a team’s domain and hub on $kind', ({ start }) => {
  let server: TestServer;
  let owner: Member;
  let editor: Member;
  let viewer: Member;
  let outsider: Member;
  let teamId: number;
  const asMember = (member: Member) => inTeam(member.token, teamId);
  const visit = (host: string, path: string) =>
    request(`${server.url}${path}`, { headers: { Host: host, 'User-Agent': UA.desktopChrome } });

  const join = (member: Member, role: string) => joinTeam(server, owner, member, teamId, role);

  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://me.example.com', DNS_SERVERS: '127.0.0.1:9' });
    owner = await newUser(server, 'Olga Owner');
    editor = await newUser(server, 'Ed Editor');
    viewer = await newUser(server, 'Vi Viewer');
    outsider = await newUser(server, 'Otto Outsider');
    teamId = await newTeam(server, owner, 'Acme Co', 'acme-co');
    await join(editor, 'editor');
    await join(viewer, 'viewer');
  });
  afterAll(() => server.close());

  it("routes the team's links on its verified domain, claimed by an owner only", async () => {
    for (const member of [editor, viewer]) {
      const refused = await call(server, 'POST', '/api/user/domain', {
        headers: asMember(member),
        body: { domain: 'go.acme.test' },
      });
      expect(refused.status).toBe(403);
    }
    const claimed = await call(server, 'POST', '/api/user/domain', {
      headers: asMember(owner),
      body: { domain: 'go.acme.test' },
    });
    expect([claimed.status, claimed.body.verification.status]).toEqual([200, 'pending']);
    const verified = await call(server, 'PUT', `/api/domains?domain=go.acme.test&team_id=${teamId}`, {
      headers: adminHeaders(server.adminKey),
      body: { status: 'verified' },
    });
    expect(verified.body.domain).toMatchObject({ team_id: teamId, team_name: 'Acme Co', user_id: null });
    expect((await call(server, 'GET', '/api/user/domain', { headers: asMember(viewer) })).body.domain).toBe(
      'go.acme.test',
    );
    // The members' own (personal) domains are untouched.
    expect((await call(server, 'GET', '/api/user/domain', { headers: bearer(owner.token) })).body.domain).toBeNull();
    expect((await call(server, 'GET', '/api/user/domain', { headers: asMember(outsider) })).status).toBe(404);

    const link = await createLink(server, asMember(editor), {
      target_url: 'https://acme.example/launch',
      short_code: 'launch',
    });
    expect(link.body.link).toMatchObject({ domain: 'go.acme.test', short_url: 'https://go.acme.test/launch' });
    const routed = await visit('go.acme.test', '/launch');
    expect([routed.status, routed.headers.location]).toEqual([302, 'https://acme.example/launch']);
    // Not the owner's personal link space: a personal link with a code is not on the team's domain.
    await createLink(server, bearer(owner.token), { target_url: 'https://olga.example/', short_code: 'olga' });
    expect((await visit('go.acme.test', '/olga')).status).toBe(404);
  });

  it('serves the team’s hub at its slug and on its domain, edited by editors, read by viewers', async () => {
    const links = await call(server, 'GET', '/api/links/user', { headers: asMember(editor) });
    const linkId = links.body.links[0].id;
    const body = { title: 'Acme launches', links: [{ link_id: linkId, label: 'Launch' }], published: true };
    expect((await call(server, 'PUT', '/api/hub', { headers: asMember(viewer), body })).status).toBe(403);
    const other = await call(server, 'PUT', '/api/hub', {
      headers: asMember(editor),
      body: { ...body, handle: 'x1y' },
    });
    expect([other.status, other.body.error]).toEqual([400, teamHandleRule('acme-co')]);
    const saved = await call(server, 'PUT', '/api/hub', { headers: asMember(editor), body });
    expect(saved.status).toBe(200);
    expect(saved.body.hub).toMatchObject({ handle: 'acme-co', domain_url: 'https://go.acme.test/' });
    expect((await call(server, 'GET', '/api/hub', { headers: asMember(viewer) })).body.hub.title).toBe('Acme launches');
    expect((await call(server, 'GET', '/api/hub', { headers: asMember(outsider) })).status).toBe(404);
    expect((await call(server, 'GET', '/api/hub', { headers: bearer(editor.token) })).body.hub).toBeNull();

    const page = await visit('me.example.com', '/@acme-co');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Acme launches');
    expect(page.body).toContain('href="https://go.acme.test/launch?');
    const home = await visit('go.acme.test', '/');
    expect([home.status, home.body.includes('Acme launches')]).toEqual([200, true]);

    // One address namespace: a user's hub may not take the team's slug.
    const taken = await call(server, 'PUT', '/api/hub', {
      headers: bearer(outsider.token),
      body: { handle: 'acme-co', title: 'Mine' },
    });
    expect([taken.status, taken.body.error]).toEqual([409, HANDLE_TAKEN]);

    const listed = await call(server, 'GET', '/api/hubs?q=acme', { headers: adminHeaders(server.adminKey) });
    expect(listed.body.hubs).toEqual([
      expect.objectContaining({ handle: 'acme-co', team_id: teamId, team_name: 'Acme Co', user_id: null }),
    ]);
  });

  it('lets an own-links-only editor put on the hub only links they made, keeping those already there', async () => {
    const team = await newTeam(server, owner, 'Own Hub Co', 'own-hub-co');
    const member = await newUser(server, 'Rita Restricted');
    await joinTeam(server, owner, member, team, { role: 'editor', own_links_only: true });
    const ownersLink = await createLink(server, inTeam(owner.token, team), {
      target_url: 'https://own-hub.example/owner',
      title: 'Owner only plans',
    });
    const membersLink = await createLink(server, inTeam(member.token, team), {
      target_url: 'https://own-hub.example/m',
    });
    const [theirs, mine] = [ownersLink.body.link.id, membersLink.body.link.id];
    const put = (who: Member, ids: number[], title = 'Own hub') =>
      call(server, 'PUT', '/api/hub', {
        headers: inTeam(who.token, team),
        body: { title, links: ids.map((link_id) => ({ link_id })) },
      });
    const refused = await put(member, [mine, theirs]);
    expect([refused.status, refused.body.error]).toEqual([400, 'links[1].link_id is not one of your links']);
    expect(JSON.stringify(refused.body)).not.toContain('Owner only plans');
    expect((await put(member, [mine])).status).toBe(200);
    expect((await put(owner, [mine, theirs])).status).toBe(200);
    // The owner's link already on the hub stays when the member saves it again.
    const kept = await put(member, [mine, theirs], 'Own hub, renamed');
    expect([kept.status, kept.body.hub?.items?.length]).toEqual([200, 2]);
    expect((await put(member, [mine])).status).toBe(200);
    expect((await put(member, [theirs])).status).toBe(400);
  });

  it('gives an address to one of a hub and a team that ask for it at the same moment', async () => {
    const names = ['race-a', 'race-b', 'race-c', 'race-d', 'race-e', 'race-f'];
    const admin = adminHeaders(server.adminKey);
    const hubOwners = await Promise.all(
      names.map(async (name) => {
        const email = `${name}-${process.pid}@example.com`;
        await call(server, 'POST', '/api/users', { headers: admin, body: { name, email, password: 'secret-pw' } });
        const login = await call(server, 'POST', '/api/auth?action=login', { body: { email, password: 'secret-pw' } });
        return login.body.token as string;
      }),
    );
    const answers = await Promise.all(
      names.flatMap((name, i) => [
        call(server, 'PUT', '/api/hub', { headers: bearer(hubOwners[i]!), body: { handle: name, title: name } }),
        call(server, 'POST', '/api/teams', { headers: bearer(owner.token), body: { name, slug: name } }),
      ]),
    );
    const won = names.map((_, i) => [answers[2 * i]!.status, answers[2 * i + 1]!.status].filter((s) => s < 300));
    expect(won.map((statuses) => statuses.length)).toEqual(names.map(() => 1));
  });

  it('moves the hub with a new slug', async () => {
    const renamed = await call(server, 'PUT', `/api/teams?id=${teamId}`, {
      headers: bearer(owner.token),
      body: { name: 'Acme Co', slug: 'acme-two' },
    });
    expect(renamed.status).toBe(200);
    expect((await call(server, 'GET', '/api/hub', { headers: asMember(viewer) })).body.hub.handle).toBe('acme-two');
    await expect.poll(async () => (await visit('me.example.com', '/@acme-two')).status, { timeout: 3000 }).toBe(200);
  });

  it('stops serving the domain and the hub once the team is deleted', async () => {
    const deleted = await call(server, 'DELETE', `/api/teams?id=${teamId}`, {
      headers: bearer(owner.token),
      body: { confirm: 'acme-two' },
    });
    expect(deleted.status).toBe(204);
    const allowed = await call(server, 'GET', '/api/domains/allowed?domain=go.acme.test', {});
    expect(allowed.status).toBe(404);
    expect((await visit('me.example.com', '/@acme-two')).status).toBe(404);
  });
});
