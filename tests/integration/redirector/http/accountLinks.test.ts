/**
 * Invitations and reset links on both stores (docs/api.md#accounts): made by the administrator on
 * PUBLIC_URL whatever the request's host, used once, not after their expiry, a newer one cancelling
 * the older, the token stored only as its hash; using one sets the password, ends every other
 * session and signs in. Registering signs in too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../../redirector/auth/tokens';
import { ACCOUNT_LINK_INVALID } from '../../../../redirector/contract/account';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, type Clock, testClock } from './accountStores';

const PUBLIC_URL = 'https://go.example.test';
const HOUR = 60 * 60 * 1000;

describe.each(CLOCKED_STORES)('invitation and reset links ($kind)', ({ start }) => {
  let server: TestServer;
  let clock: Clock;
  const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(server, method, path, { headers: { ...adminHeaders(server.adminKey), ...headers }, body });
  const reset = (token: string, password: string, address = '203.0.113.9') =>
    call(server, 'POST', '/api/auth?action=reset', {
      body: { token, password },
      headers: { 'X-Forwarded-For': address },
    });
  const login = (email: string, password: string) =>
    call(server, 'POST', '/api/auth?action=login', { body: { email, password } });
  const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/reset/`.length);

  beforeAll(async () => {
    clock = testClock();
    server = await start({ PUBLIC_URL, TRUST_PROXY: '1' }, clock);
  });
  afterAll(() => server.close());

  it('an invited account gets a link on PUBLIC_URL, works once, and is stored only as a hash', async () => {
    const created = await admin(
      'POST',
      '/api/users',
      { name: ' Ivy ', email: 'Ivy@Example.com' },
      { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Ivy',
      email: 'ivy@example.com',
      links: 0,
      disabled: false,
      invited: true,
    });
    const invitedStatus = async () =>
      (await admin('GET', '/api/users?q=ivy@example.com')).body.users.map((user: { invited: boolean }) => user.invited);
    // Listed as invited until the invitation sets a password (docs/api.md#users).
    expect(await invitedStatus()).toEqual([true]);
    const { url, expires_at } = created.body.invitation;
    expect(url).toMatch(/^https:\/\/go\.example\.test\/reset\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expires_at)).toBe(clock.now + 72 * HOUR);
    const token = tokenOf(url);
    expect(await server.store.accountLinks.find(token)).toBeUndefined();
    expect(await server.store.accountLinks.find(hashToken(token))).toMatchObject({ kind: 'invite' });
    // No password yet: nothing signs in.
    expect((await login('ivy@example.com', '!')).status).toBe(401);
    expect((await login('ivy@example.com', '')).status).toBe(401);

    const short = await reset(token, 'abc');
    expect([short.status, short.body.error]).toEqual([400, 'Password must be at least 6 characters']);
    const used = await reset(token, 'ivy-secret-1');
    expect(used.status).toBe(200);
    expect(used.body.user).toEqual({ id: created.body.id, name: 'Ivy', email: 'ivy@example.com', custom_domain: null });
    expect((await call(server, 'GET', '/api/account', { headers: bearer(used.body.token) })).status).toBe(200);
    expect((await login('ivy@example.com', 'ivy-secret-1')).status).toBe(200);
    expect(await invitedStatus()).toEqual([false]);
    const again = await reset(token, 'ivy-secret-2');
    expect([again.status, again.body.error]).toEqual([400, ACCOUNT_LINK_INVALID]);
    expect((await login('ivy@example.com', 'ivy-secret-2')).status).toBe(401);
  });

  it('a user made with a password signs in at once; a taken email is 409; bad input 400', async () => {
    const body = { name: 'Pat', email: 'pat@example.com', password: 'pat-secret' };
    const created = await admin('POST', '/api/users', body);
    expect(created.status).toBe(201);
    expect(created.body.invitation).toBeUndefined();
    expect(created.body.invited).toBe(false);
    expect((await login('pat@example.com', 'pat-secret')).status).toBe(200);
    expect((await admin('POST', '/api/users', body)).status).toBe(409);
    expect((await admin('POST', '/api/users', { name: 'X', email: 'nope' })).status).toBe(400);
    expect((await admin('POST', '/api/users', { name: 'X', email: 'x@example.com', password: '123' })).status).toBe(
      400,
    );
    const asUser = await call(server, 'POST', '/api/users', { body, headers: bearer(created.body.id) });
    expect(asUser.status).toBe(401);
  });

  it('a reset link lasts an hour, an invitation 72 hours, and a newer link cancels the older', async () => {
    const user = await newUser(server, 'Rita');
    const first = await admin('POST', `/api/users/reset?id=${user.user.id}`);
    expect(first.status).toBe(200);
    expect(Date.parse(first.body.expires_at)).toBe(clock.now + HOUR);
    const second = await admin('POST', `/api/users/reset?id=${user.user.id}`);
    expect((await reset(tokenOf(first.body.url), 'rita-new-pw')).body.error).toBe(ACCOUNT_LINK_INVALID);

    clock.advance(HOUR);
    expect((await reset(tokenOf(second.body.url), 'rita-new-pw')).body.error).toBe(ACCOUNT_LINK_INVALID);

    const invite = await admin('POST', `/api/users/invite?id=${user.user.id}`);
    clock.advance(72 * HOUR - 1);
    const used = await reset(tokenOf(invite.body.url), 'rita-new-pw');
    expect(used.status).toBe(200);

    const late = await admin('POST', `/api/users/invite?id=${user.user.id}`);
    clock.advance(72 * HOUR);
    expect((await reset(tokenOf(late.body.url), 'rita-other')).body.error).toBe(ACCOUNT_LINK_INVALID);
    expect((await admin('POST', '/api/users/reset?id=999999')).status).toBe(404);
    expect((await admin('POST', '/api/users/invite?id=abc')).status).toBe(400);
  });

  it('using a reset link ends every other session of the user', async () => {
    const user = await newUser(server, 'Sam');
    const link = await admin('POST', `/api/users/reset?id=${user.user.id}`);
    const used = await reset(tokenOf(link.body.url), 'sam-new-secret');
    expect(used.status).toBe(200);
    expect((await call(server, 'GET', '/api/account', { headers: bearer(user.token) })).status).toBe(401);
    const sessions = await call(server, 'GET', '/api/account/sessions', { headers: bearer(used.body.token) });
    expect(sessions.body.sessions.map((session: { current: boolean }) => session.current)).toEqual([true]);
  });

  it('wrong reset tokens count toward the sign-in limit', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await reset('x'.repeat(43), 'whatever-pw', '198.51.100.77')).status).toBe(400);
    }
    expect((await reset('x'.repeat(43), 'whatever-pw', '198.51.100.77')).status).toBe(429);
  });

  it('registering answers a session token that works', async () => {
    const registered = await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Neo', email: 'neo@example.com', password: 'neo-secret' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ name: 'Neo', email: 'neo@example.com' });
    const account = await call(server, 'GET', '/api/account', { headers: bearer(registered.body.token) });
    expect(account.body.user.email).toBe('neo@example.com');
  });
});
