/** User administration end to end on both stores: list, disable (sign-in, sessions, links 410), enable, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';
import { STORE_SERVERS } from './bothStores';

describe.each(STORE_SERVERS)('user administration ($kind)', ({ start }) => {
  let server: TestServer;
  let dora: Awaited<ReturnType<typeof newUser>>;
  let linkId: number;
  const admin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { headers: adminHeaders(server.adminKey), body });
  const visit = (code: string) =>
    fetch(`${server.url}/${code}`, { redirect: 'manual', headers: { 'User-Agent': UA.desktopChrome } });

  beforeAll(async () => {
    server = await start();
    await newUser(server, 'Eve');
    dora = await newUser(server, 'Dora');
    const created = await call(server, 'POST', '/api/links/create', {
      headers: bearer(dora.token),
      body: { short_code: 'dora-1', target_url: 'https://dora.example.com/' },
    });
    linkId = created.body.link.id;
    expect((await visit('dora-1')).status).toBe(302);
    await server.app.drain();
  });
  afterAll(() => server.close());

  it('GET /api/users pages and searches users with their links and clicks', async () => {
    const all = await admin('GET', '/api/users');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const found = await admin('GET', '/api/users?q=DORA&per_page=1');
    expect(found.body).toEqual({
      users: [
        {
          id: dora.user.id,
          name: 'Dora',
          email: dora.user.email,
          custom_domain: null,
          created_at: expect.stringMatching(/Z$/),
          links: 1,
          clicks: 1,
          disabled: false,
          invited: false,
        },
      ],
      total: 1,
    });
    expect((await admin('GET', '/api/users?per_page=1&page=2')).body.users).toHaveLength(1);
    expect((await admin('GET', '/api/users?per_page=500')).status).toBe(400);
    expect((await call(server, 'GET', '/api/users', { headers: bearer(dora.token) })).status).toBe(401);
  });

  it('a disabled account cannot sign in, its sessions get 401 and its links 410 with nothing recorded', async () => {
    const answer = await admin('PUT', `/api/users?id=${dora.user.id}`, { disabled: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: dora.user.id, disabled: true, links: 1, clicks: 1 });
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: dora.user.email, password: dora.password },
    });
    expect([login.status, login.body.error]).toEqual([401, 'This account is disabled']);
    const session = await call(server, 'GET', '/api/links/user', { headers: bearer(dora.token) });
    expect([session.status, session.body]).toEqual([401, { error: 'This account is disabled' }]);
    const gone = await visit('dora-1');
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-robots-tag')).toBe('noindex');
    expect(await gone.text()).toContain('This link has been disabled');
    await server.app.drain();
    expect((await server.store.clicks.listByLink(linkId)).length).toBe(1);

    expect((await admin('PUT', `/api/users?id=${dora.user.id}`, { disabled: false })).body.disabled).toBe(false);
    expect((await visit('dora-1')).status).toBe(302);
    expect((await call(server, 'GET', '/api/links/user', { headers: bearer(dora.token) })).status).toBe(200);
    expect((await admin('PUT', `/api/users?id=${dora.user.id}`, { disabled: 'yes' })).status).toBe(400);
    expect((await admin('PUT', '/api/users?id=999999', { disabled: true })).status).toBe(404);
    const malformed = await admin('PUT', '/api/users?id=abc', { disabled: true });
    expect([malformed.status, malformed.body]).toEqual([
      400,
      { error: 'id must be a user id (a positive whole number)' },
    ]);
  });

  it('DELETE /api/users removes the user, their links, clicks and sessions', async () => {
    await server.app.drain();
    expect((await admin('DELETE', `/api/users?id=${dora.user.id}`)).status).toBe(204);
    expect((await visit('dora-1')).status).toBe(404);
    expect(await server.store.clicks.listByLink(linkId)).toEqual([]);
    expect(await server.store.links.findById(linkId)).toBeUndefined();
    expect((await call(server, 'GET', '/api/links/user', { headers: bearer(dora.token) })).status).toBe(401);
    expect((await admin('GET', '/api/users')).body.total).toBe(1);
    expect((await admin('DELETE', `/api/users?id=${dora.user.id}`)).status).toBe(404);
  });
});
