/**
 * The audit log (docs/api.md#audit-log) on both stores: each change writes its entry (links by a
 * user and by a key, a CSV import's rows, team, member and invitation changes, an administrator's
 * sign-in, a domain's settings and the administrator's verification of it, the hub's images),
 * secrets, `.well-known` documents and images show only as "(changed)", owners read their team's entries and nobody else
 * does, the administrator reads every team's, the filters and the CSV export, and
 * AUDIT_RETENTION_DAYS's pruning; a team, member, webhook or hub change that changes nothing writes no entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../redirector/contract/audit';
import type { PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { SqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { adminHeaders, bearer, call, inTeam, newTeam, newUser } from '../../../helpers/api';
import { pngBytes } from '../../../helpers/imageBytes';
import { captureLogs } from '../../../helpers/logs';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const DAY = 86_400_000;

interface Fixture {
  server: TestServer;
  /** The clock the server reads: tests move it. */
  clock: { now: number };
  owner: { token: string; id: number };
  editor: string;
  teamId: number;
  /** The invitation's token, which no entry may hold. */
  invitationToken: string;
}

async function start(kind: 'sqlite' | 'postgres', clock: { now: number }): Promise<TestServer> {
  const options = { clock: () => clock.now, env: { AUDIT_RETENTION_DAYS: '1', OUTBOUND_ALLOW_PRIVATE: '1' } };
  if (kind === 'sqlite') return startTestServer(options);
  return (await startPostgresTestServerOnFreshSchema(options)) as unknown as TestServer;
}

