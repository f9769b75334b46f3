/**
 * Single sign-on in Chromium through the login screen (docs/api.md#single-sign-on), against a real
 * OpenID Connect provider (oidc-provider) the test runs on loopback: the button goes to the
 * provider and back to the dashboard, the second sign-in finds the same account, signing out goes
 * to the provider's sign-out, a verified email signs in to the account made with a password and an
 * unverified one is sent back and links nothing, an ID token for another audience or expired and a tampered or
 * replayed state come back to the login screen saying sign-in failed, a key rotated in signs the
 * next sign-in and one the provider no longer publishes nothing, groups give a team role and the
 * administrator screens and the next sign-in without them takes both away, a stopped provider
 * leaves the login screen saying so with password sign-in working, PASSWORD_LOGIN=off hides
 * passwords (the reset page too), and the button speaks Spanish.
 */
import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../helpers/oidcProvider';
import { freePort, type ServerProcess, startServerProcess } from '../helpers/serverProcess';
import { test as base, expect } from './fixtures';
import { adminSignIn, apiRegister, apiSignedInUser, apiUserCall, unique } from './userHelpers';

interface ProviderFixture {
  provider: TestProvider;
  /** The server's own origin, registered at the provider before the server starts. */
  publicUrl: string;
  ssoEnv: Record<string, string>;
  /** The team OIDC_TEAM_GROUPS names (group `news-desk` → editor); made by a test, one per worker. */
  teamSlug: string;
}

const test = base.extend<object, { sso: ProviderFixture }>({
  sso: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for
    async ({}, use) => {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const provider = await startTestProvider({
        redirectUris: [`${publicUrl}/api/auth/oidc/callback`],
        postLogoutRedirectUris: [`${publicUrl}/login`],
      });
      const teamSlug = unique('newsroom');
      const ssoEnv = {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'me-shortener',
        OIDC_CLIENT_SECRET: 'provider-issued-client-secret-7f3a9c',
        OIDC_NAME: 'Example SSO',
        OIDC_ADMIN_GROUPS: 'me-admins',
        OIDC_TEAM_GROUPS: `news-desk=${teamSlug}:editor`,
      };
      await use({ provider, publicUrl, ssoEnv, teamSlug });
      await provider.stop();
    },
    { scope: 'worker' },
  ],
});

// This file's server, started with the provider's settings (tests/e2e/fixtures.ts's serverForFile).
test.beforeAll(async ({ fileServer, sso }, testInfo) => {
  await fileServer.startFor(testInfo.file, sso.ssoEnv);
});

/** A new person at the provider, with a verified address `<sub>@example.org`: the one it signs in next. Their sub. */
function personAtProvider(sso: ProviderFixture, prefix: string, name: string): string {
  const sub = unique(prefix);
  sso.provider.accounts.set(sub, { email: `${sub}@example.org`, email_verified: true, name });
  sso.provider.signInAs(sub);
  return sub;
}

/** The login screen's "Sign in with Example SSO", followed to wherever the provider sends the browser back. */
async function signInWithSso(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with Example SSO' }).click();
}

test('the button signs in through the provider, the second time into the same account, and signs out there', async ({
  page,
  server,
  sso,
}) => {
  const sub = personAtProvider(sso, 'sub', 'Ada Lovelace');

  await signInWithSso(page, server);
  await expect(page).toHaveURL(`${sso.publicUrl}/dashboard`);
  await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
  // Nothing of the hand-off is left in the address or its history entry.
  expect(page.url()).not.toContain('sso=');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sso.provider.issuer}/session/end`));

  sso.provider.accounts.set(sub, { email: `${sub}@example.org`, email_verified: true, name: 'Ada L.' });
  await signInWithSso(page, server);
  // Found by sub: the account keeps its name, nothing new was made.
  await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
});

test('a verified email signs in to the existing account; an unverified one is sent back and makes nothing', async ({
  page,
  server,
  sso,
}) => {
  const grace = `${unique('grace')}@example.org`;
  await apiRegister(server, 'Grace Hopper', grace, 'grace-password-1');
  const sub = unique('sub');
  sso.provider.accounts.set(sub, { email: grace.toUpperCase(), email_verified: true, name: 'G. H.' });
  sso.provider.signInAs(sub);
  await signInWithSso(page, server);
  // Linked: the account made with a password, under its own name.
  await expect(page.getByText('Welcome, Grace Hopper')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sso.provider.issuer}/session/end`));
  // Another person at the provider: its sign-in session (a cookie) is not Grace's.
  await page.context().clearCookies();

  const linus = `${unique('linus')}@example.org`;
  await apiRegister(server, 'Linus Password', linus, 'linus-password-1');
  const other = unique('sub');
  sso.provider.accounts.set(other, { email: linus, email_verified: false, name: 'Not Linus' });
  sso.provider.signInAs(other);
  await signInWithSso(page, server);
  await expect(page).toHaveURL(/\/login\?sso=email-taken$/);
  await expect(page.getByText('has not verified that address')).toBeVisible();
  // Nothing was made or linked: the password still opens Linus's own account.
  await page.getByRole('textbox', { name: 'Email' }).fill(linus);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('linus-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, Linus Password')).toBeVisible();
});

