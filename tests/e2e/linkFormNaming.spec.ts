/**
 * The link forms and lists as CONTRACT §18 words them, in Chromium against the built server: a link
 * whose clicks are used up is "Expired" in both lists (not "Limit 1"); a past expiry date is
 * warned about before saving in both forms; the user's form prefills a short code with Regenerate,
 * as the admin's does; both forms name every option alike; and the screens speak Spanish when asked.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateLink,
  apiSignedInUser,
  IP,
  openCreateLinkDialog,
  storeSession,
  UA,
  unique,
  visit,
} from './userHelpers';

serverForFile();
// Three screens and a sign-in per test.
test.slow();

/** The options' checkbox names, each without its hint. */
const optionLabels = (form: Locator) => form.locator('.option .checkbox__label').allTextContents();

/** Opens the expiry section and types a moment an hour ago in the browser's own zone. */
async function typePastExpiry(page: Page, form: Locator) {
  const section = form.locator('details.form-section').filter({ hasText: 'Expiry and click limit' });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  const past = await page.evaluate(() => {
    const date = new Date(Date.now() - 3_600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  });
  await expect(form.getByTestId('past-expiry-warning')).toHaveCount(0);
  await form.getByLabel('Expires at').fill(past);
  await expect(form.getByTestId('past-expiry-warning')).toHaveText(
    'This date has passed: the link will be expired as soon as you save.',
  );
  await form.getByLabel('Expires at').fill('2099-06-01T09:30');
  await expect(form.getByTestId('past-expiry-warning')).toHaveCount(0);
}

test('a link whose click limit is used up is Expired in the user and admin lists', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Lim Ited', 'limited', 'secret-123');
  const once = await apiCreateLink(server, session.token, {
    short_code: unique('once'),
    target_url: 'https://example.com/',
  });
  const limited = await apiCreateLink(server, session.token, {
    short_code: unique('limit'),
    target_url: 'https://example.com/',
    max_clicks: 1,
  });
  expect([once.expired, limited.expired]).toEqual([false, false]);
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  const row = page.getByRole('row').filter({ hasText: `/${limited.short_code}` });
  await expect(row.getByText('Limit 1', { exact: true })).toBeVisible();

  expect((await visit(server, limited.short_code, UA.iphone, IP.us)).status).toBe(302);
  expect((await visit(server, limited.short_code, UA.iphone, IP.us)).status).toBe(410);
  await page.reload();
  await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  await expect(row.getByText(/Limit/)).toHaveCount(0);

  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/links`);
  const adminRow = page.getByTestId(`link-row-${limited.short_code}`);
  await expect(adminRow.getByText('Expired', { exact: true })).toBeVisible();
  await expect(adminRow.getByText(/Limit/)).toHaveCount(0);
  await expect(page.getByTestId(`link-row-${once.short_code}`).getByText('Expired')).toHaveCount(0);
});

test("the user's form prefills a short code with Regenerate, warns of a past expiry, and names options as the admin's", async ({
  page,
  server,
}) => {
  const session = await apiSignedInUser(server, 'Fay Form', 'form', 'secret-123');
  const dialog = await openCreateLinkDialog(page, server.url, session);
  const code = dialog.getByLabel('Short Code');
  await expect(code).toHaveValue(/^[A-Za-z0-9]{6}$/);
  const first = await code.inputValue();
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(code).toHaveValue(/^[A-Za-z0-9]{6}$/);
  await expect(code).not.toHaveValue(first);
  const userOptions = await optionLabels(dialog);
  await typePastExpiry(page, dialog);

  // The prefilled code is the one created.
  const chosen = await code.inputValue();
  await dialog.getByLabel('Target URL').fill('https://example.com/prefilled');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `/${chosen}` })).toBeVisible();

  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/create`);
  const form = page.locator('form').filter({ has: page.getByLabel('Short Code') });
  expect(userOptions).toEqual([
    'Forward query parameters',
    'TikTok bypass page',
    'Country redirect',
    'Instagram exit',
    'Link is on',
    'Archived',
  ]);
  await expect(form.locator('.option .checkbox__label')).toHaveText(userOptions, { timeout: 30_000 });
  await typePastExpiry(page, form);
});

test('the link screens speak Spanish when it is chosen', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Eva Español', 'espanol', 'secret-123');
  await apiCreateLink(server, session.token, { short_code: unique('es'), target_url: 'https://example.com/' });
  await adminSignIn(page, server);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'me.language',
      'es',
    ),
  );
  await page.goto(`${server.url}/admin/domains`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dominios' })).toBeVisible();
  await expect(page.getByText('Aún no hay dominios propios')).toBeVisible();
  await page.goto(`${server.url}/admin/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear enlace' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerar' })).toBeVisible();

  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText('Tus enlaces', { exact: true })).toBeVisible();
  await expect(page.getByText('Enlaces en total')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'URL de destino' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear enlace nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear enlace nuevo' });
  await expect(dialog.getByLabel('Código corto')).toHaveValue(/^[A-Za-z0-9]{6}$/);
  await expect(dialog.getByRole('button', { name: 'Regenerar' })).toBeVisible();
  expect(await optionLabels(dialog)).toEqual([
    'Reenviar los parámetros de la consulta',
    'Página de salida de TikTok',
    'Redirección por país',
    'Salida de Instagram',
    'Enlace encendido',
    'Archivado',
  ]);
});
