/**
 * An account without a password confirms its email change and its deletion with a recent sign-in
 * (docs/api.md#the-account-of-the-signed-in-user), on both stores, against a real OpenID Connect
 * provider on loopback: right after signing in through the provider it changes its email and
 * deletes itself without a password; with a session older than 10 minutes (the server's clock
 * moved) both answer 403 "Sign in again…", never counted in the credential limiter; an account
 * with a password still needs it, however fresh its session.
 */
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  RECENT_SIGN_IN_MS,
  SIGN_IN_AGAIN_TO_CONFIRM,
} from '../../../../redirector/contract/account';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import type { TestProvider } from '../../../helpers/oidcProvider';
import { startSsoServer } from '../../../helpers/ssoServer';
import { ssoSignIn } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, testClock } from './accountStores';

const SECOND = 1000;

interface SsoSession {
  token: string;
  user: { id: number; email: string };
}

describe.each(CLOCKED_STORES)('an account without a password confirms with a recent sign-in ($kind)', ({ start }) => {
  let provider: TestProvider;
  let server: TestServer;
  const clock = testClock();
  let addresses = 0;
  const address = () => ({ 'X-Forwarded-For': `198.51.100.${++addresses}` });
  const account = (token: string, method: string, body?: unknown, from = address()) =>
    call(server, method, '/api/account', { headers: { ...bearer(token), ...from }, body });

  /** A first sign-in through the provider: an account made on the spot, without a password. */
  const signIn = (sub: string) =>
    ssoSignIn<SsoSession>(server, provider, sub, { email: `${sub}@example.org`, email_verified: true }, address());

  startedForSuite(async (ends) => {
    ({ provider, server } = await startSsoServer(ends, (env) => start(env, clock)));
  });

  it('right after signing in it changes its email and deletes itself, no password asked', async () => {
    const session = await signIn('fresh');
    const own = await account(session.token, 'GET');
    expect(own.body.user).toMatchObject({ id: session.user.id, has_password: false });

    const moved = await account(session.token, 'PUT', { email: 'fresh-new@example.org' });
    expect([moved.status, moved.body.user?.email, moved.body.user?.has_password]).toEqual([
      200,
      'fresh-new@example.org',
      false,
    ]);
    clock.advance(RECENT_SIGN_IN_MS - 30 * SECOND);
    // A password in the body is not looked at: the sign-in confirms.
    expect((await account(session.token, 'DELETE', { password: 'whatever' })).status).toBe(204);
    expect((await account(session.token, 'GET')).status).toBe(401);
    const listed = await call(server, 'GET', '/api/users?q=fresh&per_page=100', {
      headers: adminHeaders(server.adminKey),
    });
    expect(listed.body.users).toEqual([]);
  });

  it('an invitation the provider signed in to confirms the same way', async () => {
    const invited = await call(server, 'POST', '/api/users', {
      body: { name: 'Invitee', email: 'invitee@example.org' },
      headers: adminHeaders(server.adminKey),
    });
    const session = await signIn('invitee');
    expect(session.user.id).toBe(invited.body.id);
    expect((await account(session.token, 'GET')).body.user.has_password).toBe(false);
    expect((await account(session.token, 'DELETE')).status).toBe(204);
  });

  it('with a session older than 10 minutes both answer 403 "Sign in again", uncounted, and nothing changes', async () => {
    const old = await signIn('stale');
    clock.advance(RECENT_SIGN_IN_MS + SECOND);
    const from = address();
    // More than the limiter's 10 from one address: none is counted as a wrong password.
    for (let i = 0; i < 6; i++) {
      const moved = await account(
        old.token,
        'PUT',
        { email: 'stale-new@example.org', current_password: `x${i}` },
        from,
      );
      expect([moved.status, moved.body.error]).toEqual([403, SIGN_IN_AGAIN_TO_CONFIRM]);
      const deleted = await account(old.token, 'DELETE', { password: `x${i}` }, from);
      expect([deleted.status, deleted.body.error]).toEqual([403, SIGN_IN_AGAIN_TO_CONFIRM]);
    }
    const still = await account(old.token, 'GET', undefined, from);
    expect([still.status, still.body.user?.email]).toEqual([200, 'stale@example.org']);

    // Signing in again gives a fresh session, which confirms; the old one still does not.
    const again = await signIn('stale');
    expect(again.user.id).toBe(old.user.id);
    expect((await account(old.token, 'DELETE', undefined, from)).status).toBe(403);
    expect((await account(again.token, 'DELETE', undefined, from)).status).toBe(204);
  });

  it('an account with a password still needs it, however fresh its session', async () => {
    const password = 'kept-password';
    const made = await call(server, 'POST', '/api/users', {
      body: { name: 'Kept', email: 'kept@example.org', password },
      headers: adminHeaders(server.adminKey),
    });
    expect(made.status).toBe(201);
    const login = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: 'kept@example.org', password },
      headers: address(),
    });
    const token = login.body.token as string;
    expect((await account(token, 'GET')).body.user.has_password).toBe(true);
    const moved = await account(token, 'PUT', { email: 'kept-new@example.org' });
    expect([moved.status, moved.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    const deleted = await account(token, 'DELETE', {});
    expect([deleted.status, deleted.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    // The same account signed in through the provider (its verified email): still the password.
    const viaProvider = await ssoSignIn<SsoSession>(
      server,
      provider,
      'kept',
      { email: 'kept@example.org', email_verified: true },
      address(),
    );
    const refused = await account(viaProvider.token, 'DELETE', {});
    expect([refused.status, refused.body.error]).toEqual([403, CURRENT_PASSWORD_WRONG]);
    expect((await account(viaProvider.token, 'DELETE', { password })).status).toBe(204);
  });
});
