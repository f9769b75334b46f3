/**
 * Teams (docs/api.md#teams) on both stores: making a team, inviting and joining, and the
 * authorization matrix: each role and restriction × the calls that touch a team's things, allowed,
 * 403 (naming what is missing) or 404 (an outsider: the team's existence is not revealed). A walk
 * over every user call of the OpenAPI description, made in the team by an outsider and by a viewer,
 * fails when any route skips the team rule.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, inTeam, newUser } from '../../../helpers/api';
import { madeOnServer } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

type Actor = 'owner' | 'editor' | 'viewer' | 'ownLinksOnly' | 'readKey' | 'outsider';
const ACTORS: Actor[] = ['owner', 'editor', 'viewer', 'ownLinksOnly', 'readKey', 'outsider'];

interface Team {
  id: number;
  slug: string;
  /** A link the owner made in the team. */
  linkId: number;
  /** Each actor's bearer secret (a session token, or the read key's secret). */
  secrets: Record<Actor, string>;
}

/** Calls that do not act on a team's things (the account's own, making or joining a team). */
const NOT_TEAM_CALLS = new Set([
  'GET /api/account',
  'PUT /api/account',
  'DELETE /api/account',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions',
  'GET /api/teams',
  'POST /api/teams',
  'POST /api/teams/join',
  'GET /api/stream',
]);

async function joinAs(server: TestServer, owner: string, team: number, name: string, membership: object) {
  const member = await newUser(server, name);
  const invite = await call(server, 'POST', `/api/teams/invite?team=${team}`, {
    headers: bearer(owner),
    body: { email: member.user.email, ...membership },
  });
  expect(invite.status).toBe(200);
  const token = String(invite.body.url).split('/join/')[1];
  const joined = await call(server, 'POST', '/api/teams/join', { headers: bearer(member.token), body: { token } });
  expect([joined.status, joined.body.team?.role]).toEqual([200, (membership as { role: string }).role]);
  // Single use.
  const again = await call(server, 'POST', '/api/teams/join', { headers: bearer(member.token), body: { token } });
  expect(again.status).toBe(404);
  return member.token;
}

async function makeTeam(server: TestServer): Promise<Team> {
  const owner = await newUser(server, 'Olga Owner');
  const made = await call(server, 'POST', '/api/teams', { headers: bearer(owner.token), body: { name: 'Acme News' } });
  expect(made.status).toBe(201);
  expect(made.body.team).toEqual({
    id: expect.any(Number),
    name: 'Acme News',
    slug: 'acme-news',
    personal: false,
    role: 'owner',
    members: 1,
    links: 0,
  });
  const id = made.body.team.id as number;
  const as = { headers: inTeam(owner.token, id) };
  const link = await call(server, 'POST', '/api/links/create', {
    ...as,
    body: { target_url: 'https://acme.example/' },
  });
  expect(link.status).toBe(201);
  expect(link.body.link.team_id).toBe(id);
  const key = await call(server, 'POST', `/api/keys?team=${id}`, {
    headers: bearer(owner.token),
    body: { name: 'dashboard', scope: 'read' },
  });
  expect([key.status, key.body.key?.scope]).toEqual([201, 'read']);
  return {
    id,
    slug: 'acme-news',
    linkId: link.body.link.id,
    secrets: {
      owner: owner.token,
      editor: await joinAs(server, owner.token, id, 'Ed Editor', { role: 'editor' }),
      viewer: await joinAs(server, owner.token, id, 'Vi Viewer', { role: 'viewer' }),
      ownLinksOnly: await joinAs(server, owner.token, id, 'Rita Restricted', { role: 'editor', own_links_only: true }),
      readKey: key.body.secret,
      outsider: (await newUser(server, 'Otto Outsider')).token,
    },
  };
}