test('a refused ID token, a tampered and a replayed state land on the login screen saying sign-in failed; nothing is made', async ({
  page,
  server,
  sso,
}) => {
  const email = `${personAtProvider(sso, 'mallory', 'Mallory')}@example.org`;
  const failed = async () => {
    await expect(page).toHaveURL(`${sso.publicUrl}/login?sso=failed`);
    await expect(page.getByText('Sign-in failed. Please try again.')).toBeVisible();
  };
  const refusals = [
    (token: string) => sso.provider.resign(token, { aud: 'another-client' }),
    (token: string) => sso.provider.resign(token, { exp: Math.floor(Date.now() / 1000) - 120 }),
  ];
  try {
    for (const rewrite of refusals) {
      sso.provider.rewriteIdToken = rewrite;
      await signInWithSso(page, server);
      await failed();
    }
  } finally {
    sso.provider.rewriteIdToken = undefined;
  }
  const users = await fetch(`${server.url}/api/users?q=${encodeURIComponent(email)}`, {
    headers: { 'X-API-Key': server.adminKey },
  });
  expect(((await users.json()) as { total: number }).total).toBe(0);

  // A good sign-in; then its callback address, tampered or as it was, in a browser of its own.
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/oidc/callback')) callbacks.push(request.url());
  });
  await page.getByRole('link', { name: 'Sign in with Example SSO' }).click();
  await expect(page.getByText('Welcome, Mallory')).toBeVisible();
  const [callback = ''] = callbacks;
  const tampered = new URL(callback);
  tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
  const other = await page.context().browser()?.newContext();
  const attacker = await other?.newPage();
  if (!attacker) throw new Error('no second browser context');
  for (const address of [tampered.href, callback]) {
    await attacker.goto(address);
    await expect(attacker).toHaveURL(`${sso.publicUrl}/login?sso=failed`);
    await expect(attacker.getByText('Sign-in failed. Please try again.')).toBeVisible();
  }
  await other?.close();
});

test('a rotated key: the next sign-in works; a token signed with a key the provider no longer publishes is refused', async ({
  page,
  server,
  sso,
}) => {
  personAtProvider(sso, 'rota', 'Rita Rota');
  const signIn = async () => {
    await signInWithSso(page, server);
  };
  // The server has just read the provider's keys; the new one is unknown to it.
  await signIn();
  await expect(page.getByText('Welcome, Rita Rota')).toBeVisible();
  sso.provider.rotateKey();
  await signIn();
  await expect(page.getByText('Welcome, Rita Rota')).toBeVisible();
  sso.provider.retireOldKeys();
  try {
    sso.provider.rewriteIdToken = (token) => sso.provider.resign(token, {}, 'retired');
    await signIn();
    await expect(page).toHaveURL(`${sso.publicUrl}/login?sso=failed`);
    await expect(page.getByText('Sign-in failed. Please try again.')).toBeVisible();
  } finally {
    sso.provider.rewriteIdToken = undefined;
  }
});

