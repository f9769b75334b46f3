/**
 * An account single sign-on made, on the Account screen in Chromium
 * (docs/api.md#confirming-without-a-password), against a real OpenID Connect provider on loopback:
 * the email change and the Delete Account dialog ask for no password; with a session older than 10
 * minutes (its start moved back in the database) the dialog says to sign in again and offers the
 * provider's button, after which the account deletes itself; the dialog speaks Spanish too.
 */

import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { RECENT_SIGN_IN_MS } from '../../redirector/contract/account';
import { SQLITE_FILE } from '../../redirector/storage/sqliteFile';
import { startTestProvider, type TestProvider } from '../helpers/oidcProvider';
import { freePort, type ServerProcess } from '../helpers/serverProcess';
import { test as base, expect } from './fixtures';
import { expectAccessibleInBothThemes, unique } from './userHelpers';

interface ProviderFixture {
  provider: TestProvider;
  publicUrl: string;
  ssoEnv: Record<string, string>;
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
      const ssoEnv = {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'me-shortener',
        OIDC_CLIENT_SECRET: 'provider-issued-client-secret-7f3a9c',
        OIDC_NAME: 'Example SSO',
        PASSWORD_LOGIN: 'off',
      };
      await use({ provider, publicUrl, ssoEnv });
      await provider.stop();
    },
    { scope: 'worker' },
  ],
});

test.beforeAll(async ({ fileServer, sso }, testInfo) => {
  await fileServer.startFor(testInfo.file, sso.ssoEnv);
});

/** A new person at the provider signed in through the login screen's button: their email. */
async function signInNewPerson(page: Page, server: ServerProcess, sso: ProviderFixture, name: string) {
  const sub = unique('sub');
  const email = `${sub}@example.org`;
  sso.provider.accounts.set(sub, { email, email_verified: true, name });
  sso.provider.signInAs(sub);
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with Example SSO' }).click();
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
  return email;
}

/** Moves the start of every session of the account back past RECENT_SIGN_IN_MS, as if signed in long ago. */
function ageSessions(server: ServerProcess, email: string) {
  const db = new Database(path.join(server.dataDir, SQLITE_FILE));
  try {
    db.prepare(
      'UPDATE sessions SET created_at = created_at - ? WHERE user_id = (SELECT id FROM users WHERE email = ?)',
    ).run(RECENT_SIGN_IN_MS + 60_000, email);
  } finally {
    db.close();
  }
}

const accountExists = async (server: ServerProcess, email: string) => {
  const answer = await fetch(`${server.url}/api/users?q=${encodeURIComponent(email)}`, {
    headers: { 'X-API-Key': server.adminKey },
  });
  return ((await answer.json()) as { total: number }).total === 1;
};

test('an account made by single sign-on changes its email and deletes itself without a password', async ({
  page,
  server,
  sso,
}) => {
  const email = await signInNewPerson(page, server, sso, 'Sam Single');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await expect(dialog.getByText('Your account has no password: an email change is confirmed')).toBeVisible();
  await expect(dialog.getByLabel('Current Password')).toHaveCount(0);
  const moved = email.replace('@', '-moved@');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(moved);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Your account is saved.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Delete account...' }).click();
  await expect(dialog.getByLabel('Password to confirm')).toHaveCount(0);
  await expect(dialog.getByText('signing in within the last 10 minutes confirms it')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // Signed out of this app, then at the provider as Logout does for its sessions.
  await expect(page).toHaveURL(new RegExp(`^${sso.provider.issuer}/session/end`));
  expect(await accountExists(server, moved)).toBe(false);
});

test('past 10 minutes the dialog offers the provider’s button, and the sign-in it gives deletes the account', async ({
  page,
  server,
  sso,
}) => {
  const email = await signInNewPerson(page, server, sso, 'Old Session');
  ageSessions(server, email);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await dialog.getByRole('button', { name: 'Delete account...' }).click();
  await expect(dialog.getByText('to confirm, sign in again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  expect(await accountExists(server, email)).toBe(true);
  await expectAccessibleInBothThemes(page, 'Account dialog, sign in again to delete', 'dialog[open]');

  // The same start as the login screen's: back on the dashboard with a fresh session.
  await dialog.getByRole('link', { name: 'Sign in with Example SSO' }).click();
  await expect(page).toHaveURL(`${sso.publicUrl}/dashboard`);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete account...' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  // Signed out of this app, then at the provider as Logout does for its sessions.
  await expect(page).toHaveURL(new RegExp(`^${sso.provider.issuer}/session/end`));
  expect(await accountExists(server, email)).toBe(false);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('the dialog asks to sign in again in Spanish', async ({ page, server, sso }) => {
    const sub = unique('sub');
    const email = `${sub}@example.org`;
    sso.provider.accounts.set(sub, { email, email_verified: true, name: 'Sol Antiguo' });
    sso.provider.signInAs(sub);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Iniciar sesión con Example SSO' }).click();
    await expect(page).toHaveURL(`${sso.publicUrl}/dashboard`);
    ageSessions(server, email);
    await page.getByRole('button', { name: 'Cuenta', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuenta' });
    await dialog.getByRole('button', { name: 'Eliminar cuenta...' }).click();
    await expect(dialog.getByText('para confirmar, inicia sesión de nuevo')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Iniciar sesión con Example SSO' })).toBeVisible();
  });
});
