import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../../redirector/auth/tokens';
import { adminHeaders, adminSession, bearer, call, newUser } from '../../../helpers/api';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const DAY = 24 * 60 * 60 * 1000;

async function ownServer(): Promise<TestServer & AsyncDisposable> {
  const server = await startTestServer();
  return Object.assign(server, { [Symbol.asyncDispose]: () => server.close() });
}

/** The administrator's calls, `METHOD path` each. */
const ADMIN_CALLS = 'GET /api/links, POST /api/links, PUT /api/links?id=1, DELETE /api/links?id=1, GET /api/init';

describe('POST /api/auth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  describe('action=admin', () => {
    it('answers the right key with a session token that works as X-API-Key', async () => {
      const answer = await call(server, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey } });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['apiKey', 'success']);
      expect(answer.body.success).toBe(true);
      expect(answer.body.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answer.body.apiKey).not.toBe(server.adminKey);
      const links = await call(server, 'GET', '/api/links', { headers: adminHeaders(answer.body.apiKey) });
      expect(links.status).toBe(200);
      // Stored only as a hash.
      expect(await server.store.sessions.find(answer.body.apiKey)).toBeUndefined();
      expect((await server.store.sessions.find(hashToken(answer.body.apiKey)))?.kind).toBe('admin');
    });

    it('answers a wrong or missing key with 401 Invalid password', async () => {
      // Its own server: these failures count towards the attempt limiter.
      await using server = await ownServer();
      for (const body of [{ key: 'wrong-key' }, { key: '' }, { key: 12 }, {}, { password: server.adminKey }]) {
        const answer = await call(server, 'POST', '/api/auth?action=admin', { body });
        expect(answer.status, JSON.stringify(body)).toBe(401);
        expect(answer.body).toEqual({ success: false, error: 'Invalid password' });
      }
    });

    it('takes the admin key itself as X-API-Key (for scripts)', async () => {
      const answer = await call(server, 'GET', '/api/links', { headers: adminHeaders(server.adminKey) });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
    });
  });

  describe('admin calls without a valid key', () => {
    const adminCalls = ADMIN_CALLS.split(', ').map((route) => route.split(' ') as [string, string]);

    it('answers 401 with no key, even with the UI cookies and markers set', async () => {
      const cookie = `admin_auth=authenticated; apiKey=${server.adminKey}; auth=true`;
      for (const [method, path] of adminCalls) {
        const answer = await call(server, method, path, { headers: { Cookie: cookie } });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ error: 'Admin key required' });
      }
    });

    it('answers 401 to a wrong key, a user token and a revoked session token', async () => {
      // One server per key: wrong keys count toward the attempt limiter (10 per address).
      for (const kind of ['nope', 'user token', 'revoked', 'longer'] as const) {
        await using server = await ownServer();
        const { token: userToken } = await newUser(server, 'Keyless');
        const revoked = await adminSession(server);
        const logout = await call(server, 'POST', '/api/auth?action=logout', { headers: adminHeaders(revoked) });
        expect(logout.status).toBe(200);
        expect(logout.body).toEqual({ success: true });
        const key = { nope: 'nope', 'user token': userToken, revoked, longer: `${server.adminKey}x` }[kind];
        for (const [method, path] of adminCalls) {
          const answer = await call(server, method, path, { headers: adminHeaders(key) });
          expect(answer.status, `${method} ${path}`).toBe(401);
          expect(answer.body).toEqual({ error: 'Invalid or expired admin key' });
        }
      }
    });

    it('keeps the admin key itself working after a logout sent with it', async () => {
      const logout = await call(server, 'POST', '/api/auth?action=logout', { headers: adminHeaders(server.adminKey) });
      expect(logout.body).toEqual({ success: true });
      expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(server.adminKey) })).status).toBe(200);
    });

    it('revokes one admin session without touching another', async () => {
      const first = await adminSession(server);
      const second = await adminSession(server);
      await call(server, 'POST', '/api/auth?action=logout', { headers: adminHeaders(first) });
      expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(first) })).status).toBe(401);
      expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(second) })).status).toBe(200);
    });
  });

  describe('action=register', () => {
    it('creates the account with the email lower-cased and the password hashed', async () => {
      const answer = await call(server, 'POST', '/api/auth?action=register', {
        body: { name: '  Ada Lovelace ', email: ' Ada@Example.COM ', password: 'analytical' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        user: { id: expect.any(Number), name: 'Ada Lovelace', email: 'ada@example.com' },
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      const stored = await server.store.users.findByEmail('ada@example.com');
      expect(stored?.id).toBe(answer.body.user.id);
      expect(stored?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(stored?.password_hash).not.toContain('analytical');
    });

    it('answers 409 for a taken email, whatever its case', async () => {
      const body = { name: 'Grace', email: 'grace@example.com', password: 'cobol-rules' };
      expect((await call(server, 'POST', '/api/auth?action=register', { body })).status).toBe(201);
      const again = await call(server, 'POST', '/api/auth?action=register', {
        body: { ...body, email: 'GRACE@example.com' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'An account with this email already exists' });
    });

    it('answers 400 with the rule that was broken', async () => {
      const ok = { name: 'Linus', email: 'linus@example.com', password: 'kernel' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...ok, name: '' }, 'Name is required'],
        [{ ...ok, name: '   ' }, 'Name is required'],
        [{ email: ok.email, password: ok.password }, 'Name is required'],
        [{ ...ok, name: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
        [{ ...ok, email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ ...ok, email: '' }, 'Please enter a valid email address'],
        [{ ...ok, password: '12345' }, 'Password must be at least 6 characters'],
        [{ ...ok, password: '' }, 'Password must be at least 6 characters'],
      ];
      for (const [body, error] of cases) {
        const answer = await call(server, 'POST', '/api/auth?action=register', { body });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body).toEqual({ error });
      }
      expect(await server.store.users.findByEmail('linus@example.com')).toBeUndefined();
    });
  });

  describe('action=login', () => {
    it('answers the token and user, matching the email case-insensitively', async () => {
      const body = { name: 'Margaret', email: 'margaret@example.com', password: 'apollo-11' };
      const registered = await call(server, 'POST', '/api/auth?action=register', { body });
      const answer = await call(server, 'POST', '/api/auth?action=login', {
        body: { email: '  MARGARET@Example.com', password: 'apollo-11' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: { id: registered.body.user.id, name: 'Margaret', email: 'margaret@example.com', custom_domain: null },
      });
      expect(await server.store.sessions.find(answer.body.token)).toBeUndefined();
      expect((await server.store.sessions.find(hashToken(answer.body.token)))?.user_id).toBe(registered.body.user.id);
      const links = await call(server, 'GET', '/api/links/user', { headers: bearer(answer.body.token) });
      expect(links.status).toBe(200);
      expect(links.body).toEqual({
        links: [],
        total: 0,
        page: 1,
        per_page: 50,
        totals: { links: 0, clicks: 0, unique_visitors: 0 },
      });
    });

    it('answers a wrong password, an unknown email or missing fields with 401', async () => {
      await using server = await ownServer();
      const user = await newUser(server, 'Alan');
      for (const body of [
        { email: user.user.email, password: 'wrong-password' },
        { email: user.user.email, password: user.password.toUpperCase() },
        { email: 'nobody@example.com', password: user.password },
        { email: user.user.email },
        { password: user.password },
        {},
      ]) {
        const answer = await call(server, 'POST', '/api/auth?action=login', { body });
        expect(answer.status, JSON.stringify(body)).toBe(401);
        expect(answer.body).toEqual({ error: 'Invalid email or password' });
      }
    });
  });

  describe('user tokens', () => {
    it('answers 401 without a token, with a wrong one, and with an admin session token', async () => {
      const adminToken = await adminSession(server);
      const cases: [Record<string, string>, string][] = [
        [{}, 'Sign in required'],
        [{ Authorization: 'Basic abc' }, 'Sign in required'],
        [{ Cookie: 'userSession=whatever' }, 'Sign in required'],
        [bearer('not-a-token'), 'Session expired, please sign in again'],
        [bearer(adminToken), 'Session expired, please sign in again'],
        [bearer(server.adminKey), 'Session expired, please sign in again'],
      ];
      for (const [headers, error] of cases) {
        const answer = await call(server, 'GET', '/api/links/user', { headers });
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(answer.body).toEqual({ error });
      }
    });

    it('logout revokes the bearer token it is sent with, and only that one', async () => {
      const user = await newUser(server, 'Barbara');
      const second = await call(server, 'POST', '/api/auth?action=login', {
        body: { email: user.user.email, password: user.password },
      });
      const answer = await call(server, 'POST', '/api/auth?action=logout', { headers: bearer(user.token) });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
      const revoked = await call(server, 'GET', '/api/links/user', { headers: bearer(user.token) });
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({ error: 'Session expired, please sign in again' });
      expect((await call(server, 'GET', '/api/links/user', { headers: bearer(second.body.token) })).status).toBe(200);
    });

    it('logout with no credential still answers success', async () => {
      const answer = await call(server, 'POST', '/api/auth?action=logout');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true });
    });
  });

  it('answers an unknown or missing action with 400', async () => {
    const unknown = await call(server, 'POST', '/api/auth?action=delete-everything', { body: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: 'Unknown action ("delete-everything"): use action=admin, register, login, logout, reset or forgot',
    });
    const missing = await call(server, 'POST', '/api/auth', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'Unknown action (missing): use action=admin, register, login, logout, reset or forgot',
    });
    const twice = await call(server, 'POST', '/api/auth?action=login&action=admin', { body: {} });
    expect(twice.status).toBe(400);
  });

  it('answers CORS for any origin without credentials', async () => {
    const answer = await call(server, 'POST', '/api/auth?action=logout', {
      headers: { Origin: 'https://elsewhere.test' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('session lifetime', () => {
  let now = Date.UTC(2026, 0, 1);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clock: () => now });
  });
  afterAll(() => server.close());

  it('ends admin and user sessions after 30 days', async () => {
    const adminToken = await adminSession(server);
    const user = await newUser(server, 'Expiring');
    now += 30 * DAY - 1;
    expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(adminToken) })).status).toBe(200);
    expect((await call(server, 'GET', '/api/links/user', { headers: bearer(user.token) })).status).toBe(200);
    now += 1;
    expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(adminToken) })).status).toBe(401);
    expect((await call(server, 'GET', '/api/links/user', { headers: bearer(user.token) })).status).toBe(401);
    // The admin key itself does not expire.
    expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(server.adminKey) })).status).toBe(200);
  });
});
