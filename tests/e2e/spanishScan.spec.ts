/**
 * With Spanish chosen (docs/api.md#languages), no screen shows a text of the English catalogue: the
 * main screens of the user and the administrator, their dialogs and the server's own pages are
 * walked in a real Chromium, their visible texts (lines and phrases of `innerText`, the title) and
 * their aria-labels, titles, alts and placeholders collected, and any that equals an English value
 * whose Spanish differs ("Email" or "Me" may be the same in both) is reported with its screen.
 * Values with `{{variables}}` match with anything in place of each variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { apiScreensFixture, type ScreensFixture, storeSession, UA } from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });
test.use({ locale: 'es-ES' });
// Each test walks many screens on a busy machine; a failure in one does not skip the others.
test.describe.configure({ timeout: 300_000 });

type Catalogue = { [key: string]: string | Catalogue };

const LOCALES = path.resolve(import.meta.dirname, '../../redirector/contract/locales');
const readCatalogue = (code: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, `${code}.json`), 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A catalogue value as it shows: markup dropped, each `{{variable}}` any text. */
function pattern(value: string): RegExp {
  const parts = normalise(value.replace(/<[^>]+>/g, '')).split(/\{\{-?\s*[\w.]+\s*\}\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');
}

const english = flatten(readCatalogue('en'));
const spanish = flatten(readCatalogue('es'));
const spanishTexts = new Set([...spanish.values()].map((value) => normalise(value.replace(/<[^>]+>/g, ''))));
/**
 * English values that Spanish says differently, with some literal text (not `{{hours}}h {{minutes}}m`);
 * a language's own name is shown in itself by the switch, so it is not one.
 */
const englishOnly = [...english]
  .filter(([key, value]) => key !== 'language.name' && spanish.get(key) !== value)
  .filter(([, value]) => value.replace(/\{\{[^}]*\}\}/g, '').replace(/\W/g, '').length >= 4)
  .map(([key, value]) => ({ key, value, english: pattern(value), spanish: pattern(spanish.get(key) ?? value) }));

/** The English catalogue value a text shows, or null: the text is Spanish, shared, or data. */
function englishKeyOf(text: string): string | null {
  if (spanishTexts.has(text)) return null;
  const found = englishOnly.find((entry) => entry.english.test(text) && !entry.spanish.test(text));
  return found ? found.key : null;
}

/** Run in the page: the lines of the text shown in `root` (a dialog, else the page and its title), and the names and hints of its elements. */
function collect(root: string): string {
  return `(() => {
  const root = document.querySelector(${JSON.stringify(root)}) ?? document.body;
  const seen = [...root.innerText.split('\\n')];
  if (root === document.body) seen.push(document.title);
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name);
      if (value) seen.push(value);
    }
  }
  return seen;
})()`;
}

/** Every text a person reads or hears on the page as it is now. */
async function pageTexts(page: Page, root: string): Promise<string[]> {
  const texts = (await page.evaluate(collect(root))) as string[];
  const phrases = new Set<string>();
  for (const text of texts) {
    // Table cells come tab-separated; a line may join a question and its link ("No account? Create one").
    for (const cell of text.split('\t')) {
      const line = normalise(cell);
      if (line === '') continue;
      phrases.add(line);
      for (const phrase of line.split(/(?<=[.?!:])\s+/)) if (phrase !== line) phrases.add(normalise(phrase));
    }
  }
  return [...phrases];
}

/** `root`: a dialog's selector, so the page behind it is not counted again. */
async function scan(page: Page, screen: string, root = 'body'): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A lazy screen or a dialog may still be drawing its first frame.
  await page.waitForTimeout(300);
  const found = (await pageTexts(page, root))
    .map((text) => ({ text, key: englishKeyOf(text) }))
    .filter((hit): hit is { text: string; key: string } => hit.key !== null)
    .map((hit) => `"${hit.text}" (${hit.key})`);
  console.log(found.length === 0 ? `clean: ${screen}` : `ENGLISH on ${screen}:\n  ${found.join('\n  ')}`);
  expect.soft(found, `English texts on ${screen}`).toEqual([]);
}

