/**
 * The UI's languages (docs/api.md#languages) in Chromium against the real server: the switch turns
 * a page Spanish at once and the choice survives a reload; a Spanish browser gets Spanish without
 * the switch; dates and numbers follow the language.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCreateLink, apiSignedInUser, storeSession, unique } from './userHelpers';

/** What the switch kept in this browser (`localStorage["me.language"]`), or null. */
const storedLanguage = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'me.language',
    ),
  );

const languageSwitch = (page: Page) => page.getByRole('combobox', { name: /^(Language|Idioma)$/ });

test('the switch turns the landing page Spanish at once, and the choice survives a reload', async ({
  page,
  server,
}) => {
  await page.goto(server.url);
  await expect(page.getByText('Your personal link hub')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en\b/);

  await languageSwitch(page).selectOption('es');
  // No navigation: the same page is drawn again in Spanish.
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByText('Tu centro personal de enlaces')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acceso de administrador' })).toBeVisible();
  await expect(page.getByText('Your personal link hub')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);

  await page.reload();
  await expect(page.getByText('Tu centro personal de enlaces')).toBeVisible();
  await expect(languageSwitch(page)).toHaveValue('es');
  expect(await storedLanguage(page)).toBe('es');

  // The admin sign-in page keeps the choice too, and switches back at once.
  await page.getByRole('link', { name: 'Acceso de administrador' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.getByRole('button', { name: 'Mostrar la clave de administrador' })).toBeVisible();
  await languageSwitch(page).selectOption('en');
  await expect(page.getByRole('button', { name: 'Show admin key' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^en\b/);
});

test('the switch turns the admin sign-in page Spanish at once, and the choice survives a reload', async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/admin/login`);
  await expect(page.getByRole('button', { name: 'Show admin key' })).toBeVisible();

  await languageSwitch(page).selectOption('es');
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.getByRole('button', { name: 'Mostrar la clave de administrador' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tema' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Mostrar la clave de administrador' })).toBeVisible();
  await expect(languageSwitch(page)).toHaveValue('es');
});

test.describe('a browser whose language is Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('gets Spanish without touching the switch', async ({ page, server }) => {
    await page.goto(server.url);
    await expect(page.getByText('Tu centro personal de enlaces')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Acceso de administrador' })).toBeVisible();
    await expect(languageSwitch(page)).toHaveValue('es');
    await expect(page.locator('html')).toHaveAttribute('lang', /^es\b/);
    expect(await storedLanguage(page)).toBeNull();

    // The switch still wins over the browser's language.
    await languageSwitch(page).selectOption('en');
    await expect(page.getByText('Your personal link hub')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your personal link hub')).toBeVisible();
  });

  test("shows dates and numbers in Spanish's formats", async ({ page, server }) => {
    const session = await apiSignedInUser(server, 'Ana', 'ana-es');
    const shortCode = unique('es');
    await apiCreateLink(server, session.token, {
      target_url: 'https://example.com/es',
      short_code: shortCode,
      max_clicks: 12345,
      expires_at: '2031-01-15T12:00:00.000Z',
    });
    await page.goto(server.url);
    await storeSession(page, session);
    await page.goto(`${server.url}/dashboard`);

    // The dashboard's chunk loads first (a slow machine takes a while).
    await expect(page.getByText('Hola, Ana')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: shortCode });
    // Spanish groups thousands with a point: 12.345, not 12,345.
    await expect(row.getByText('Límite 12.345', { exact: true })).toBeVisible();
    // January is 'ene' (enero), with the day first: '15 ene 2031'.
    const expiry = row.locator('span[title^="Caduca: "]');
    await expect(expiry).toHaveAttribute('title', /^Caduca: 15 ene 2031/);
    await expect(expiry.getByText('Caduca', { exact: true })).toBeVisible();
    await expect(row.getByTitle('Caduca tras 12.345 clics')).toBeVisible();
  });
});
