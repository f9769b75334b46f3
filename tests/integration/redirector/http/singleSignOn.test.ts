/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) on loopback, on both stores
 * (docs/api.md#single-sign-on): the first sign-in makes the user and the second finds them by
 * `sub`; a verified email links an existing account and an unverified one does not; the
 * administrator's groups give an administrator session and their removal takes it away; a tampered
 * or replayed state, a wrong audience or signature and an expired ID token land on the login screen
 * with nothing created; a key rotated in signs the next sign-in and a retired one nothing; a
 * stopped provider leaves password sign-in working; nothing secret reaches the log.
 */
import { describe, expect, it } from 'vitest';
import { SSO_SIGN_IN_FAILED } from '../../../../redirector/contract/auth';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_CLIENT_ID, type TestProvider } from '../../../helpers/oidcProvider';
import { startSilentServer } from '../../../helpers/silentServer';
import {
  SSO_CALLBACK as CALLBACK,
  SSO_PUBLIC_URL as PUBLIC_URL,
  ssoEnv,
  startSsoServer,
} from '../../../helpers/ssoServer';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { startTestServer } from '../../../helpers/testServer';
import { CLOCKED_STORES, movableClock } from './accountStores';

/** The suite's settings besides the provider's: its name on the login screen, its administrators' groups. */
const SUITE_ENV = { OIDC_NAME: 'Example SSO', OIDC_ADMIN_GROUPS: 'me-admins, operators' };