/** The words of a control in the language shown: its Spanish where the catalogue has it, else the English. */
function say(englishText: string): RegExp {
  const names = new Set([englishText]);
  for (const [key, value] of english) if (value === englishText && spanish.has(key)) names.add(spanish.get(key)!);
  return new RegExp(`^(?:${[...names].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

let fixture: ScreensFixture;

test.beforeAll(async ({ server }) => {
  fixture = await apiScreensFixture(server, 'es-scan');
});

test.beforeEach(async ({ page }) => {
  // Spanish chosen with the switch, besides the browser's own language.
  await page.addInitScript("window.localStorage.setItem('me.language', 'es')");
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
});

test('the catalogue check itself: English values are found, Spanish, shared and data texts are not', () => {
  expect(englishKeyOf('Welcome Back')).toBe('account.login.title');
  expect(englishKeyOf('Delete key laptop')).toBe('keys.deleteLabel');
  expect(englishKeyOf('Hola de nuevo')).toBeNull();
  expect(englishKeyOf('Eliminar la clave laptop')).toBeNull();
  expect(englishKeyOf('Ada Lovelace')).toBeNull();
});

test('the public screens and the server pages', async ({ page, browser, server }) => {
  for (const [screen, address] of [
    ['landing', '/'],
    ['user sign-in', '/login'],
    ['register', '/register'],
    ['admin sign-in', '/admin/login'],
    ['404 page', '/no-such-code-here'],
    ['password form', `/${fixture.protectedCode}`],
  ] as const) {
    await page.goto(`${server.url}${address}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await scan(page, screen);
  }
  const tiktok = await browser.newContext({ userAgent: UA.tiktok, locale: 'es-ES' });
  const inApp = await tiktok.newPage();
  await inApp.goto(`${server.url}/${fixture.tiktokCode}`);
  await scan(inApp, 'TikTok page');
  await tiktok.close();
});

test("the user's screens and dialogs", async ({ page, server }) => {
  await page.goto(`${server.url}/login`);
  await storeSession(page, fixture.user);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText('Ada').first()).toBeVisible({ timeout: 30_000 });
  await scan(page, "user's dashboard");
  for (const [screen, button] of [
    ['link form (user)', 'Create New Link'],
    ['domain dialog', 'Domain'],
    ['API keys dialog', 'API Keys'],
    ['account dialog', 'Account'],
  ] as const) {
    await page
      .getByRole('button', { name: say(button) })
      .first()
      .click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await scan(page, screen, 'dialog[open]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await page
    .getByRole('button', { name: say('My page') })
    .first()
    .click();
  await expect(page.getByTestId('hub-address').first()).toBeVisible();
  await scan(page, 'My page (hub editor)');
  await page.goto(`${server.url}/dashboard?link=${fixture.userLinkId}`);
  await scan(page, "user's link analytics");
});

test("the administrator's screens", async ({ page, server }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.locator('input[name="adminKey"]').fill(server.adminKey);
  await page.locator('input[name="adminKey"]').press('Enter');
  await expect(page).toHaveURL(new RegExp(`^${server.url}/admin(#.*)?$`), { timeout: 30_000 });
  await expect(page.locator('h1.page-title')).toBeVisible({ timeout: 30_000 });
  await scan(page, 'admin dashboard');
  for (const [screen, address] of [
    ['admin links', '/admin/links'],
    ['admin link form', '/admin/create'],
    ['admin per-link analytics', `/admin/link/${fixture.adminLinkId}`],
    ['users', '/admin/users'],
    ['API keys', '/admin/keys'],
    ['webhooks', '/admin/webhooks'],
    ['domains', '/admin/domains'],
    ['audit log', '/admin/audit'],
    ['live visitors', '/admin/live'],
  ] as const) {
    await page.goto(`${server.url}${address}`);
    await expect(page.locator('h1.page-title')).toBeVisible({ timeout: 30_000 });
    await scan(page, screen);
  }
});