/** Each call, and the status class each actor gets: 2 (allowed), 403, 404. */
const MATRIX: [string, (team: Team) => { path: string; body?: unknown }, Record<Actor, 2 | 403 | 404>][] = [
  [
    'GET /api/links/user',
    () => ({ path: '/api/links/user' }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 2, readKey: 2, outsider: 404 },
  ],
  [
    'GET /api/links/user?linkId=',
    (t) => ({ path: `/api/links/user?linkId=${t.linkId}` }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 404, readKey: 2, outsider: 404 },
  ],
  [
    'POST /api/links/create',
    () => ({ path: '/api/links/create', body: { target_url: 'https://acme.example/new' } }),
    { owner: 2, editor: 2, viewer: 403, ownLinksOnly: 2, readKey: 403, outsider: 404 },
  ],
  [
    'PUT /api/links/update',
    (t) => ({ path: `/api/links/update?linkId=${t.linkId}`, body: { title: 'Changed' } }),
    { owner: 2, editor: 2, viewer: 403, ownLinksOnly: 404, readKey: 403, outsider: 404 },
  ],
  [
    // Allowed to an own-links-only member, who gets the link back as "not found" in `failed`.
    'POST /api/links/bulk',
    (t) => ({ path: '/api/links/bulk', body: { ids: [t.linkId], action: 'enable' } }),
    { owner: 2, editor: 2, viewer: 403, ownLinksOnly: 2, readKey: 403, outsider: 404 },
  ],
  [
    'GET /api/analytics/user',
    (t) => ({ path: `/api/analytics/user?linkId=${t.linkId}` }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 404, readKey: 2, outsider: 404 },
  ],
  [
    'GET /api/tags',
    () => ({ path: '/api/tags' }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 2, readKey: 2, outsider: 404 },
  ],
  [
    'GET /api/webhooks',
    () => ({ path: '/api/webhooks' }),
    { owner: 2, editor: 403, viewer: 403, ownLinksOnly: 403, readKey: 403, outsider: 404 },
  ],
  [
    'GET /api/keys',
    () => ({ path: '/api/keys' }),
    { owner: 2, editor: 403, viewer: 403, ownLinksOnly: 403, readKey: 403, outsider: 404 },
  ],
  [
    'GET /api/teams/members',
    () => ({ path: '/api/teams/members' }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 2, readKey: 2, outsider: 404 },
  ],
  [
    'POST /api/teams/invite',
    () => ({ path: '/api/teams/invite', body: { email: 'new@example.com', role: 'viewer' } }),
    { owner: 2, editor: 403, viewer: 403, ownLinksOnly: 403, readKey: 403, outsider: 404 },
  ],
  // A shared team's hub and custom domain (docs/api.md#domains-and-hubs-of-a-team): editors edit the
  // hub, owners manage the domain, every member reads both.
  [
    'PUT /api/hub',
    () => ({ path: '/api/hub', body: { title: 'Acme', theme: 'auto', links: [] } }),
    { owner: 2, editor: 2, viewer: 403, ownLinksOnly: 2, readKey: 403, outsider: 404 },
  ],
  [
    'GET /api/hub',
    () => ({ path: '/api/hub' }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 2, readKey: 2, outsider: 404 },
  ],
  [
    'POST /api/user/domain',
    () => ({ path: '/api/user/domain', body: { domain: 'links.acme-news.example' } }),
    { owner: 2, editor: 403, viewer: 403, ownLinksOnly: 403, readKey: 403, outsider: 404 },
  ],
  [
    'GET /api/user/domain',
    () => ({ path: '/api/user/domain' }),
    { owner: 2, editor: 2, viewer: 2, ownLinksOnly: 2, readKey: 2, outsider: 404 },
  ],
];

const statusClass = (status: number) => (status >= 200 && status < 300 ? 2 : status);