describe.each(CLOCKED_STORES)('single sign-on ($kind)', ({ start }) => {
  let provider: TestProvider;
  let server: TestServer;
  let logs: CapturedLogs;
  let nextAddress = 1;
  /** The service's clock: the real time, moved on by the test. */
  const clock = movableClock();
  /** The suite server's settings, for the other servers of the same provider. */
  const suiteEnv = () => ssoEnv(provider, SUITE_ENV);

  /** A client address of its own per call: the credential limiter counts per address. */
  const address = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++ % 250}` });

  /**
   * Each sign-in's browser, as its cookie: the start's binding (docs/api.md#single-sign-on), found by
   * the sign-in's state at the callback and by its hand-off at the login screen.
   */
  const browserOfState = new Map<string, string>();
  const browserOfHandoff = new Map<string, string>();

  async function startSignIn(target = server): Promise<string> {
    const started = await fetch(`${target.url}/api/auth/oidc/start`, { redirect: 'manual', headers: address() });
    expect(started.status).toBe(302);
    const location = started.headers.get('location') ?? '';
    const cookie = started.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const state = location.startsWith('http') ? new URL(location).searchParams.get('state') : null;
    if (state) browserOfState.set(state, cookie.join('; '));
    return location;
  }

  /** Back at the callback with the provider's answer, in the browser that started it (`browser`: another's): where the browser is sent. */
  async function callback(search: string, target = server, browser?: string): Promise<string> {
    const cookie = browser ?? browserOfState.get(new URLSearchParams(search).get('state') ?? '') ?? '';
    const answer = await fetch(`${target.url}/api/auth/oidc/callback${search}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const location = answer.headers.get('location') ?? '';
    browserOfHandoff.set(location, cookie);
    return location;
  }

  /** The whole sign-in as a browser goes through it: the login screen's address at the end. */
  async function signIn(sub: string, target = server): Promise<string> {
    provider.signInAs(sub);
    const back = await provider.authorize(await startSignIn(target));
    expect(back.href.startsWith(CALLBACK)).toBe(true);
    return callback(back.search, target);
  }

  const redeem = (location: string, target = server, browser = browserOfHandoff.get(location) ?? '') =>
    call(target, 'POST', '/api/auth/oidc/session', {
      body: { code: location.replace(/^\/login#sso=/, '') },
      headers: { ...address(), ...(browser ? { cookie: browser } : {}) },
    });

  async function signedIn(sub: string) {
    const location = await signIn(sub);
    expect(location).toMatch(/^\/login#sso=[A-Za-z0-9_-]{43}$/);
    const session = await redeem(location);
    expect(session.status).toBe(200);
    return session.body as { token: string; user: { id: number; email: string; name: string }; apiKey?: string };
  }

  const userCount = async () =>
    (await call(server, 'GET', '/api/users', { headers: adminHeaders(server.adminKey) })).body.total as number;

  startedForSuite(async (ends) => {
    logs = captureLogs();
    ends.after(() => logs.restore());
    ({ provider, server } = await startSsoServer(ends, (env) => start(env, clock), SUITE_ENV, {
      postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
      idTokenSeconds: 120,
    }));
  });

  it('says so in /api/config, and the first sign-in makes the user with a session of their own', async () => {
    const config = await call(server, 'GET', '/api/config');
    expect(config.body).toMatchObject({ sso: { name: 'Example SSO', new_users: true }, password_login: true });
    const before = await userCount();
    provider.accounts.set('sub-ada', { email: 'Ada@Example.org', email_verified: true, name: 'Ada Lovelace' });

    const authorization = new URL(await startSignIn());
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorization.searchParams.get('state')).toMatch(/.{32,}/);
    expect(authorization.searchParams.get('nonce')).toMatch(/.{32,}/);

    const session = await signedIn('sub-ada');
    expect(session.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(session.apiKey).toBeUndefined();
    const account = await call(server, 'GET', '/api/account', { headers: bearer(session.token) });
    expect(account.status).toBe(200);
    expect(account.body.user.email).toBe('ada@example.org');
    expect(await userCount()).toBe(before + 1);
    const listed = await call(server, 'GET', '/api/users?q=ada@example.org', {
      headers: adminHeaders(server.adminKey),
    });
    // Made by the provider, not invited: no password of their own, and none matches.
    expect(listed.body.users).toMatchObject([{ id: session.user.id, invited: false, disabled: false }]);
  });

  it('the second sign-in finds the user by sub, whatever their email has become', async () => {
    const first = await signedIn('sub-ada');
    provider.accounts.set('sub-ada', { email: 'ada@new.example', email_verified: true, name: 'Ada' });
    const before = await userCount();
    const second = await signedIn('sub-ada');
    expect(second.user.id).toBe(first.user.id);
    expect(await userCount()).toBe(before);
    // A hand-off works once.
    const location = await signIn('sub-ada');
    expect((await redeem(location)).status).toBe(200);
    const again = await redeem(location);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: SSO_SIGN_IN_FAILED });
  });

  it("a provider's name with a NUL, a control character or a lone surrogate makes the account all the same", async () => {
    const name = 'Ma\u0000ry\u0007 \ud800Shelley';
    provider.accounts.set('sub-mary', { email: 'mary@example.org', email_verified: true, name });
    const session = await signedIn('sub-mary');
    expect(session.user.name).toBe('Mary Shelley');
    // Nothing but control characters: the name comes from the email, as with no name at all.
    provider.accounts.set('sub-nul', { email: 'nul@example.org', email_verified: true, name: '\u0000\u0000' });
    expect((await signedIn('sub-nul')).user.name).toBe('nul');
  });

  it('a first sign-in in several tabs at once makes one account, and every tab signs in to it', async () => {
    provider.accounts.set('sub-twin', { email: 'twin@example.org', email_verified: true, name: 'Twin' });
    provider.signInAs('sub-twin');
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => callback((await provider.authorize(await startSignIn())).search)),
    );
    for (const location of answers) expect(location).toMatch(/^\/login#sso=/);
    const ids = await Promise.all(answers.map(async (location) => (await redeem(location)).body.user.id));
    expect(new Set(ids).size).toBe(1);
  });

  it('a verified email links an existing account; an unverified one links nothing and makes nothing', async () => {
    const registered = await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Grace', email: 'grace@example.org', password: 'grace-password' },
      headers: address(),
    });
    expect(registered.status).toBe(201);
    const unverified = await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Linus', email: 'linus@example.org', password: 'linus-password' },
      headers: address(),
    });
    const before = await userCount();

    provider.accounts.set('sub-linus', { email: 'linus@example.org', email_verified: false, name: 'Not Linus' });
    expect(await signIn('sub-linus')).toBe('/login?sso=email-taken');
    expect(await signIn('sub-linus')).toBe('/login?sso=email-taken');
    expect(await userCount()).toBe(before);
    const linus = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: 'linus@example.org', password: 'linus-password' },
      headers: address(),
    });
    expect(linus.body.user.id).toBe(unverified.body.user.id);

    provider.accounts.set('sub-grace', { email: 'GRACE@example.org', email_verified: true });
    const linked = await signedIn('sub-grace');
    expect(linked.user.id).toBe(registered.body.user.id);
    expect(linked.user.name).toBe('Grace');
    // Linked to that sub: found by it from now on, and the password still works.
    provider.accounts.set('sub-grace', { email: 'grace@elsewhere.example', email_verified: true });
    expect((await signedIn('sub-grace')).user.id).toBe(registered.body.user.id);
    expect(await userCount()).toBe(before);
    const password = await call(server, 'POST', '/api/auth?action=login', {
      body: { email: 'grace@example.org', password: 'grace-password' },
      headers: address(),
    });
    expect(password.status).toBe(200);
  });

  it('an administrator group gives an administrator session, and leaving it takes every such session away', async () => {
    provider.accounts.set('sub-root', {
      email: 'root@example.org',
      email_verified: true,
      groups: ['staff', 'operators'],
    });
    const admin = await signedIn('sub-root');
    expect(admin.apiKey).toEqual(expect.any(String));
    const users = await call(server, 'GET', '/api/users', { headers: adminHeaders(admin.apiKey ?? '') });
    expect(users.status).toBe(200);

    provider.accounts.set('sub-root', { email: 'root@example.org', email_verified: true, groups: ['staff'] });
    const plain = await signedIn('sub-root');
    expect(plain.apiKey).toBeUndefined();
    const refused = await call(server, 'GET', '/api/users', { headers: adminHeaders(admin.apiKey ?? '') });
    expect(refused.status).toBe(401);
    expect((await call(server, 'GET', '/api/account', { headers: bearer(plain.token) })).status).toBe(200);
  });

  it('a disabled user cannot sign in through the provider, and their administrator session ends', async () => {
    provider.accounts.set('sub-off', { email: 'off@example.org', email_verified: true, groups: ['me-admins'] });
    const session = await signedIn('sub-off');
    const disabled = await call(server, 'PUT', `/api/users?id=${session.user.id}`, {
      body: { disabled: true },
      headers: adminHeaders(server.adminKey),
    });
    expect(disabled.status).toBe(200);
    expect(await signIn('sub-off')).toBe('/login?sso=disabled');
    expect((await call(server, 'GET', '/api/users', { headers: adminHeaders(session.apiKey ?? '') })).status).toBe(401);
  });

  it('links no provider identity to a disabled account that a verified email finds', async () => {
    const made = await call(server, 'POST', '/api/users', {
      body: { name: 'Dee', email: 'dee@example.org', password: 'a long password 1' },
      headers: adminHeaders(server.adminKey),
    });
    expect(made.status).toBe(201);
    const id = made.body.user?.id ?? made.body.id;
    const setDisabled = (disabled: boolean) =>
      call(server, 'PUT', `/api/users?id=${id}`, { body: { disabled }, headers: adminHeaders(server.adminKey) });
    expect((await setDisabled(true)).status).toBe(200);
    provider.accounts.set('sub-dee-1', { email: 'dee@example.org', email_verified: true });
    expect(await signIn('sub-dee-1')).toBe('/login?sso=disabled');
    // Enabled again, another identity with that email links: the refused one took no place.
    expect((await setDisabled(false)).status).toBe(200);
    provider.accounts.set('sub-dee-2', { email: 'dee@example.org', email_verified: true });
    expect(await signIn('sub-dee-2')).toMatch(/^\/login#sso=/);
  });

  it('a tampered, foreign or replayed state lands on the login screen with nothing created', async () => {
    provider.accounts.set('sub-eve', { email: 'eve@example.org', email_verified: true });
    const before = await userCount();
    provider.signInAs('sub-eve');
    const back = await provider.authorize(await startSignIn());
    const tampered = new URLSearchParams(back.search);
    tampered.set('state', `${tampered.get('state')}x`);
    expect(await callback(`?${tampered}`)).toBe('/login?sso=failed');
    expect(await callback(`?code=${back.searchParams.get('code')}`)).toBe('/login?sso=failed');
    // That state was not spent by the tries above; used once, it is gone.
    const good = await callback(back.search);
    expect(good).toMatch(/^\/login#sso=/);
    expect(await callback(back.search)).toBe('/login?sso=failed');
    expect(await userCount()).toBe(before + 1);
  });

  it('counts a callback and a hand-off only in the browser that started the sign-in (no login CSRF)', async () => {
    provider.accounts.set('sub-csrf', { email: 'csrf@example.org', email_verified: true });
    const before = await userCount();
    provider.signInAs('sub-csrf');
    // Someone starts a sign-in and sends the callback's address to a victim, whose browser has no binding.
    const back = await provider.authorize(await startSignIn());
    expect(await callback(back.search, server, 'me_sso=not-this-browser')).toBe('/login?sso=failed');
    expect(await userCount()).toBe(before);
    expect(logs.lines.join('\n')).toContain('a callback in another browser than the one that started the sign-in');
    // Or finishes it themselves and sends the login screen's address with the hand-off.
    provider.signInAs('sub-csrf');
    const location = await signIn('sub-csrf');
    expect(location).toMatch(/^\/login#sso=/);
    const elsewhere = await redeem(location, server, '');
    expect([elsewhere.status, elsewhere.body]).toEqual([401, { error: SSO_SIGN_IN_FAILED }]);
    // Used up by that try: not even their own browser signs in with it afterwards.
    expect((await redeem(location)).status).toBe(401);
    const own = await redeem(await signIn('sub-csrf'));
    expect(own.status).toBe(200);
    expect((own.headers as Headers).get('set-cookie')).toMatch(
      /^me_sso_[0-9a-f]{12}=; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax; Max-Age=0; Secure$/,
    );
  });

  it('starts at most 30 sign-ins per address in 10 minutes, each keeping a ticket', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.77' };
    const start = () => fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual', headers: from });
    const locations = await Promise.all(
      Array.from({ length: 31 }, async () => (await start()).headers.get('location')),
    );
    expect(locations.filter((location) => location?.startsWith(provider.issuer)).length).toBe(30);
    expect(locations.filter((location) => location === '/login?sso=too-many').length).toBe(1);
    // Another address is not held back; and once the window has passed, this one starts again.
    expect(await startSignIn()).toMatch(new RegExp(`^${provider.issuer}`));
    clock.advance(10 * 60 * 1000 + 1);
    try {
      expect((await start()).headers.get('location')).toMatch(new RegExp(`^${provider.issuer}`));
    } finally {
      clock.advance(-(10 * 60 * 1000 + 1));
    }
  });

  /** `sub` signs in once with each rewrite of the provider's ID token; where each sign-in landed. */
  const signInsRewritten = async (sub: string, rewrites: ((token: string) => string)[]) => {
    const landed: string[] = [];
    try {
      for (const rewrite of rewrites) {
        provider.rewriteIdToken = rewrite;
        landed.push(await signIn(sub));
      }
    } finally {
      provider.rewriteIdToken = undefined;
    }
    return landed;
  };

  it('an ID token for another audience, or with a broken signature, is refused', async () => {
    provider.accounts.set('sub-mallory', { email: 'mallory@example.org', email_verified: true });
    const before = await userCount();
    const [audience, signature, same] = await signInsRewritten('sub-mallory', [
      (token) => provider.resign(token, { aud: 'another-client' }),
      (token) => `${token.slice(0, -6)}${token.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`,
      // The same rewrite that keeps the audience passes: the refusals were the audience and the signature.
      (token) => provider.resign(token, {}),
    ]);
    expect([audience, signature]).toEqual(['/login?sso=failed', '/login?sso=failed']);
    expect(same).toMatch(/^\/login#sso=/);
    expect(await userCount()).toBe(before + 1);
  });

  it('an ID token from another issuer, or with another nonce, is refused', async () => {
    provider.accounts.set('sub-trudy', { email: 'trudy@example.org', email_verified: true });
    const before = await userCount();
    const landed = await signInsRewritten('sub-trudy', [
      (token) => provider.resign(token, { iss: 'http://127.0.0.1:1' }),
      (token) => provider.resign(token, { nonce: 'a-nonce-of-another-sign-in' }),
    ]);
    expect(landed).toEqual(['/login?sso=failed', '/login?sso=failed']);
    expect(await userCount()).toBe(before);
    // The log names the claim that failed (and the audience's, above), never its value.
    expect(logs.lines.join('\n')).toContain(
      'sign-in refused: unexpected JWT claim value encountered (unexpected JWT "iss"',
    );
    expect(logs.lines.join('\n')).toContain('(unexpected ID Token "nonce" claim value)');
    expect(logs.lines.join('\n')).toContain('(unexpected JWT "aud" (audience) claim value)');
  });

  it('a state older than ten minutes is refused before the provider is asked', async () => {
    provider.accounts.set('sub-slow', { email: 'slow@example.org', email_verified: true });
    provider.signInAs('sub-slow');
    const back = await provider.authorize(await startSignIn());
    const refusedBefore = logs.lines.filter((line) => line.includes('sign-in refused')).length;
    const statesBefore = logs.lines.filter((line) => line.includes('unknown, used or expired state')).length;
    clock.advance(10 * 60 * 1000 + 1000);
    try {
      expect(await callback(back.search)).toBe('/login?sso=failed');
    } finally {
      clock.advance(-(10 * 60 * 1000 + 1000));
    }
    expect(logs.lines.filter((line) => line.includes('unknown, used or expired state')).length).toBe(statesBefore + 1);
    // Ended at the state: the code was never exchanged (an exchange would have failed on the token's exp).
    expect(logs.lines.filter((line) => line.includes('sign-in refused')).length).toBe(refusedBefore);
  });

  it('a public client, with REGISTRATION=closed and the groups in a claim of another name', async () => {
    const { OIDC_CLIENT_SECRET: _secret, ...withSecret } = suiteEnv();
    const env = {
      ...withSecret,
      OIDC_CLIENT_ID: PUBLIC_CLIENT_ID,
      REGISTRATION: 'closed',
      OIDC_GROUPS_CLAIM: 'roles',
      OIDC_ADMIN_GROUPS: 'me-admins',
    };
    const open = await start(env, clock);
    try {
      provider.accounts.set('sub-pub', {
        email: 'pub@example.org',
        email_verified: true,
        groups: ['me-admins'],
        roles: ['me-admins'],
      });
      const location = await signIn('sub-pub', open);
      expect(location).toMatch(/^\/login#sso=/);
      const session = await redeem(location, open);
      // A new account although registration is closed, an administrator by the `roles` claim.
      expect(session.body).toMatchObject({ user: { email: 'pub@example.org' }, apiKey: expect.any(String) });
      provider.accounts.set('sub-pub', { email: 'pub@example.org', email_verified: true, groups: ['me-admins'] });
      const plain = await redeem(await signIn('sub-pub', open), open);
      expect(plain.body.apiKey).toBeUndefined();
      const registered = await call(open, 'POST', '/api/auth?action=register', {
        body: { name: 'Pw', email: 'pw@example.org', password: 'pw-password' },
        headers: address(),
      });
      expect(registered.status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('an expired ID token is refused', async () => {
    provider.accounts.set('sub-late', { email: 'late@example.org', email_verified: true });
    const before = await userCount();
    provider.signInAs('sub-late');
    const back = await provider.authorize(await startSignIn());
    // Past the token's two minutes and the 30 s tolerance, within the state's ten minutes.
    clock.advance(5 * 60 * 1000);
    try {
      expect(await callback(back.search)).toBe('/login?sso=failed');
    } finally {
      clock.advance(-5 * 60 * 1000);
    }
    expect(await userCount()).toBe(before);
  });

  it('a key rotated in signs the next sign-in at once; one the provider no longer publishes signs nothing', async () => {
    provider.accounts.set('sub-rot', { email: 'rot@example.org', email_verified: true });
    const first = await signedIn('sub-rot');
    // Within the minute after the keys were read (no clock moved): the new kid is read from the JWKS.
    provider.rotateKey();
    expect((await signedIn('sub-rot')).user.id).toBe(first.user.id);
    provider.retireOldKeys();
    try {
      provider.rewriteIdToken = (token) => provider.resign(token, {}, 'retired');
      expect(await signIn('sub-rot')).toBe('/login?sso=failed');
      // The same rewrite with the published key passes: the refusal above was the retired key's.
      provider.rewriteIdToken = (token) => provider.resign(token, {});
      expect(await signIn('sub-rot')).toMatch(/^\/login#sso=/);
    } finally {
      provider.rewriteIdToken = undefined;
    }
  });

  it("signs out at the provider's end_session_endpoint", async () => {
    const answer = await fetch(`${server.url}/api/auth/oidc/logout`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
  });

  it('a stopped provider sends the browser back to the login screen; password sign-in goes on', async () => {
    await call(server, 'POST', '/api/auth?action=register', {
      body: { name: 'Pat', email: 'pat@example.org', password: 'pat-password' },
      headers: address(),
    });
    await provider.stop();
    try {
      expect(await startSignIn()).toBe('/login?sso=unavailable');
      const login = await call(server, 'POST', '/api/auth?action=login', {
        body: { email: 'pat@example.org', password: 'pat-password' },
        headers: address(),
      });
      expect(login.status).toBe(200);
    } finally {
      await provider.start();
    }
    provider.accounts.set('sub-back', { email: 'back@example.org', email_verified: true });
    expect((await signedIn('sub-back')).user.email).toBe('back@example.org');
  });

  it('PASSWORD_LOGIN=off refuses passwords (the admin key still works); OIDC_NEW_USERS=off makes nobody', async () => {
    const closed = await start({ ...suiteEnv(), PASSWORD_LOGIN: 'off', OIDC_NEW_USERS: 'off' }, clock);
    try {
      expect((await call(closed, 'GET', '/api/config')).body).toMatchObject({
        password_login: false,
        sso: { name: 'Example SSO', new_users: false },
      });
      for (const [action, body] of [
        ['login', { email: 'ada@example.org', password: 'whatever-pass' }],
        ['register', { name: 'N', email: 'n@example.org', password: 'whatever-pass' }],
        ['forgot', { email: 'ada@example.org' }],
        ['reset', { token: 'x', password: 'whatever-pass' }],
      ] as const) {
        const refused = await call(closed, 'POST', `/api/auth?action=${action}`, { body, headers: address() });
        expect([action, refused.status, refused.body]).toEqual([action, 403, { error: 'Password sign-in is off' }]);
      }
      const admin = await call(closed, 'POST', '/api/auth?action=admin', { body: { key: closed.adminKey } });
      expect(admin.status).toBe(200);
      provider.accounts.set('sub-new', { email: 'new@example.org', email_verified: true });
      expect(await signIn('sub-new', closed)).toBe('/login?sso=no-account');
    } finally {
      await closed.close();
    }
  });

  it('keeps codes, states, tokens and the client secret out of the log', () => {
    const text = logs.lines.join('\n');
    expect(text).toContain('single sign-on');
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toMatch(/code=|state=|sso=|eyJ/);
  });
});

describe('single sign-on with a provider that accepts connections and never answers', () => {
  it('sends the browser back to the login screen after 5 s, never a 5xx', async () => {
    const silent = await startSilentServer();
    const server = await startTestServer({
      env: { PUBLIC_URL, OIDC_ISSUER: `http://127.0.0.1:${silent.port}`, OIDC_CLIENT_ID: CLIENT_ID },
    });
    try {
      const began = Date.now();
      const started = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
      expect([started.status, started.headers.get('location')]).toEqual([302, '/login?sso=unavailable']);
      expect(Date.now() - began).toBeGreaterThanOrEqual(4900);
      expect(Date.now() - began).toBeLessThan(8000);
    } finally {
      await server.close();
      await silent.close();
    }
  }, 15_000);
});