async function entries(server: TestServer, path: string, headers: Record<string, string>): Promise<AuditEntry[]> {
  const answer = await call(server, 'GET', path, { headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.entries;
}

/** A trigger that makes every insert into audit_log fail (on), or none (off). */
async function refuseAuditEntries(server: TestServer, on: boolean): Promise<void> {
  const store = server.store as unknown as Store;
  if (store.kind === 'sqlite') {
    const db = (store as SqliteStore).db;
    db.exec(
      on
        ? "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'refused'); END"
        : 'DROP TRIGGER refuse_audit',
    );
    return;
  }
  const pool = (store as PostgresStore).pool;
  if (!on) {
    await pool.query('DROP TRIGGER refuse_audit ON audit_log');
    return;
  }
  await pool.query(
    "CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql",
  );
  await pool.query(
    'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
  );
}

async function setUp(kind: 'sqlite' | 'postgres'): Promise<Fixture> {
  const clock = { now: Date.now() };
  const server = await start(kind, clock);
  const owner = await newUser(server, 'Olga Owner');
  const teamId = await newTeam(server, owner, 'Audit Co');
  const editor = await newUser(server, 'Ed Editor');
  const invite = await call(server, 'POST', `/api/teams/invite?team=${teamId}`, {
    headers: bearer(owner.token),
    body: { email: editor.user.email, role: 'viewer' },
  });
  const token = String(invite.body.url).split('/join/')[1];
  await call(server, 'POST', '/api/teams/join', { headers: bearer(editor.token), body: { token } });
  const promoted = await call(server, 'PUT', `/api/teams/members?team=${teamId}&user=${editor.user.id}`, {
    headers: bearer(owner.token),
    body: { role: 'editor' },
  });
  expect(promoted.status).toBe(200);
  const ownerOf = { token: owner.token, id: owner.user.id };
  return { server, clock, owner: ownerOf, editor: editor.token, teamId, invitationToken: token! };
}

describe.each(['sqlite', 'postgres'] as const)('the audit log (%s)', (kind) => {
  let f: Fixture;
  const asOwner = () => inTeam(f.owner.token, f.teamId);
  const asEditor = () => inTeam(f.editor, f.teamId);

  beforeAll(async () => {
    f = await setUp(kind);
  });
  afterAll(() => f.server.close());

  it('records the team, invitation and member changes, newest first, for the team’s owners', async () => {
    const list = await entries(f.server, `/api/audit?team=${f.teamId}`, bearer(f.owner.token));
    expect(list.map((entry) => entry.action)).toEqual([
      'member.role_changed',
      'member.joined',
      'invitation.created',
      'team.created',
    ]);
    const [roleChanged] = list;
    expect(roleChanged).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/Z$/),
      team_id: f.teamId,
      actor: { type: 'user', id: f.owner.id, name: 'Olga Owner' },
      action: 'member.role_changed',
      target: { type: 'member', id: expect.any(String), label: expect.stringContaining('@example.com') },
      changes: { role: ['viewer', 'editor'] },
    });
    // Nothing of the invitation's token reaches the log.
    expect(JSON.stringify(list)).not.toContain(f.invitationToken);
  });

  it('writes nothing for a team or member change that changes nothing', async () => {
    const path = `/api/audit?team=${f.teamId}`;
    const before = await entries(f.server, path, bearer(f.owner.token));
    const teams = await call(f.server, 'GET', '/api/teams', { headers: bearer(f.owner.token) });
    const team = teams.body.teams.find((t: { id: number }) => t.id === f.teamId);
    const same = await call(f.server, 'PUT', `/api/teams?id=${f.teamId}`, {
      headers: bearer(f.owner.token),
      body: { name: team.name, slug: team.slug },
    });
    expect(same.status).toBe(200);
    const members = await call(f.server, 'GET', `/api/teams/members?team=${f.teamId}`, { headers: asOwner() });
    const editor = members.body.members.find((member: { role: string }) => member.role === 'editor');
    const again = await call(f.server, 'PUT', `/api/teams/members?team=${f.teamId}&user=${editor.user.id}`, {
      headers: bearer(f.owner.token),
      body: { role: 'editor' },
    });
    expect(again.status).toBe(200);
    expect(await entries(f.server, path, bearer(f.owner.token))).toEqual(before);
  });

  it('records link changes by a user and by a key, the password only as "(changed)"', async () => {
    const created = await call(f.server, 'POST', '/api/links/create', {
      headers: asEditor(),
      body: { target_url: 'https://audit.example/a', short_code: '-audited', tags: ['news'] },
    });
    expect(created.status).toBe(201);
    const id = created.body.link.id as number;
    const updated = await call(f.server, 'PUT', `/api/links/update?linkId=${id}`, {
      headers: asEditor(),
      body: { title: 'Audited', password: 'hunter22', tags: ['news', 'promo'] },
    });
    expect(updated.status).toBe(200);
    const key = await call(f.server, 'POST', `/api/keys?team=${f.teamId}`, {
      headers: bearer(f.owner.token),
      body: { name: 'ci', scope: 'write' },
    });
    const deleted = await call(f.server, 'DELETE', `/api/links/delete?linkId=${id}`, {
      headers: bearer(key.body.secret),
    });
    expect(deleted.status).toBe(200);

    const list = await entries(f.server, '/api/audit?action=link', asOwner());
    expect(list.map((entry) => [entry.action, entry.actor.type, entry.target.label])).toEqual([
      ['link.deleted', 'key', '-audited'],
      ['link.updated', 'user', '-audited'],
      ['link.created', 'user', '-audited'],
    ]);
    expect(list[0]!.actor).toEqual({ type: 'key', id: key.body.key.id, name: 'ci' });
    expect(list[1]!.changes).toEqual({
      title: ['', 'Audited'],
      tags: [['news'], ['news', 'promo']],
      password: ['(changed)', '(changed)'],
    });
    expect(list[2]!.changes).toMatchObject({ target_url: [null, 'https://audit.example/a'], tags: [[], ['news']] });
    expect(JSON.stringify(list)).not.toContain('hunter22');
    const byKey = await entries(f.server, `/api/audit?actor=key:${key.body.key.id}`, asOwner());
    expect(byKey.map((entry) => entry.action)).toEqual(['link.deleted']);
  });

  it('records keys, webhooks, the custom domain and the hub, never a secret', async () => {
    const own = bearer(f.owner.token);
    const key = await call(f.server, 'POST', '/api/keys', { headers: own, body: { name: 'gone soon' } });
    await call(f.server, 'DELETE', `/api/keys?id=${key.body.key.id}`, { headers: own });
    const hook = await call(f.server, 'POST', '/api/webhooks', {
      headers: own,
      body: { url: 'http://127.0.0.1:9/hook', events: ['link.created'] },
    });
    expect(hook.status).toBe(201);
    await call(f.server, 'PUT', `/api/webhooks?id=${hook.body.webhook.id}`, { headers: own, body: { active: false } });
    // The same again: a change that changes nothing writes no entry.
    await call(f.server, 'PUT', `/api/webhooks?id=${hook.body.webhook.id}`, { headers: own, body: { active: false } });
    await call(f.server, 'DELETE', `/api/webhooks?id=${hook.body.webhook.id}`, { headers: own });
    expect(
      (await call(f.server, 'POST', '/api/user/domain', { headers: own, body: { domain: 'go.audit.example' } })).status,
    ).toBe(200);
    await call(f.server, 'DELETE', '/api/user/domain', { headers: own });
    const hub = { handle: `audit-hub-${kind}`, title: 'Olga', links: [] };
    expect((await call(f.server, 'PUT', '/api/hub', { headers: own, body: hub })).status).toBe(200);
    expect((await call(f.server, 'PUT', '/api/hub', { headers: own, body: hub })).status).toBe(200);
    await call(f.server, 'DELETE', '/api/hub', { headers: own });

    const list = await entries(f.server, '/api/audit', own);
    expect(list.map((entry) => entry.action)).toEqual([
      'hub.deleted',
      'hub.created',
      'domain.removed',
      'domain.claimed',
      'webhook.deleted',
      'webhook.updated',
      'webhook.created',
      'key.deleted',
      'key.created',
    ]);
    expect(list.find((entry) => entry.action === 'webhook.updated')!.changes).toEqual({ active: [true, false] });
    expect(list.find((entry) => entry.action === 'webhook.created')!.changes.secret).toEqual([
      '(changed)',
      '(changed)',
    ]);
    expect(JSON.stringify(list)).not.toContain(hook.body.secret);
    expect(JSON.stringify(list)).not.toContain(key.body.secret);
  });

  it('records each row of a CSV import', async () => {
    const imported = await call(f.server, 'POST', '/api/links/user/import', {
      headers: { ...asEditor(), 'Content-Type': 'text/csv' },
      rawBody: 'target_url,short_code\nhttps://audit.example/1,imp-1\nhttps://audit.example/2,imp-2\nnot a url,imp-3\n',
    });
    expect(imported.status).toBe(200);
    const list = await entries(f.server, '/api/audit?action=link.created&per_page=2', asOwner());
    expect(list.map((entry) => entry.target.label).sort()).toEqual(['imp-1', 'imp-2']);
  });

  it('answers 403 to an editor, 404 to an outsider, 400 to a bad filter', async () => {
    const editor = await call(f.server, 'GET', '/api/audit', { headers: asEditor() });
    expect([editor.status, editor.body.error]).toEqual([403, expect.stringMatching(/editor.*owner/)]);
    expect((await call(f.server, 'GET', '/api/audit/export', { headers: asEditor() })).status).toBe(403);
    const outsider = await newUser(f.server, 'Otto');
    const other = inTeam(outsider.token, f.teamId);
    expect((await call(f.server, 'GET', '/api/audit', { headers: other })).status).toBe(404);
    // Their own personal team's log holds none of this team's entries.
    expect(await entries(f.server, '/api/audit', bearer(outsider.token))).toEqual([]);
    for (const query of ['actor=someone', 'action=DROP TABLE', 'from=2026-01-01', 'tz=Mars/Base', 'per_page=500']) {
      expect((await call(f.server, 'GET', `/api/audit?${query}`, { headers: asOwner() })).status).toBe(400);
    }
  });

  it('shows the administrator every team’s entries and its own sign-ins', async () => {
    const signIn = await call(f.server, 'POST', '/api/auth?action=admin', { body: { key: f.server.adminKey } });
    const admin = adminHeaders(signIn.body.apiKey);
    const all = await entries(f.server, '/api/audit?per_page=200', admin);
    expect(all[0]).toMatchObject({ action: 'admin.signed_in', team_id: null, actor: { type: 'admin', id: null } });
    expect(all.some((entry) => entry.team_id === f.teamId)).toBe(true);
    const own = await entries(f.server, '/api/audit?actor=admin', admin);
    expect(own.map((entry) => entry.action)).toEqual(['admin.signed_in']);
    const team = await call(f.server, 'GET', `/api/audit?team=${f.teamId}&per_page=1`, { headers: admin });
    expect(team.body).toMatchObject({ total: all.filter((e) => e.team_id === f.teamId).length, page: 1, per_page: 1 });
    expect((await call(f.server, 'GET', '/api/audit?team=no-such-team', { headers: admin })).status).toBe(404);
  });

  it('records a domain’s settings, a document only as "(changed)", and nothing for a call that changes nothing', async () => {
    const domain = 'links.audit-team.example';
    const claim = (settings: Record<string, unknown> = {}) =>
      call(f.server, 'POST', '/api/user/domain', { headers: asOwner(), body: { domain, ...settings } });
    expect((await claim()).status).toBe(200);
    const aasa = '{"applinks":{"details":[{"appID":"TEAM.audit.secret-app","paths":["*"]}]}}';
    const first = { root_url: 'https://audit.example/home', apple_app_site_association: aasa };
    const set = await claim(first);
    expect([set.status, set.body.settings.root_url]).toEqual([200, 'https://audit.example/home']);
    expect((await claim(first)).status).toBe(200);
    const assetLinks = '[{"relation":["delegate_permission/common.handle_all_urls"]}]';
    const second = {
      root_url: 'https://audit.example/start',
      expired_url: 'https://audit.example/gone',
      apple_app_site_association: null,
      asset_links: assetLinks,
    };
    expect((await claim(second)).status).toBe(200);

    const list = await entries(f.server, '/api/audit?action=domain', asOwner());
    expect(list.map((entry) => [entry.action, entry.target.label])).toEqual([
      ['domain.updated', domain],
      ['domain.updated', domain],
      ['domain.claimed', domain],
    ]);
    expect(list[0]).toMatchObject({ team_id: f.teamId, actor: { type: 'user', id: f.owner.id } });
    expect(list[0]!.changes).toEqual({
      root_url: ['https://audit.example/home', 'https://audit.example/start'],
      expired_url: [null, 'https://audit.example/gone'],
      apple_app_site_association: ['(changed)', null],
      asset_links: [null, '(changed)'],
    });
    expect(list[1]!.changes).toEqual({
      root_url: [null, 'https://audit.example/home'],
      apple_app_site_association: [null, '(changed)'],
    });
    expect(JSON.stringify(list)).not.toContain('secret-app');
    expect(JSON.stringify(list)).not.toContain('delegate_permission');
  });

  it('records the administrator’s verification in each claim’s team it changed, once', async () => {
    const domain = 'links.audit-team.example';
    const rival = await newUser(f.server, 'Rita Rival');
    const rivalClaim = await call(f.server, 'POST', '/api/user/domain', {
      headers: bearer(rival.token),
      body: { domain },
    });
    expect(rivalClaim.status).toBe(200);
    const admin = adminHeaders(f.server.adminKey);
    const verify = () =>
      call(f.server, 'PUT', `/api/domains?domain=${domain}&team_id=${f.teamId}`, {
        headers: admin,
        body: { status: 'verified' },
      });
    const verified = await verify();
    expect([verified.status, verified.body.domain?.status]).toEqual([200, 'verified']);
    expect((await verify()).status).toBe(200);

    const adminActor = { type: 'admin', id: null, name: 'admin' };
    const ours = await entries(f.server, '/api/audit?action=domain.status_changed', asOwner());
    expect(ours).toEqual([
      expect.objectContaining({
        team_id: f.teamId,
        actor: adminActor,
        target: { type: 'domain', id: null, label: domain },
        changes: { status: ['pending', 'verified'] },
      }),
    ]);
    // The rival's pending claim failed at once: the administrator's change too, in the rival's team.
    const theirs = await entries(f.server, '/api/audit?action=domain', bearer(rival.token));
    expect(theirs.map((entry) => entry.action)).toEqual(['domain.status_changed', 'domain.claimed']);
    expect(theirs[0]).toMatchObject({
      actor: adminActor,
      changes: { status: ['pending', 'failed'], error: [null, 'verified by another account'] },
    });
    expect(theirs[0]!.team_id).not.toBe(f.teamId);

    // The administrator's removal of the domain: each claim it removes, in its own team's log.
    expect((await call(f.server, 'DELETE', `/api/domains?domain=${domain}`, { headers: admin })).status).toBe(200);
    const removedFrom = async (headers: Record<string, string>) =>
      (await entries(f.server, '/api/audit?action=domain.removed', headers)).map((entry) => [
        entry.actor.type,
        entry.changes,
      ]);
    const removed = [['admin', { domain: [domain, null] }]];
    expect(await removedFrom(asOwner())).toEqual(removed);
    expect(await removedFrom(bearer(rival.token))).toEqual(removed);
  });

  it('records the default domain’s settings changed by the administrator, once', async () => {
    const admin = adminHeaders(f.server.adminKey);
    const path = '/api/audit?actor=admin&action=domain.updated';
    expect(await entries(f.server, path, admin)).toEqual([]);
    const body = { root_url: 'https://example.com/home', not_found_url: null };
    expect((await call(f.server, 'PUT', '/api/settings', { headers: admin, body })).status).toBe(200);
    expect((await call(f.server, 'PUT', '/api/settings', { headers: admin, body })).status).toBe(200);
    const list = await entries(f.server, path, admin);
    expect(list).toEqual([
      expect.objectContaining({
        team_id: null,
        actor: { type: 'admin', id: null, name: 'admin' },
        action: 'domain.updated',
        changes: { root_url: [null, 'https://example.com/home'] },
      }),
    ]);
  });

  it('records the hub’s avatar and background put and removed, never their bytes', async () => {
    const hub = await call(f.server, 'PUT', '/api/hub', { headers: asOwner(), body: { title: 'Audit Co' } });
    expect(hub.status).toBe(200);
    const image = (path: string, method: 'PUT' | 'DELETE', bytes?: Buffer) =>
      call(f.server, method, path, {
        headers: { ...asOwner(), 'Content-Type': 'image/png' },
        ...(bytes ? { rawBody: bytes } : {}),
      });
    const blue = pngBytes(8, 8);
    const red = pngBytes(8, 8, [220, 38, 38]);
    expect((await image('/api/hub/avatar', 'PUT', blue)).status).toBe(200);
    expect((await image('/api/hub/avatar', 'PUT', blue)).status).toBe(200);
    expect((await image('/api/hub/avatar', 'PUT', red)).status).toBe(200);
    expect((await image('/api/hub/avatar', 'DELETE')).status).toBe(204);
    expect((await image('/api/hub/avatar', 'DELETE')).status).toBe(204);
    expect((await image('/api/hub/background', 'PUT', red)).status).toBe(200);
    expect((await image('/api/hub/background', 'DELETE')).status).toBe(204);

    const list = await entries(f.server, '/api/audit?action=hub', asOwner());
    const label = hub.body.hub.handle;
    expect(list.map((entry) => [entry.action, entry.target.label, entry.changes])).toEqual([
      ['hub.updated', label, { background: ['(changed)', null] }],
      ['hub.updated', label, { background: [null, '(changed)'] }],
      ['hub.updated', label, { avatar: ['(changed)', null] }],
      ['hub.updated', label, { avatar: ['(changed)', '(changed)'] }],
      ['hub.updated', label, { avatar: [null, '(changed)'] }],
      ['hub.created', label, expect.any(Object)],
    ]);
    expect(list[0]).toMatchObject({ team_id: f.teamId, actor: { type: 'user', id: f.owner.id } });
  });

  it('keeps no domain setting, verification or hub image whose entry could not be written', async () => {
    const user = await newUser(f.server, 'Atomic Ann');
    const own = bearer(user.token);
    const domain = 'atomic.audit.example';
    expect((await call(f.server, 'POST', '/api/user/domain', { headers: own, body: { domain } })).status).toBe(200);
    const hub = { handle: `atomic-${kind}`, title: 'Ann', links: [] };
    expect((await call(f.server, 'PUT', '/api/hub', { headers: own, body: hub })).status).toBe(200);
    await refuseAuditEntries(f.server, true);
    const logs = captureLogs();
    try {
      const answers = [
        await call(f.server, 'POST', '/api/user/domain', {
          headers: own,
          body: { domain, root_url: 'https://audit.example/never' },
        }),
        await call(f.server, 'PUT', `/api/domains?domain=${domain}`, {
          headers: adminHeaders(f.server.adminKey),
          body: { status: 'verified' },
        }),
        await call(f.server, 'PUT', '/api/hub/avatar', {
          headers: { ...own, 'Content-Type': 'image/png' },
          rawBody: pngBytes(4, 4),
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500]);
    } finally {
      logs.restore();
      await refuseAuditEntries(f.server, false);
    }
    const state = await call(f.server, 'GET', '/api/user/domain', { headers: own });
    expect([state.body.verification.status, state.body.settings.root_url]).toEqual(['pending', null]);
    const kept = await call(f.server, 'GET', '/api/hub', { headers: own });
    expect(kept.body.hub.avatar_url).toBeNull();
  });

  it('exports the same entries as CSV, formula-like cells guarded', async () => {
    const csv = await call(f.server, 'GET', '/api/audit/export?action=link', { headers: asOwner() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="audit.csv"');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,team_id,actor_type,actor_id,actor_name,action,target_type,target_id,target_label,changes',
    );
    expect(lines.filter((line) => line.includes(",'-audited,"))).toHaveLength(3);
    expect(String(csv.body)).not.toContain('hunter22');
  });

  it('keeps no change whose entry could not be written: the entry is in the change’s transaction', async () => {
    const made = await call(f.server, 'POST', '/api/links/create', {
      headers: asEditor(),
      body: { target_url: 'https://audit.example/kept', short_code: 'kept' },
    });
    await refuseAuditEntries(f.server, true);
    const logs = captureLogs();
    try {
      const update = await call(f.server, 'PUT', `/api/links/update?linkId=${made.body.link.id}`, {
        headers: asEditor(),
        body: { title: 'Never stored' },
      });
      const create = await call(f.server, 'POST', '/api/links/create', {
        headers: asEditor(),
        body: { target_url: 'https://audit.example/never', short_code: 'never' },
      });
      expect([update.status, create.status]).toEqual([500, 500]);
      expect(logs.errors.join('\n')).toMatch(/unexpected error in PUT/);
    } finally {
      logs.restore();
      await refuseAuditEntries(f.server, false);
    }
    const link = await call(f.server, 'GET', `/api/links/user?linkId=${made.body.link.id}`, { headers: asEditor() });
    expect(link.body.link.title).toBe('');
    const list = await call(f.server, 'GET', '/api/links/user?q=never', { headers: asEditor() });
    expect(list.body.total).toBe(0);
  });

  it('filters by date in a time zone, and prunes entries older than AUDIT_RETENTION_DAYS', async () => {
    const today = new Date(f.clock.now).toISOString().slice(0, 10);
    const inRange = await entries(f.server, `/api/audit?from=${today}&to=${today}&tz=UTC&per_page=200`, asOwner());
    expect(inRange.length).toBeGreaterThan(0);
    const old = await entries(f.server, '/api/audit?from=2001-01-01&to=2001-01-31', asOwner());
    expect(old).toEqual([]);
    const before = await call(f.server, 'GET', '/api/audit', { headers: asOwner() });
    f.clock.now += 2 * DAY;
    await call(f.server, 'POST', '/api/links/create', {
      headers: asEditor(),
      body: { target_url: 'https://a.example/' },
    });
    await f.server.app.services.auditPruning.runNow();
    const after = await call(f.server, 'GET', '/api/audit', { headers: asOwner() });
    expect(before.body.total).toBeGreaterThan(1);
    expect(after.body.entries.map((entry: AuditEntry) => entry.action)).toEqual(['link.created']);
  });
});