describe.each(STORE_SERVERS)('teams on $kind', (storeServer) => {
  let server: TestServer;
  let team: Team;

  madeOnServer(storeServer.start, { OUTBOUND_ALLOW_PRIVATE: '1' }, makeTeam, (p) => ({ server, made: team } = p));

  it('lists the caller’s teams: the personal one and the shared one, with role, members and links', async () => {
    const listed = await call(server, 'GET', '/api/teams', { headers: bearer(team.secrets.viewer) });
    expect(listed.status).toBe(200);
    expect(listed.body.teams).toEqual([
      { id: expect.any(Number), name: 'Vi Viewer', slug: null, personal: true, role: 'owner', members: 1, links: 0 },
      { id: team.id, name: 'Acme News', slug: 'acme-news', personal: false, role: 'viewer', members: 4, links: 1 },
    ]);
    const members = await call(server, 'GET', `/api/teams/members?team=${team.slug}`, {
      headers: bearer(team.secrets.owner),
    });
    expect(members.body.members.map((member: { role: string }) => member.role)).toEqual([
      'owner',
      'editor',
      'viewer',
      'editor',
    ]);
  });

  it.each(MATRIX)('%s: allowed, 403 or 404 as each role and restriction says', async (_, request, expected) => {
    const got: Record<string, number> = {};
    for (const actor of ACTORS) {
      const { path, body } = request(team);
      const answer = await call(server, _.split(' ')[0]!, path, {
        headers: inTeam(team.secrets[actor], team.id),
        ...(body === undefined ? {} : { body }),
      });
      got[actor] = statusClass(answer.status);
      if (answer.status === 403) expect(answer.body.error).toMatch(/role|read-only|shared team|API keys/);
    }
    expect(got).toEqual(expected);
  });

  it('refuses a member restricted to other domains a link on the default domain, naming it', async () => {
    const owner = { headers: bearer(team.secrets.owner) };
    const members = await call(server, 'GET', `/api/teams/members?team=${team.id}`, owner);
    const ed = members.body.members.find((member: { user: { name: string } }) => member.user.name === 'Ed Editor');
    const restricted = await call(server, 'PUT', `/api/teams/members?team=${team.id}&user=${ed.user.id}`, {
      ...owner,
      body: { role: 'editor', domains: ['go.acme.example'] },
    });
    expect(restricted.status).toBe(200);
    // A change that names only the role keeps the restriction (it once went back to all domains).
    const roleOnly = await call(server, 'PUT', `/api/teams/members?team=${team.id}&user=${ed.user.id}`, {
      ...owner,
      body: { role: 'editor' },
    });
    expect(roleOnly.status).toBe(200);
    const after = await call(server, 'GET', `/api/teams/members?team=${team.id}`, owner);
    expect(after.body.members.find((member: { user: { id: number } }) => member.user.id === ed.user.id)).toMatchObject({
      role: 'editor',
      own_links_only: false,
      domains: ['go.acme.example'],
    });
    const refused = await call(server, 'POST', '/api/links/create', {
      headers: inTeam(team.secrets.editor, team.id),
      body: { target_url: 'https://acme.example/ed' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^You may not use the domain \S+ in this team$/);
    const domainCall = await call(server, 'GET', '/api/user/domain', { headers: inTeam(team.secrets.editor, team.id) });
    expect(domainCall.body.allowed_domains).toEqual(['go.acme.example']);
    // In an import, such a row is a bad row, reported with its line: not a 403 for the whole file.
    const imported = await call(server, 'POST', '/api/links/user/import', {
      headers: { ...inTeam(team.secrets.editor, team.id), 'Content-Type': 'text/csv' },
      rawBody: 'target_url\nhttps://acme.example/ed-import\n',
    });
    expect([imported.status, imported.body.created, imported.body.failed]).toEqual([
      200,
      0,
      [{ line: 2, short_code: '', error: expect.stringMatching(/^You may not use the domain \S+ in this team$/) }],
    ]);
  });

  it('names where a malformed team came from: the X-Team header or the team parameter', async () => {
    const bad = 'not a team!';
    const byHeader = await call(server, 'GET', '/api/links/user', { headers: inTeam(team.secrets.owner, bad) });
    expect([byHeader.status, byHeader.body]).toEqual([400, { error: "X-Team must be a team's id or slug" }]);
    const byQuery = await call(server, 'GET', `/api/links/user?team=${encodeURIComponent(bad)}`, {
      headers: bearer(team.secrets.owner),
    });
    expect([byQuery.status, byQuery.body]).toEqual([400, { error: "team must be a team's id or slug" }]);
  });

  it("holds an API key to its own domains, which narrow its maker's", async () => {
    const keyOn = async (domains: unknown) =>
      call(server, 'POST', `/api/keys?team=${team.id}`, {
        headers: bearer(team.secrets.owner),
        body: { name: 'bot', domains },
      });
    const create = async (secret: string) =>
      call(server, 'POST', '/api/links/create', {
        headers: bearer(secret),
        body: { target_url: 'https://acme.example/k' },
      });
    expect((await keyOn(['not a host'])).status).toBe(400);
    const narrow = await keyOn(['Go.Acme.example']);
    expect([narrow.status, narrow.body.key.domains]).toEqual([201, ['go.acme.example']]);
    const refused = await create(narrow.body.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/^You may not use the domain \S+ in this team$/);
    // The domain call tells the key (and the extension that holds it) where it may put links.
    const allowedOf = async (secret: string) =>
      (await call(server, 'GET', '/api/user/domain', { headers: bearer(secret) })).body.allowed_domains;
    expect(await allowedOf(narrow.body.secret)).toEqual(['go.acme.example']);
    const unrestricted = await keyOn(null);
    expect([unrestricted.status, unrestricted.body.key.domains]).toEqual([201, null]);
    expect((await create(unrestricted.body.secret)).status).toBe(201);
    expect(await allowedOf(unrestricted.body.secret)).toBeNull();
  });

  it('keeps a team’s last owner, refuses a personal team’s deletion, deletes with the slug as confirmation', async () => {
    const owner = { headers: bearer(team.secrets.owner) };
    const teams = await call(server, 'GET', '/api/teams', owner);
    const personal = teams.body.teams.find((t: { personal: boolean }) => t.personal).id;
    const ownerId = (await call(server, 'GET', '/api/account', owner)).body.user.id;
    const demote = await call(server, 'PUT', `/api/teams/members?team=${team.id}&user=${ownerId}`, {
      ...owner,
      body: { role: 'viewer' },
    });
    expect(demote.status).toBe(409);
    expect(
      (await call(server, 'DELETE', `/api/teams?id=${personal}`, { ...owner, body: { confirm: 'x' } })).status,
    ).toBe(409);
    const made = await call(server, 'POST', '/api/teams', {
      ...owner,
      body: { name: 'Short Lived', slug: 'Short-Lived' },
    });
    expect(made.body.team.slug).toBe('short-lived');
    const wrong = await call(server, 'DELETE', `/api/teams?id=${made.body.team.id}`, {
      ...owner,
      body: { confirm: 'no' },
    });
    expect(wrong.status).toBe(400);
    const taken = await call(server, 'POST', '/api/teams', { ...owner, body: { name: 'Again', slug: 'short-lived' } });
    expect(taken.status).toBe(409);
    const gone = await call(server, 'DELETE', `/api/teams?id=${made.body.team.id}`, {
      ...owner,
      body: { confirm: 'short-lived' },
    });
    expect(gone.status).toBe(204);
    const after = await call(server, 'GET', `/api/teams/members?team=${made.body.team.id}`, owner);
    expect(after.status).toBe(404);
  });

  it('every team call of the OpenAPI description answers 404 to an outsider and refuses a viewer’s changes', async () => {
    const document = (await call(server, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const calls = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => (operation.security ?? []).some((scheme) => 'bearer' in scheme))
        .map(([method]) => [method.toUpperCase(), path] as const),
    );
    expect(calls.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const [method, path] of calls) {
      if (NOT_TEAM_CALLS.has(`${method} ${path}`)) continue;
      const headers = { 'X-Team': String(team.id) };
      const outsider = await call(server, method, path, { headers: { ...bearer(team.secrets.outsider), ...headers } });
      if (outsider.status !== 404) problems.push(`${method} ${path}: outsider got ${outsider.status}`);
      // A viewer's change is refused whatever its body: the rule answers before the route reads it.
      const reads = method === 'GET' || path === '/api/stream/ticket';
      const changes = !reads && !(method === 'DELETE' && path === '/api/teams/members');
      const viewer = await call(server, method, path, { headers: { ...bearer(team.secrets.viewer), ...headers } });
      if (changes && viewer.status !== 403) problems.push(`${method} ${path}: viewer got ${viewer.status}`);
    }
    expect(problems).toEqual([]);
  });
});
