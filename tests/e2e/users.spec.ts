/**
 * The admin's Users screen against the built server: search, Disable (the user's short link then
 * answers 410 and sign-in is refused), Enable (it works again), and Delete with its confirmation.
 */
import { expect, serverForFile, test } from './fixtures';
import { adminSignIn, apiCreateLink, apiLogin, apiRegister, IP, screenshot, UA, unique, visit } from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });

test('disable, enable and delete a user from the Users screen', async ({ page, server }) => {
  const email = `${unique('dana')}@example.com`;
  await apiRegister(server, 'Dana Disabled', email, 'secret123');
  await apiRegister(server, 'Other Person', `${unique('other')}@example.com`, 'secret123');
  const session = await apiLogin(server, email, 'secret123');
  const link = await apiCreateLink(server, session.token, {
    short_code: unique('dana'),
    target_url: 'https://example.com/',
  });
  expect((await visit(server, link.short_code, UA.windows, IP.us)).status).toBe(302);

  await adminSignIn(page, server);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('searchbox', { name: 'Search users' }).fill('dana');
  await expect(page).toHaveURL(/[?&]q=dana/);
  const row = page.getByTestId(`user-row-${email}`);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('Dana Disabled');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Disable ${email}` }).click();
  await expect(row).toContainText('Disabled');
  await screenshot(page, 'users-disabled');
  expect((await visit(server, link.short_code, UA.windows, IP.us)).status).toBe(410);

  await row.getByRole('button', { name: `Enable ${email}` }).click();
  await expect(row).toContainText('Active');
  expect((await visit(server, link.short_code, UA.windows, IP.us)).status).toBe(302);

  await row.getByRole('button', { name: `Delete ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm).toContainText(`Delete Dana Disabled (${email})?`);
  // The row's figures are those of the last list load (one click then, two by now).
  await expect(confirm).toContainText(/1 link and [12] clicks? are deleted with the account/);
  await screenshot(page, 'users-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No users match')).toBeVisible();
  expect((await visit(server, link.short_code, UA.windows, IP.us)).status).toBe(404);
});
