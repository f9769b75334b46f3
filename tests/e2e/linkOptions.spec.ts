/**
 * Link options through the one link form in Chromium against the built server: every option set in
 * the user's dialog and read back by the API and the edit dialog, the UTM helper, the password flow
 * a visitor goes through, and the admin pages' create and edit. The browser runs in New York time,
 * so the expiry's conversion to UTC shows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiAdminLinkByCode,
  apiSignedInUser,
  apiUserLink,
  openCreateLinkDialog,
  screenshot,
  unique,
} from './userHelpers';

serverForFile();
test.use({ timezoneId: 'America/New_York' });

/** The shop the links lead to: a real server on this machine, so the browser follows real redirects. */
let shop: http.Server;
let TARGET: string;

test.beforeAll(async () => {
  shop = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Spring shop</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  TARGET = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/spring?ref=bio`;
});

test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

/** Opens a folded section of the form by its title. */
async function openSection(page: Page, title: string) {
  const section = page.locator('details.form-section').filter({ has: page.getByText(title, { exact: true }) });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  return section;
}

test('the user dialog sets every option, the UTM helper edits the target, and edit shows it all', async ({
  page,
  server,
}) => {
  const session = await apiSignedInUser(server, 'Olga Options', 'options', 'secret-123');
  const shortCode = unique('spring');
  const dialog = await openCreateLinkDialog(page, server.url, session);
  await dialog.getByLabel('Short Code').fill(shortCode);
  await dialog.getByLabel('Target URL').fill(TARGET);
  await dialog.getByLabel('Title').fill('Spring sale');

  // UTM: written into the target's query, other parameters kept; read back when the target is edited.
  await openSection(page, 'UTM parameters');
  await dialog.getByLabel('Source').fill('newsletter');
  await dialog.getByLabel('Medium').fill('email');
  await dialog.getByLabel('Campaign').fill('spring sale');
  const target = dialog.getByLabel('Target URL');
  await expect(target).toHaveValue(`${TARGET}&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale`);
  await target.fill(`${await target.inputValue()}&utm_term=shoes`);
  await expect(dialog.getByLabel('Term')).toHaveValue('shoes');
  await dialog.getByLabel('Medium').fill('');
  const tagged = `${TARGET}&utm_source=newsletter&utm_campaign=spring%20sale&utm_term=shoes`;
  await expect(target).toHaveValue(tagged);

  await dialog.getByLabel('Forward query parameters').uncheck();
  await openSection(page, 'Expiry and click limit');
  await dialog.getByLabel('Expires at').fill('2030-06-01T09:30');
  await dialog.getByLabel('Click limit').fill('100');
  await dialog.getByLabel('Expired-link address').fill('https://shop.example/ended');
  await openSection(page, 'Password');
  await dialog.getByRole('button', { name: 'Set a password' }).click();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await openSection(page, 'Device targets');
  await dialog.getByLabel('iOS address').fill('https://apps.apple.com/app/id42');
  await dialog.getByLabel('Android address').fill('https://play.google.com/store/apps/details?id=shop');
  await openSection(page, 'Country targets');
  await dialog.getByRole('button', { name: 'Add a country' }).click();
  await dialog.getByRole('button', { name: 'Add a country' }).click();
  await dialog.getByLabel('Country 1', { exact: true }).selectOption({ label: 'Germany' });
  await dialog.getByLabel('Address for country 1').fill('https://shop.example/de');
  await dialog.getByLabel('Country 2', { exact: true }).selectOption({ label: 'France' });
  await dialog.getByLabel('Address for country 2').fill('not an address');

  // The client checks speak the server's words and hold the form back.
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Password must be 4 to 128 characters')).toBeVisible();
  await expect(dialog.getByText('France: Please enter a valid URL')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('open-sesame');
  // Fixing a refused field leaves its section open.
  await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await dialog.getByLabel('Address for country 2').fill('https://shop.example/fr');
  await screenshot(page, 'link-options-form');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: shortCode });
  for (const badge of ['Expires', 'Limit 100', 'Password', 'Device', 'Countries 2']) {
    await expect(row.getByText(badge, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'link-options-dashboard');

  const id = Number(await row.getAttribute('data-link-id'));
  const stored = await apiUserLink(server, session.token, id);
  expect(stored).toMatchObject({
    target_url: tagged,
    forward_query: false,
    // 09:30 in New York in June (EDT, UTC-4).
    expires_at: '2030-06-01T13:30:00.000Z',
    max_clicks: 100,
    expired_url: 'https://shop.example/ended',
    has_password: true,
    ios_url: 'https://apps.apple.com/app/id42',
    android_url: 'https://play.google.com/store/apps/details?id=shop',
    geo_targets: { DE: 'https://shop.example/de', FR: 'https://shop.example/fr' },
  });
  expect(stored).not.toHaveProperty('password');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Link' });
  await expect(edit.getByLabel('Target URL')).toHaveValue(tagged);
  await expect(edit.getByLabel('Campaign')).toHaveValue('spring sale');
  await expect(edit.getByLabel('Forward query parameters')).not.toBeChecked();
  await expect(edit.getByLabel('Expires at')).toHaveValue('2030-06-01T09:30');
  await expect(edit.getByLabel('Click limit')).toHaveValue('100');
  await expect(edit.getByLabel('Expired-link address')).toHaveValue('https://shop.example/ended');
  await expect(edit.getByText('Protected', { exact: true }).last()).toBeVisible();
  await expect(edit.locator('input[type="password"]')).toHaveCount(0);
  await expect(edit.getByLabel('iOS address')).toHaveValue('https://apps.apple.com/app/id42');
  await expect(edit.getByLabel('Country 1', { exact: true })).toHaveValue('DE');
  await expect(edit.getByLabel('Address for country 2')).toHaveValue('https://shop.example/fr');
  await screenshot(page, 'link-options-edit');

  // A visitor meets the password form; a wrong password is refused, the right one leads on.
  const visitor = await page.context().newPage();
  await visitor.goto(`${server.url}/${shortCode}`);
  await expect(visitor.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await visitor.getByLabel('Password').fill('open sesame');
  const [wrong] = await Promise.all([
    visitor.waitForResponse((response) => response.request().method() === 'POST'),
    visitor.getByRole('button', { name: 'Open link' }).click(),
  ]);
  expect(wrong.status()).toBe(401);
  await expect(visitor.getByText('Wrong password')).toBeVisible();
  await screenshot(visitor, 'link-options-wrong-password');
  await visitor.getByLabel('Password').fill('open-sesame');
  await visitor.getByRole('button', { name: 'Open link' }).click();
  await expect(visitor.getByRole('heading', { name: 'Spring shop' })).toBeVisible();
  expect(visitor.url()).toBe(tagged);

  // Removing the password in the edit dialog opens the link to everyone.
  await edit.getByRole('button', { name: 'Remove password' }).click();
  await expect(edit.getByText('The password will be removed when you save.')).toBeVisible();
  await edit.getByRole('button', { name: 'Update Link' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('Password', { exact: true })).toHaveCount(0);
  expect((await apiUserLink(server, session.token, id)).has_password).toBe(false);
  await visitor.goto(`${server.url}/${shortCode}`);
  await expect(visitor.getByRole('heading', { name: 'Spring shop' })).toBeVisible();
});

test('the admin create and edit pages set, show and change the options', async ({ page, server }) => {
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/create`);
  const shortCode = await page.getByLabel('Short Code').inputValue();
  await page.getByLabel('Target URL').fill('https://shop.example/autumn');
  await page.getByLabel('Title').fill('Autumn');
  await openSection(page, 'Expiry and click limit');
  await page.getByLabel('Click limit').fill('5');
  await openSection(page, 'Password');
  await page.getByRole('button', { name: 'Set a password' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-one');
  await openSection(page, 'Country targets');
  await page.getByRole('button', { name: 'Add a country' }).click();
  await page.getByLabel('Country 1', { exact: true }).selectOption('JP');
  await page.getByLabel('Address for country 1').fill('https://shop.example/jp');
  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page).toHaveURL(/\/admin\/links$/);

  const row = page.getByTestId(`link-row-${shortCode}`);
  for (const badge of ['Limit 5', 'Password', 'Countries 1']) {
    await expect(row.getByText(badge, { exact: true })).toBeVisible();
  }
  await screenshot(page, 'link-options-admin-list');
  const created = await apiAdminLinkByCode(server, shortCode);
  expect(created).toMatchObject({
    forward_query: true,
    max_clicks: 5,
    has_password: true,
    expires_at: null,
    geo_targets: { JP: 'https://shop.example/jp' },
  });

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Click limit')).toHaveValue('5');
  await expect(page.getByText('Protected', { exact: true }).last()).toBeVisible();
  await expect(page.getByLabel('Country 1', { exact: true })).toHaveValue('JP');
  await expect(page.getByLabel('Forward query parameters')).toBeChecked();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('textbox', { name: 'New password' }).fill('second-one');
  await page.getByLabel('Click limit').fill('');
  await screenshot(page, 'link-options-admin-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin\/links$/);
  const changed = await apiAdminLinkByCode(server, shortCode);
  expect(changed).toMatchObject({
    max_clicks: null,
    has_password: true,
    geo_targets: { JP: 'https://shop.example/jp' },
  });

  // The new password opens the link; the old one no longer does.
  const tryPassword = (password: string) =>
    fetch(`${server.url}/${shortCode}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }).toString(),
    });
  expect((await tryPassword('first-one')).status).toBe(401);
  const opened = await tryPassword('second-one');
  expect(opened.status).toBe(302);
  expect(opened.headers.get('location')).toBe('https://shop.example/autumn');
});
