import { describe, expect, it } from 'vitest';
import { adminHeaders, call, newUser } from '../../../helpers/api';
import { expectRetryAfter } from '../../../helpers/limits';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const MINUTE = 60_000;
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

async function ownServer(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  return Object.assign(server, { [Symbol.asyncDispose]: () => server.close() });
}

const wrongAdmin = (server: TestServer, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/api/auth?action=admin', { body: { key: 'wrong-key' }, headers });
const rightAdmin = (server: TestServer, headers: Record<string, string> = {}) =>
  call(server, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey }, headers });

describe('failed sign-in limiter', () => {
  it('refuses admin and user sign-in with 429 after 10 failures, right credentials included', async () => {
    // A fixed clock: the Retry-After figure is exact, however slow the machine.
    const now = Date.parse('2026-03-01T12:00:00Z');
    await using server = await ownServer({ clock: () => now });
    const user = await newUser(server, 'Limited');
    for (let i = 0; i < 5; i++) expect((await wrongAdmin(server)).status).toBe(401);
    for (let i = 0; i < 5; i++) {
      const answer = await call(server, 'POST', '/api/auth?action=login', {
        body: { email: user.user.email, password: 'wrong-password' },
      });
      expect(answer.status).toBe(401);
    }
    const admin = await rightAdmin(server);
    expect(admin.status).toBe(429);
    expect(admin.body).toEqual({ success: false, error: TOO_MANY });
    expectRetryAfter(admin, 900);
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: user.user.email, password: user.password },
    });
    expect(login.status).toBe(429);
    expect(login.body).toEqual({ error: TOO_MANY });
  });

  it('refuses every credentialed call while an address is refused, and leaves the others alone', async () => {
    await using server = await ownServer();
    const user = await newUser(server, 'Unaffected');
    for (let i = 0; i < 10; i++) await wrongAdmin(server);
    expect((await rightAdmin(server)).status).toBe(429);
    const register = await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Late', email: 'late@example.com', password: 'still-fine' },
    });
    expect(register.status).toBe(201);
    expect((await call(server, 'GET', '/api/links', { headers: adminHeaders(server.adminKey) })).status).toBe(429);
    expect(
      (await call(server, 'GET', '/api/links/user', { headers: { Authorization: `Bearer ${user.token}` } })).status,
    ).toBe(429);
    expect((await call(server, 'GET', '/api/config')).status).toBe(200);
    const logout = await call(server, 'POST', '/api/auth?action=logout', {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(logout.status).toBe(200);
  });

  it('does not clear the count on a success', async () => {
    await using server = await ownServer();
    for (let i = 0; i < 9; i++) await wrongAdmin(server);
    expect((await rightAdmin(server)).status).toBe(200);
    expect((await wrongAdmin(server)).status).toBe(401);
    expect((await rightAdmin(server)).status).toBe(429);
  });

  it('lets the address in again once the window has passed', async () => {
    let now = Date.UTC(2026, 0, 1);
    await using server = await ownServer({ clock: () => now });
    for (let i = 0; i < 10; i++) {
      await wrongAdmin(server);
      now += MINUTE;
    }
    // First failure 10 minutes ago: 5 minutes to go.
    const refused = await rightAdmin(server);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many failed sign-in attempts. Please try again in 5 minutes.');
    expectRetryAfter(refused, 300);
    now += 5 * MINUTE - 1000;
    expect((await rightAdmin(server)).body.error).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
    now += 1000;
    expect((await rightAdmin(server)).status).toBe(200);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
    await using server = await ownServer();
    for (let i = 0; i < 10; i++) {
      expect((await wrongAdmin(server, { 'X-Forwarded-For': `198.51.100.${i}` })).status).toBe(401);
    }
    expect((await rightAdmin(server, { 'X-Forwarded-For': '198.51.100.200' })).status).toBe(429);
  });

  it('limits each X-Forwarded-For client separately when TRUST_PROXY is on', async () => {
    await using server = await ownServer({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < 10; i++) {
      expect((await wrongAdmin(server, { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(401);
    }
    expect((await rightAdmin(server, { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
    // The client may prepend anything; the address our proxy appended (rightmost) is what counts.
    expect((await rightAdmin(server, { 'X-Forwarded-For': '10.0.0.1, 198.51.100.7' })).status).toBe(429);
    expect((await rightAdmin(server, { 'X-Forwarded-For': '198.51.100.8' })).status).toBe(200);
    expect((await rightAdmin(server)).status).toBe(200);
  });
});
