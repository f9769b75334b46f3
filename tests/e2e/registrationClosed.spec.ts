/**
 * REGISTRATION=closed: the Create Account screen says so instead of offering a form the server would
 * refuse, and neither the landing page nor the sign-in screen offers the way there. With single
 * sign-on it says instead that signing in with the provider makes an account (docs/api.md#pages).
 */
import { startServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import { screenshot, unique } from './userHelpers';

serverForFile({ REGISTRATION: 'closed' });

test('the Create Account screen says registration is closed, and the server refuses it too', async ({
  page,
  server,
}) => {
  await page.goto(server.url);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveCount(0);
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create one' })).toHaveCount(0);
  await page.goto(`${server.url}/register`);
  await expect(page.getByText('Registration is closed')).toBeVisible();
  await expect(page.getByText('accounts are made by its administrator')).toBeVisible();
  await expect(page.getByText('Ask its administrator for an account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'register-closed');

  const response = await fetch(`${server.url}/api/auth?action=register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Eve', email: `${unique('eve')}@example.com`, password: 'secret-123' }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: 'Registration is closed' });
});

// Discovery waits for the first sign-in (docs/api.md#single-sign-on): the screen needs no provider answering.
const SSO_ENV = {
  REGISTRATION: 'closed',
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'me-shortener',
  OIDC_NAME: 'Example SSO',
};

/** Runs `visit` against a server process of its own started with `env`, and stops it however `visit` ends. */
async function withServer(env: Record<string, string>, visit: (url: string) => Promise<void>): Promise<void> {
  const started = await startServerProcess({ env });
  try {
    await visit(started.url);
  } finally {
    await started.stop();
  }
}

test('with single sign-on, the closed screen says signing in with the provider makes the account', async ({ page }) => {
  await withServer(SSO_ENV, async (url) => {
    await page.goto(`${url}/register`);
    await expect(page.getByText('Registration is closed')).toBeVisible();
    await expect(
      page.getByText(
        'New accounts cannot be created with a password on this server. Sign in with Example SSO on the sign-in screen: signing in makes your account.',
      ),
    ).toBeVisible();
    await expect(page.getByText('accounts are made by its administrator')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the sign-in screen' }).click();
    await expect(page).toHaveURL(`${url}/login`);
    await expect(page.getByRole('link', { name: 'Sign in with Example SSO' })).toBeVisible();
  });
});

test('with single sign-on that makes no accounts (OIDC_NEW_USERS=off), the administrator makes them', async ({
  page,
}) => {
  await withServer({ ...SSO_ENV, OIDC_NEW_USERS: 'off' }, async (url) => {
    await page.goto(`${url}/register`);
    await expect(page.getByText('Registration is closed')).toBeVisible();
    await expect(page.getByText('accounts are made by its administrator')).toBeVisible();
    await expect(page.getByText('signing in makes your account')).toHaveCount(0);
  });
  await withServer({ ...SSO_ENV, OIDC_NEW_USERS: 'off', PASSWORD_LOGIN: 'off' }, async (url) => {
    await page.goto(`${url}/register`);
    await expect(page.getByText('Accounts come from single sign-on')).toBeVisible();
    await expect(
      page.getByText(
        'Accounts on this server are made by its administrator. Once yours is made, sign in with Example SSO on the sign-in screen.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  });
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('the closed screen with single sign-on speaks Spanish', async ({ page }) => {
    await withServer(SSO_ENV, async (url) => {
      await page.goto(`${url}/register`);
      await expect(
        page.getByText('Inicia sesión con Example SSO en la pantalla de inicio de sesión', { exact: false }),
      ).toBeVisible();
      await expect(page.getByText('las crea su administrador')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Ir a la pantalla de inicio de sesión' })).toBeVisible();
    });
  });
});
