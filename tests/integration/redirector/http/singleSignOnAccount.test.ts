/**
 * Where single sign-on meets the accounts an operator runs (docs/api.md#single-sign-on,
 * docs/api.md#accounts), against a real OpenID Connect provider (oidc-provider) on loopback, on
 * both stores: the administrator session the provider's groups gave an account ends with the
 * account's other sessions ("End all others", a new password, a used reset link), while another
 * account's stays; an invited account that the provider's verified email signs in to is no longer
 * "Invited" in the Users list; an account deleted while its sign-in links it lands on the login
 * screen, never on a JSON page, and one deleted while its hand-off is redeemed answers 401.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import type { TestProvider } from '../../../helpers/oidcProvider';
import { startSsoServer } from '../../../helpers/ssoServer';
import { ssoAuthorized, ssoSignIn } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, movableClock } from './accountStores';

interface SsoSession {
  token: string;
  user: { id: number };
  apiKey?: string;
}

describe.each(CLOCKED_STORES)('single sign-on and the account ($kind)', ({ start }) => {
  let provider: TestProvider;
  let server: TestServer;
  let nextAddress = 1;
  const clock = movableClock();

  const address = () => ({ 'X-Forwarded-For': `203.0.113.${nextAddress++ % 250}` });

  /** Signs `sub` in as a member of the administrators' group: the sessions, `apiKey` among them. */
  async function adminSignIn(sub: string): Promise<SsoSession & { apiKey: string }> {
    const account = { email: `${sub}@example.org`, email_verified: true, groups: ['me-admins'] };
    const session = await ssoSignIn<SsoSession>(server, provider, sub, account, address());
    expect(session.apiKey).toEqual(expect.any(String));
    return session as SsoSession & { apiKey: string };
  }

  /** What an administrator call answers with this key. */
  const adminStatus = async (apiKey: string) =>
    (await call(server, 'GET', '/api/users', { headers: adminHeaders(apiKey) })).status;

  startedForSuite(async (ends) => {
    ({ provider, server } = await startSsoServer(ends, (env) => start(env, clock), { OIDC_ADMIN_GROUPS: 'me-admins' }));
  });

  it("ends the provider's administrator session with the account's others: End all others, a new password, a reset", async () => {
    const registered = await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Ops', email: 'ops@example.org', password: 'first-password' },
      headers: address(),
    });
    expect(registered.status).toBe(201);
    const own = registered.body.token as string;
    // Another administrator of the provider's: their session is not the account's to end.
    const colleague = await adminSignIn('colleague');

    // "End all others" in another browser, as after a lost laptop.
    const lost = await adminSignIn('ops');
    expect(lost.user.id).toBe(registered.body.user.id);
    expect(await adminStatus(lost.apiKey)).toBe(200);
    const ended = await call(server, 'DELETE', '/api/account/sessions', { headers: bearer(own) });
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBe(2);
    expect(await adminStatus(lost.apiKey)).toBe(401);

    // A new password.
    const again = await adminSignIn('ops');
    const changed = await call(server, 'PUT', '/api/account', {
      body: { password: 'second-password', current_password: 'first-password' },
      headers: { ...bearer(own), ...address() },
    });
    expect(changed.status).toBe(200);
    expect(await adminStatus(again.apiKey)).toBe(401);

    // A reset link the administrator made, used.
    const third = await adminSignIn('ops');
    const link = await call(server, 'POST', `/api/users/reset?id=${registered.body.user.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    const token = String(link.body.url).split('/reset/')[1];
    const reset = await call(server, 'POST', '/api/auth?action=reset', {
      body: { token, password: 'third-password' },
      headers: address(),
    });
    expect(reset.status).toBe(200);
    expect(await adminStatus(third.apiKey)).toBe(401);

    expect(await adminStatus(colleague.apiKey)).toBe(200);
    expect((await call(server, 'GET', '/api/account', { headers: bearer(colleague.token) })).status).toBe(200);
  });

  it('an invitation the provider signs in to first is no longer "Invited"; one nobody used still is', async () => {
    const invite = (name: string) =>
      call(server, 'POST', '/api/users', {
        body: { name, email: `${name}@example.org` },
        headers: adminHeaders(server.adminKey),
      });
    const used = await invite('invitee');
    const unused = await invite('waiting');
    expect(used.body.invited).toBe(true);
    const session = await ssoSignIn<SsoSession>(
      server,
      provider,
      'invitee-sub',
      { email: 'invitee@example.org', email_verified: true },
      address(),
    );
    expect(session.user.id).toBe(used.body.id);
    const listed = await call(server, 'GET', '/api/users?q=@example.org&per_page=100', {
      headers: adminHeaders(server.adminKey),
    });
    const invitedOf = (id: number) => listed.body.users.find((user: { id: number }) => user.id === id)?.invited;
    expect(invitedOf(used.body.id)).toBe(false);
    expect(invitedOf(unused.body.id)).toBe(true);
  });

  it('an account deleted while the provider signs it in sends the browser to the login screen', async () => {
    const answers = new Set<string>();
    // Forty rounds, the deletion sent a few milliseconds later each time, to meet the callback's
    // writes (the identity linked to the account) at every step.
    for (let round = 0; round < 40; round++) {
      const email = `gone-${round}@example.org`;
      const made = await call(server, 'POST', '/api/users', {
        body: { name: 'Gone', email, password: 'gone-password' },
        headers: adminHeaders(server.adminKey),
      });
      expect(made.status).toBe(201);
      const sub = `gone-${round}`;
      provider.accounts.set(sub, { email, email_verified: true });
      const { cookie, back } = await ssoAuthorized(server, provider, sub, address());
      const [answer, deleted] = await Promise.all([
        fetch(`${server.url}/api/auth/oidc/callback${back.search}`, { redirect: 'manual', headers: { cookie } }),
        new Promise((resolve) => setTimeout(resolve, round % 8)).then(() =>
          call(server, 'DELETE', `/api/users?id=${made.body.id}`, { headers: adminHeaders(server.adminKey) }),
        ),
      ]);
      expect(deleted.status).toBe(204);
      const location = answer.headers.get('location') ?? '';
      answers.add(`${answer.status} ${location.replace(/#sso=.*/, '#sso=<hand-off>')}`);
    }
    // A sign-in either won (its hand-off) or met the deletion ("Sign-in failed"): nothing else.
    expect(
      [...answers].filter((answer) => !['302 /login#sso=<hand-off>', '302 /login?sso=failed'].includes(answer)),
    ).toEqual([]);
  });

  it('an account deleted while its hand-off is redeemed answers 401 Sign-in failed, or signs in before', async () => {
    const answers = new Set<number>();
    for (let round = 0; round < 40; round++) {
      const email = `late-${round}@example.org`;
      const made = await call(server, 'POST', '/api/users', {
        body: { name: 'Late', email, password: 'late-password' },
        headers: adminHeaders(server.adminKey),
      });
      const sub = `late-${round}`;
      provider.accounts.set(sub, { email, email_verified: true });
      const { cookie, back } = await ssoAuthorized(server, provider, sub, address());
      const answer = await fetch(`${server.url}/api/auth/oidc/callback${back.search}`, {
        redirect: 'manual',
        headers: { cookie },
      });
      const code = (answer.headers.get('location') ?? '').replace('/login#sso=', '');
      const [session] = await Promise.all([
        call(server, 'POST', '/api/auth/oidc/session', { body: { code }, headers: { ...address(), cookie } }),
        new Promise((resolve) => setTimeout(resolve, round % 6)).then(() =>
          call(server, 'DELETE', `/api/users?id=${made.body.id}`, { headers: adminHeaders(server.adminKey) }),
        ),
      ]);
      answers.add(session.status);
    }
    expect([...answers].filter((status) => status !== 200 && status !== 401)).toEqual([]);
  });
});
