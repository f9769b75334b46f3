/**
 * Accounts an operator can run (docs/api.md#accounts) in the browser against the built server: the
 * administrator adds a user without a password and hands out the invitation link, which opens
 * /reset/<token>, sets the password and signs in; a reset link does the same for an existing
 * account and ends its other sessions; the user's Account screen changes name and password, lists
 * and ends sessions and deletes the account; the login screen's "Forgot password?" says the
 * administrator resets when the server sends no mail.
 */
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiLogin,
  apiSignedInUser,
  expectAccessibleInBothThemes,
  screenshot,
  storeSession,
  unique,
} from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });

async function shownLink(page: import('@playwright/test').Page, title: RegExp): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const url = await dialog.getByRole('textbox').inputValue();
  expect(url).toMatch(/\/reset\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  return url;
}

test('an invited user chooses a password through the link and lands signed in', async ({ page, server }) => {
  const email = `${unique('ivy')}@example.com`;
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/users`);
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ivy Invited');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await screenshot(page, 'users-add');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const url = await shownLink(page, /Invitation link for/);
  await screenshot(page, 'users-invitation-link');
  await page
    .getByRole('dialog', { name: /Invitation link for/ })
    .getByRole('button', { name: 'Close' })
    .last()
    .click();
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('Ivy Invited');
  // No password yet: invited, not active (docs/api.md#users).
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('Invited');
  await expect(page.getByTestId(`user-row-${email}`)).not.toContainText('Active');

  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Choose a Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('abc');
  await page.getByLabel('Confirm Password').fill('abc');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('ivy-chosen-pw');
  await page.getByLabel('Confirm Password').fill('ivy-chosen-pw');
  await screenshot(page, 'reset-page');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Ivy Invited')).toBeVisible();
  expect((await apiLogin(server, email, 'ivy-chosen-pw')).user.email).toBe(email);

  // Used once: the same link again is refused.
  await page.goto(url);
  await page.getByLabel('New Password').fill('another-pw');
  await page.getByLabel('Confirm Password').fill('another-pw');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('This link is no longer valid: ask for a new one')).toBeVisible();
});

test('a reset link from the Users screen sets a new password and ends the other sessions', async ({ page, server }) => {
  const old = await apiSignedInUser(server, 'Rex Reset', 'rex');
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/users?q=${encodeURIComponent(old.user.email)}`);
  await page.getByRole('button', { name: `Reset link ${old.user.email}` }).click();
  const url = await shownLink(page, /Reset link for/);
  await page.goto(url);
  await page.getByLabel('New Password').fill('rex-new-pw');
  await page.getByLabel('Confirm Password').fill('rex-new-pw');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Welcome, Rex Reset')).toBeVisible();
  const before = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${old.token}` } });
  expect(before.status).toBe(401);
});

test('the Account screen changes name and password, ends sessions and deletes the account', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  const ann = await apiSignedInUser(server, 'Ann Account', 'ann', 'ann-first-pw');
  // Signed in from a Windows Chrome in Ashburn (the proxy is trusted): the list names both.
  const other = await apiLogin(server, ann.user.email, 'ann-first-pw', {
    'User-Agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'X-Forwarded-For': '3.3.3.3',
  });
  const third = await apiLogin(server, ann.user.email, 'ann-first-pw');
  await page.goto(server.url);
  await storeSession(page, ann);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await expect(dialog.getByRole('region', { name: 'Sessions' }).getByRole('row')).toHaveCount(5);
  await expect(dialog.getByText('This session')).toBeVisible();
  const fromChrome = dialog.getByRole('row').filter({ hasText: 'Chrome on Windows' });
  await expect(fromChrome).toContainText('Ashburn, United States');
  await screenshot(page, 'account-screen');

  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ann Renamed');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Your account is saved.')).toBeVisible();
  await expect(page.getByText('Welcome, Ann Renamed')).toBeVisible();

  // One session ended by its own button.
  const sessions = dialog.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'End', exact: true }).first().click();
  await expect(sessions.getByRole('row')).toHaveCount(4);

  await dialog.getByLabel('New Password', { exact: true }).fill('ann-second-pw');
  await dialog.getByLabel('Confirm New Password').fill('ann-second-pw');
  await dialog.getByLabel('Current Password').fill('wrong-one');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();
  await dialog.getByLabel('Current Password').fill('ann-first-pw');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Every other session has ended.')).toBeVisible();
  // At once, without reading the page again.
  await expect(sessions.getByRole('row')).toHaveCount(2);
  for (const token of [other.token, third.token]) {
    const answer = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(401);
  }
  await page.reload();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(sessions.getByRole('button', { name: 'End all others' })).toBeDisabled();
  await apiLogin(server, ann.user.email, 'ann-second-pw');
  await page.reload();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await sessions.getByRole('button', { name: 'End all others' }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Delete account...' }).click();
  await dialog.getByLabel('Password to confirm').fill('not-it');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The current password is wrong')).toBeVisible();
  await dialog.getByLabel('Password to confirm').fill('ann-second-pw');
  await screenshot(page, 'account-delete');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const gone = await fetch(`${server.url}/api/auth?action=login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ann.user.email, password: 'ann-second-pw' }),
  });
  expect(gone.status).toBe(401);
});

test('the Account dialog with only this session passes axe at 1,280 px in both themes', async ({ page, server }) => {
  test.setTimeout(120_000);
  const ada = await apiSignedInUser(server, 'Ada Alone', 'ada-alone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await storeSession(page, ada);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  const end = dialog.getByRole('button', { name: 'End all others' });
  await expect(dialog.getByText('This session')).toBeVisible();
  if (await end.isEnabled()) await end.click();
  // No End button left: the table holds nothing focusable, and may still be wider than its box.
  const table = dialog.getByRole('region', { name: 'Where you are signed in' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(table).toHaveAttribute('tabindex', '0');
  await expectAccessibleInBothThemes(page, 'Account dialog, one session, 1,280 px', 'dialog[open]');
});

test('forgot password says the administrator resets when the server sends no mail', async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('ask its administrator for a link to reset your password')).toBeVisible();
  await screenshot(page, 'login-forgot-no-mail');
});
