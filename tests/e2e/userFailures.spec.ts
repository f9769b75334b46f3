/**
 * What a user sees when things go wrong: wrong password, taken email, client checks, invalid and
 * rejected links, the server unreachable, failed loads, and a stale session.
 */
import type { Page } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import {
  apiCreateLink,
  apiLogin,
  apiRegister,
  readStoredSession,
  screenshot,
  storeSession,
  unique,
} from './userHelpers';

serverForFile();
test.use({ viewport: { width: 1280, height: 860 } });

const NETWORK_ERROR = 'Network error. Please try again.';
const passwordBox = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

async function newAccount(server: ServerProcess, name = 'Grace') {
  const email = `${unique(name.toLowerCase())}@example.com`;
  const password = 'secret-123';
  await apiRegister(server, name, email, password);
  return { email, password };
}

/** A new account with one link (its short code starting `prefix`), signed in on the dashboard. */
async function onDashboardWithLink(page: Page, server: ServerProcess, prefix: string) {
  const account = await newAccount(server);
  const session = await apiLogin(server, account.email, account.password);
  const link = await apiCreateLink(server, session.token, {
    short_code: unique(prefix),
    target_url: 'https://example.com/',
  });
  await page.goto(`${server.url}/login`);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  return { session, link };
}

test('login: a wrong password shows the server message; the server down shows the network message', async ({
  page,
  server,
}) => {
  const { email } = await newAccount(server);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await passwordBox(page).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(`${server.url}/login`);
  expect(await readStoredSession(page)).toBe(null);
  await screenshot(page, 'login-wrong-password');

  await page.route('**/api/auth**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(NETWORK_ERROR);
});

test('register: client checks, a taken email, and the server down', async ({ page, server }) => {
  const { email } = await newAccount(server);
  await page.goto(`${server.url}/register`);
  await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await passwordBox(page).fill('12345');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('12346');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(passwordBox(page)).toBeFocused();
  await screenshot(page, 'register-checks');

  await passwordBox(page).fill('123456');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('123456');
  // The server's own words for a taken email, whatever they are.
  const answer = await fetch(`${server.url}/api/auth?action=register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Grace Hopper', email, password: '123456' }),
  });
  expect(answer.status).toBe(409);
  const { error } = (await answer.json()) as { error: string };
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(error);
  await expect(page).toHaveURL(`${server.url}/register`);

  await page.route('**/api/auth**', (route) => route.abort('connectionrefused'));
  await page.getByRole('textbox', { name: 'Email' }).fill(`${unique('new')}@example.com`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(NETWORK_ERROR);
});

test('links: invalid URLs, a rejected short code, failed loads and a dismissible banner', async ({ page, server }) => {
  const { session, link: taken } = await onDashboardWithLink(page, server, 'taken');

  await page.getByRole('button', { name: 'Create New Link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Short Code').fill('');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Please enter a short code')).toBeVisible();
  await expect(dialog.getByText('Please enter a target URL')).toBeVisible();
  await dialog.getByLabel('Short Code').fill('fine-code');
  await dialog.getByLabel('Target URL').fill('javascript:alert(1)');
  await dialog.getByLabel(/^Instagram exit/).check();
  await dialog.getByLabel('Exit URL').fill('example.com/exit');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.locator('.field__error')).toHaveText(['Please enter a valid URL', 'Please enter a valid URL']);
  await screenshot(page, 'link-form-invalid');

  // The server rejects what the client cannot know: a taken short code.
  await dialog.getByLabel(/^Instagram exit/).uncheck();
  await dialog.getByLabel('Short Code').fill(taken.short_code);
  await dialog.getByLabel('Target URL').fill('https://example.com/other');
  const answer = await fetch(`${server.url}/api/links/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ short_code: taken.short_code, target_url: 'https://example.com/other' }),
  });
  expect(answer.status).toBe(409);
  const { error } = (await answer.json()) as { error: string };
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(error);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Reopening starts from a clean form (all options off) with a new random short code.
  await page.getByRole('button', { name: 'Create New Link' }).click();
  await expect(dialog.getByLabel('Short Code')).toHaveValue(/^[A-Za-z0-9]{6}$/);
  await expect(dialog.getByLabel('Short Code')).not.toHaveValue(taken.short_code);
  await expect(dialog.getByLabel(/^Instagram exit/)).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A failed list load: the red banner, dismissible.
  await page.route('**/api/links/user', (route) => route.abort('connectionrefused'));
  await page.reload();
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText('Failed to load links');
  await screenshot(page, 'dashboard-load-failed');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Your links could not be loaded')).toBeVisible();
  await page.unroute('**/api/links/user');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('row').filter({ hasText: taken.short_code })).toBeVisible();

  // A failed analytics load, then Retry.
  await page.route('**/api/analytics/user**', (route) => route.abort('connectionrefused'));
  await page
    .getByRole('row')
    .filter({ hasText: taken.short_code })
    .getByRole('button', { name: 'View analytics' })
    .click();
  await expect(page.getByRole('alert')).toContainText('Failed to load analytics');
  await page.unroute('**/api/analytics/user**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.stat-card', { hasText: 'Total Clicks' }).locator('dd')).toHaveText('0');
});

test('the server going away mid-session: save and delete show the network message', async ({ page }) => {
  const own = await startServerProcess();
  try {
    const { link } = await onDashboardWithLink(page, own, 'gone');
    await expect(page.getByRole('row').filter({ hasText: link.short_code })).toBeVisible();

    expect(await own.stop()).toBe(0);

    await page.getByRole('button', { name: 'Create New Link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Short Code').fill('while-down');
    await dialog.getByLabel('Target URL').fill('https://example.com/down');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(NETWORK_ERROR);
    await screenshot(page, 'link-form-server-down');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('row').filter({ hasText: link.short_code }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert')).toHaveText(NETWORK_ERROR);
    await expect(page.getByRole('row').filter({ hasText: link.short_code })).toBeVisible();
  } finally {
    if (own.child.exitCode === null) await own.stop();
  }
});

test('/dashboard without a session, or with a revoked one, goes to /login', async ({ page, server }) => {
  await page.goto(`${server.url}/dashboard`);
  await expect(page).toHaveURL(`${server.url}/login`);

  const account = await newAccount(server);
  const session = await apiLogin(server, account.email, account.password);
  await fetch(`${server.url}/api/auth?action=logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
  });
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await expect(page).toHaveURL(`${server.url}/login`);
  expect(await readStoredSession(page)).toBe(null);

  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'userSession',
      '{not json',
    ),
  );
  await page.goto(`${server.url}/dashboard`);
  await expect(page).toHaveURL(`${server.url}/login`);
});