test('groups give a team role and the administrator screens, the next sign-in without them takes both away; signing out ends the administrator session', async ({
  page,
  server,
  sso,
}) => {
  const owner = await apiSignedInUser(server, 'Olga Owner', 'sso-team-owner');
  const made = await apiUserCall(server, owner.token, 'POST', '/api/teams', { name: 'Newsroom', slug: sso.teamSlug });
  expect(made.status).toBe(201);
  const sub = unique('admin');
  sso.provider.signInAs(sub);
  const signInWith = async (groups: string[]) => {
    sso.provider.accounts.set(sub, { email: `${sub}@example.org`, email_verified: true, name: 'Root', groups });
    await signInWithSso(page, server);
    await expect(page.getByText('Welcome, Root')).toBeVisible();
  };
  const adminKey = async () => (await page.evaluate<string | null>("localStorage.getItem('apiKey')")) ?? '';
  const usersWith = (key: string) => fetch(`${server.url}/api/users`, { headers: { 'X-API-Key': key } });
  const switcher = page.getByRole('combobox', { name: 'Team' });
  const adminHeading = page.getByRole('heading', { level: 1, name: 'Analytics Dashboard', exact: true });

  await signInWith(['me-admins', 'news-desk']);
  await switcher.selectOption({ label: 'Newsroom' });
  await page.getByRole('button', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Team' }).getByTestId('team-role')).toHaveText(
    'Your role here: Editor.',
  );
  await page.goto(`${server.url}/admin`);
  await expect(adminHeading).toBeVisible();
  const given = await adminKey();
  expect((await usersWith(given)).status).toBe(200);

  // The groups gone at the provider: the next sign-in takes the team and the administrator session away.
  await signInWith([]);
  await expect(switcher.locator('option')).toHaveText(['Root (personal)']);
  expect((await usersWith(given)).status).toBe(401);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);

  // Given again; signing out of the dashboard ends the administrator session single sign-on gave, too.
  await signInWith(['me-admins']);
  const again = await adminKey();
  expect((await usersWith(again)).status).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sso.provider.issuer}/session/end`));
  expect((await usersWith(again)).status).toBe(401);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
});

test('a stopped provider: the login screen says single sign-on is unavailable, and passwords still work', async ({
  page,
  server,
  sso,
}) => {
  const email = `${unique('pw')}@example.com`;
  await apiRegister(server, 'Pat', email, 'pat-password');
  await sso.provider.stop();
  try {
    await signInWithSso(page, server);
    await expect(page.getByText('Single sign-on is unavailable right now')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('pat-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Welcome, Pat')).toBeVisible();
  } finally {
    await sso.provider.start();
  }
});

test("PASSWORD_LOGIN=off hides the password form, registration and the new user's password; the server refuses them too", async ({
  page,
  server,
  sso,
}) => {
  const env = Object.fromEntries(Object.entries(sso.ssoEnv).filter(([name]) => name !== 'PORT'));
  const closed = await startServerProcess({ env: { ...env, PASSWORD_LOGIN: 'off' } });
  try {
    // The same screen on the server with passwords on has the field: its absence below is the setting's.
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await page.goto(`${closed.url}/login`);
    await expect(page.getByText('Password sign-in is off on this server: sign in with Example SSO.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Example SSO' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    // A reset or invitation link says so too, and offers the provider instead of a new password.
    await page.goto(`${closed.url}/reset/an-old-reset-token`);
    await expect(page.getByText('Password sign-in is off on this server: sign in with Example SSO.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with Example SSO' })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await page.goto(`${closed.url}/register`);
    await expect(page.getByText('Accounts come from single sign-on')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    const refused = await fetch(`${closed.url}/api/auth?action=login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever-pass' }),
    });
    expect([refused.status, await refused.json()]).toEqual([403, { error: 'Password sign-in is off' }]);
    // The administrator's "Add user" asks for no password, which could never be used: the provider
    // signs its owner in (the same dialog with passwords on has the field).
    const addUser = async (target: { url: string }) => {
      await page.goto(`${target.url}/admin/users`);
      await page.getByRole('button', { name: 'Add user' }).click();
      return page.getByRole('dialog', { name: 'Add user' });
    };
    await adminSignIn(page, server);
    await expect((await addUser(server)).getByLabel('Password', { exact: true })).toBeVisible();
    await adminSignIn(page, closed);
    const dialog = await addUser(closed);
    await expect(
      dialog.getByText(
        'People sign in here only with Example SSO, so there is no password to set: their first sign-in with this email, verified by the provider, opens this account.',
      ),
    ).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
    // Nor does a row offer a reset link, whose page could set no password; the server refuses one
    // (an invitation still goes: its mail says to sign in with the provider).
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Rhea Row');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('rhea@example.com');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page
      .getByRole('dialog', { name: /Invitation link for/ })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    const row = page.getByTestId('user-row-rhea@example.com');
    await expect(row.getByRole('button', { name: 'Invitation link rhea@example.com' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reset link rhea@example.com' })).toHaveCount(0);
    const asAdmin = { 'X-API-Key': closed.adminKey };
    const listed = (await (await fetch(`${closed.url}/api/users?q=rhea`, { headers: asAdmin })).json()) as {
      users: { id: number }[];
    };
    const reset = await fetch(`${closed.url}/api/users/reset?id=${listed.users[0]!.id}`, {
      method: 'POST',
      headers: asAdmin,
    });
    expect([reset.status, await reset.json()]).toEqual([403, { error: 'Password sign-in is off' }]);
  } finally {
    await closed.stop();
  }
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('the button and the reason a sign-in came back speak Spanish', async ({ page, server }) => {
    await page.goto(`${server.url}/login?sso=failed`);
    await expect(page.getByRole('link', { name: 'Iniciar sesión con Example SSO' })).toBeVisible();
    await expect(page.getByText('No se pudo iniciar sesión. Inténtalo de nuevo.')).toBeVisible();
  });
});
