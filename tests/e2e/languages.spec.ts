/**
 * The UI's languages (docs/api.md#languages) in Chromium against the real server: the switch turns
 * a page Spanish at once and the choice survives a reload; a Spanish browser gets Spanish without
 * the switch; dates and numbers follow the language, and so do the messages the shared rules build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateLink, apiSignedInUser, storeSession, unique } from './userHelpers';

// A server of this file's own: the accounts it registers are not added to another file's on the same
// address (5 an hour, docs/api.md#hardening-and-privacy), whatever order the workers take the files in.
serverForFile();

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

  test("shows a rule's message built from parts in Spanish, its number in place", async ({ page, server }) => {
    const session = await apiSignedInUser(server, 'Ana', 'ana-rule');
    await page.goto(server.url);
    await storeSession(page, session);
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByText('Hola, Ana')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Claves de API' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claves de API' });
    // An empty name breaks the shared rule `Name must be 1-${MAX_KEY_NAME_LENGTH} characters`.
    await dialog.getByRole('button', { name: 'Crear clave' }).click();
    await expect(dialog.getByText('El nombre debe tener de 1 a 100 caracteres')).toBeVisible();
    await expect(dialog.getByText('Name must be 1-100 characters')).toHaveCount(0);
  });
});

/** Every key of the English catalogue ('landing.title', …): what i18next shows for words not loaded. */
function catalogueKeys(): string[] {
  const english = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../redirector/contract/locales/en.json'), 'utf8'),
  ) as Record<string, unknown>;
  const walk = (tree: Record<string, unknown>, prefix: string): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : walk(value as Record<string, unknown>, `${prefix}${key}.`),
    );
  return walk(english, '');
}

/** The page's visible text and its labels, titles and placeholders. */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: {
          body: { innerText: string };
          querySelectorAll(s: string): Iterable<{ getAttribute(n: string): string | null }>;
        };
      }
    ).document;
    const attributes = [...doc.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [doc.body.innerText, ...attributes].join('\n');
  });

test('a page downloads only the words of its language, the landing page only the first part, and shows no key', async ({
  page,
  server,
}) => {
  const keys = catalogueKeys();
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
  });
  const catalogueChunks = (language: string) => scripts.filter((name) => name.startsWith(`${language}-`));
  const keysShown = async () => {
    const words = await pageWords(page);
    return keys.filter((key) => words.includes(key));
  };

  await page.goto(server.url);
  await expect(page.getByText('Your personal link hub')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(catalogueChunks('en')).toHaveLength(1);
  expect(catalogueChunks('es')).toEqual([]);
  expect(await keysShown()).toEqual([]);

  await languageSwitch(page).selectOption('es');
  await expect(page.getByText('Tu centro personal de enlaces')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(catalogueChunks('es')).toHaveLength(1);
  expect(await keysShown()).toEqual([]);

  // The next screen brings the rest of the words, of the chosen language only.
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Hola de nuevo' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(catalogueChunks('es')).toHaveLength(2);
  // English's first part, from before the switch, and its server messages (the texts to translate).
  expect(catalogueChunks('en')).toHaveLength(2);
  expect(await keysShown()).toEqual([]);

  // Back to English there: its rest comes before the page draws again.
  await languageSwitch(page).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect(catalogueChunks('en')).toHaveLength(3);
  expect(await keysShown()).toEqual([]);
});
