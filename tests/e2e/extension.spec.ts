/**
 * The browser extension (docs/extension.md), built and loaded unpacked in Chromium,
 * against the real server: the options page checks and keeps a key, the popup shortens a page (a
 * short code and a tag), copies it and shows a QR code that scans back to it and the last links with
 * their clicks; the context menu's handler; the shortcut's action on the current tab (read through
 * activeTab); and one clear sentence for a wrong key, a disabled account's key, a 403 (the link limit, and a read-only key),
 * 429, a tab that is no web page and a stopped server.
 *
 * Most cases open the popup's page in a tab with `?url=` (the address the context menu hands it):
 * quicker than the toolbar's popup, which only DevTools reaches (openActionPopup). Playwright cannot
 * click the browser's own menus, so the context menu is driven through its handler in the service
 * worker (`shortenFromMenu`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  decodeQr,
  type LoadedExtension,
  loadExtension,
  openActionPopup,
  openPopup,
  startArticleSite,
} from './extensionHelpers';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateLink, apiSignedInUser, unique } from './userHelpers';

// Four links at most per user: the fifth create is the server's 403, which the popup must explain.
serverForFile({ MAX_LINKS_PER_USER: '5' });
test.describe.configure({ mode: 'serial' });

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/extension');

let extension: LoadedExtension;
let site: Awaited<ReturnType<typeof startArticleSite>>;
let token: string;
let key: string;

interface UserLink {
  short_code: string;
  target_url: string;
  tags: string[];
  short_url: string;
  clicks: number;
}

async function userLinks(serverUrl: string): Promise<UserLink[]> {
  const answer = await fetch(`${serverUrl}/api/links/user`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { links: UserLink[] }).links;
}

const READ_ONLY_SENTENCE =
  'This key is read-only: it can see links but not make them. Make a key with write access under API Keys and enter it in the settings.';

async function makeKey(serverUrl: string, name: string, scope: 'read' | 'write'): Promise<string> {
  const made = await fetch(`${serverUrl}/api/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, scope }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { secret: string }).secret;
}

async function setKey(page: Page, value: string): Promise<void> {
  await page.evaluate(`chrome.storage.local.set({ key: ${JSON.stringify(value)} })`);
}

test.beforeAll(async ({ server }) => {
  const user = await apiSignedInUser(server, 'Extension User', 'extension');
  token = user.token;
  const made = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Browser extension' }),
  });
  key = ((await made.json()) as { secret: string }).secret;
  site = await startArticleSite();
  extension = await loadExtension();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});

test.afterAll(async () => {
  await extension?.close();
  await site?.close();
});

test('the options page refuses a wrong key, then checks and keeps the right one', async ({ server }) => {
  const page = await extension.context.newPage();
  await page.goto(`${extension.origin}/options.html`);
  await page.getByLabel('Server address').fill(`${server.url}/some/path`);
  await page.getByLabel('API key').fill('me_wrongwrongwrongwrongwrongwrongwrongwrong');
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The server does not accept this API key: it is wrong or was deleted. Check it in the settings.',
  );
  expect(await page.evaluate('chrome.storage.local.get(["server", "key"])')).toEqual({});

  // A read-only key can list links but not make them: refused, and nothing kept (it once was).
  const readKey = await makeKey(server.url, 'Read-only extension', 'read');
  await page.getByLabel('API key').fill(readKey);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toHaveText(READ_ONLY_SENTENCE);
  expect(await page.evaluate('chrome.storage.local.get(["server", "key"])')).toEqual({});

  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('status')).toHaveText(`Saved: the key works with ${server.url}.`);
  // The check made no link.
  expect(await userLinks(server.url)).toEqual([]);
  expect(await page.evaluate('chrome.storage.local.get(["server", "key"])')).toEqual({ server: server.url, key });
  await expect(page.getByLabel('Server address')).toHaveValue(server.url);
  await page.close();
});

test('the popup shortens a page with a short code and a tag, copies it, and its QR code scans', async ({ server }) => {
  const popup = await openPopup(extension, site.url);
  await expect(popup.getByText(site.url)).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Your last links' })).toBeVisible();
  await expect(popup.getByText('No links yet')).toBeVisible();
  const shortCode = unique('ext');
  await popup.getByText('Short code, domain and tags').click();
  await popup.getByLabel('Short Code').fill(shortCode);
  await popup.getByLabel('Tags').fill('Reading');
  await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
  // The short link shown once the server answered; then the server's own record of it.
  await expect(popup.locator('#short-url')).toHaveValue(new RegExp(`/${shortCode}$`));

  const [made] = await userLinks(server.url);
  expect(made).toMatchObject({ short_code: shortCode, target_url: site.url, tags: ['reading'] });
  const shortUrl = made?.short_url ?? '';
  await expect(popup.locator('#short-url')).toHaveValue(shortUrl);
  await expect(popup.getByRole('img', { name: `QR code of ${shortUrl}` })).toBeVisible();
  expect(await decodeQr(popup, '#qr')).toBe(shortUrl);

  await popup.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(popup.getByRole('button', { name: 'Copied!' })).toBeVisible();
  // What Copy put on the clipboard, pasted into a web page as a person would.
  const article = await extension.context.newPage();
  await article.goto(site.url);
  await article.getByLabel('Paste here').focus();
  await article.keyboard.press('Control+V');
  await expect(article.getByLabel('Paste here')).toHaveValue(shortUrl);
  await article.close();

  const row = popup.getByRole('listitem').filter({ hasText: shortUrl });
  await expect(row).toContainText('0 clicks');
  await popup.screenshot({ path: path.join(ARTIFACTS, 'popup.png'), fullPage: true });

  // A visit counts; the popup's list shows it the next time it opens (clicks are stored in batches).
  const visit = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36' },
  });
  expect(visit.status).toBe(302);
  await expect(async () => {
    await popup.reload();
    await expect(popup.getByRole('listitem').filter({ hasText: shortUrl })).toContainText('1 click', { timeout: 1000 });
  }).toPass();
  await popup.close();
});

test('the context menu on a link opens the popup on that link, shortened at once', async ({ server }) => {
  const article = await extension.context.newPage();
  await article.goto(site.url);
  const target = await article.getByRole('link', { name: 'deep' }).getAttribute('href');
  const opened = extension.context.waitForEvent('page');
  await extension.worker.evaluate(
    `shortenFromMenu({ menuItemId: 'shorten', linkUrl: ${JSON.stringify(target)}, pageUrl: ${JSON.stringify(site.url)} })`,
  );
  const window = await opened;
  await expect(window.locator('#short-url')).toHaveValue(/\/[A-Za-z0-9_-]+$/);
  const links = await userLinks(server.url);
  const made = links.find((link) => link.target_url === target);
  expect(made).toBeDefined();
  await expect(window.locator('#short-url')).toHaveValue(made?.short_url ?? '');
  await expect(window.getByText(target ?? '')).toBeVisible();
  await window.close();
  await article.close();
});

test('the context menu is one item, "Shorten this link", on links and pages; on a page it shortens the page', async ({
  server,
}) => {
  expect(await extension.worker.evaluate('contextMenu')).toEqual({
    id: 'shorten',
    title: 'Shorten this link',
    contexts: ['link', 'page'],
  });
  const address = `${site.url}?from-menu`;
  const opened = extension.context.waitForEvent('page');
  await extension.worker.evaluate(`shortenFromMenu({ menuItemId: 'shorten', pageUrl: ${JSON.stringify(address)} })`);
  const window = await opened;
  await expect(window.locator('#short-url')).toHaveValue(/\/[A-Za-z0-9_-]+$/);
  const made = (await userLinks(server.url)).find((link) => link.target_url === address);
  await expect(window.locator('#short-url')).toHaveValue(made?.short_url ?? 'none');
  await window.close();
});

test("the shortcut opens the toolbar's popup on the current tab, Enter shortens it, the last links show their clicks", async ({
  server,
}) => {
  // The shortcut is the manifest's _execute_action: it runs the toolbar button's action.
  const commands = await extension.worker.evaluate('chrome.commands.getAll()');
  expect(commands).toEqual([expect.objectContaining({ name: '_execute_action', shortcut: 'Alt+Shift+S' })]);
  const address = `${site.url}?shortcut`;
  const article = await extension.context.newPage();
  await article.goto(address);
  const { popup, close } = await openActionPopup(extension, article);
  try {
    // No ?url= here: the address is the tab's own, which chrome.tabs.query reads through activeTab.
    expect(popup.url()).toBe(`${extension.origin}/popup.html`);
    await expect(popup.getByText(address)).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Shorten', exact: true })).toBeFocused();
    await popup.keyboard.press('Enter');
    await expect(popup.locator('#short-url')).toHaveValue(/\/[A-Za-z0-9_-]+$/);
    const links = await userLinks(server.url);
    expect(links[0]).toMatchObject({ target_url: address });
    await expect(popup.locator('#short-url')).toHaveValue(links[0]?.short_url ?? '');

    const rows = popup.getByRole('listitem');
    await expect(rows).toHaveCount(links.length);
    for (const [index, link] of links.entries()) {
      await expect(rows.nth(index)).toHaveText(
        `${link.short_url}${link.clicks === 1 ? '1 click' : `${link.clicks} clicks`}`,
      );
    }
    await popup.screenshot({ path: path.join(ARTIFACTS, 'popup-toolbar.png'), fullPage: true });
  } finally {
    await close();
    await article.close();
  }
});

test('a tab that is no web page cannot be shortened, and says why', async () => {
  const popup = await openPopup(extension, 'chrome://settings/');
  await expect(popup.getByRole('alert')).toHaveText(
    'This tab is not a web page: only http and https addresses can be shortened.',
  );
  await expect(popup.getByRole('button', { name: 'Shorten', exact: true })).toBeDisabled();
  await popup.close();
});

test("a refused create (403, the link limit) shows the server's reason, not a key's scope", async ({ server }) => {
  // Links made by the popup, the menus and the shortcut; more up to the limit of five.
  for (let index = (await userLinks(server.url)).length; index < 5; index += 1) {
    await apiCreateLink(server, token, { target_url: `https://example.com/fill/${index}` });
  }
  const popup = await openPopup(extension, `${site.url}?more`);
  await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'The server does not let this key make the link: Link limit reached (5 links per account)',
  );
  await popup.close();
});

test('a read-only key may not shorten, and the popup says so', async ({ server }) => {
  const readKey = await makeKey(server.url, 'Read-only extension 2', 'read');
  const popup = await openPopup(extension, `${site.url}?read-only`);
  await setKey(popup, readKey);
  await popup.reload();
  const before = (await userLinks(server.url)).length;
  await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
  // The key's scope refused it (not the link limit the case above reached).
  await expect(popup.getByRole('alert')).toHaveText(READ_ONLY_SENTENCE);
  expect((await userLinks(server.url)).length).toBe(before);
  await setKey(popup, key);
  await popup.close();
});

test('the popup offers only the domains its key may use', async ({ server }) => {
  const custom = 'go.extension.example';
  const asUser = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const claimed = await fetch(`${server.url}/api/user/domain`, {
    method: 'POST',
    headers: asUser,
    body: JSON.stringify({ domain: custom }),
  });
  expect(claimed.status).toBe(200);
  const verified = await fetch(`${server.url}/api/domains?domain=${custom}`, {
    method: 'PUT',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'verified' }),
  });
  expect(verified.status).toBe(200);
  const held = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: asUser,
    body: JSON.stringify({ name: 'Extension on its domain', domains: [custom] }),
  });
  expect(held.status).toBe(201);
  const heldKey = ((await held.json()) as { secret: string }).secret;
  const domainOptions = async (secret: string) => {
    const popup = await openPopup(extension, site.url);
    await setKey(popup, secret);
    await popup.reload();
    await popup.getByText('Short code, domain and tags').click();
    // The options come with the domain call's answer.
    await expect(popup.locator('#domain option').first()).toBeAttached();
    const options = await popup.locator('#domain option').allTextContents();
    const chosen = await popup.getByLabel('Domain').inputValue();
    await popup.close();
    return { options, chosen };
  };
  // Every domain of the team for the unrestricted key, the custom one chosen; only its own for the held one.
  expect(await domainOptions(key)).toEqual({
    options: [custom, 'localhost (default domain)'],
    chosen: custom,
  });
  expect(await domainOptions(heldKey)).toEqual({ options: [custom], chosen: custom });
  const released = await fetch(`${server.url}/api/user/domain`, { method: 'DELETE', headers: asUser });
  expect(released.status).toBe(200);
  const restore = await openPopup(extension, site.url);
  await setKey(restore, key);
  await restore.close();
});

test("a disabled account's key gets its own sentence, not the wrong key's", async ({ server }) => {
  const owner = await apiSignedInUser(server, 'Disabled Extension User', 'disabled-extension');
  const made = await fetch(`${server.url}/api/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Browser extension' }),
  });
  const disabledKey = ((await made.json()) as { secret: string }).secret;
  // As the administrator's Users screen does (docs/api.md#users): the key itself is untouched.
  const disabled = await fetch(`${server.url}/api/users?id=${owner.user.id}`, {
    method: 'PUT',
    headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ disabled: true }),
  });
  expect(disabled.status).toBe(200);
  const popup = await openPopup(extension, site.url);
  await setKey(popup, disabledKey);
  await popup.reload();
  await expect(popup.getByRole('alert')).toHaveText(
    "This key belongs to an account that is disabled on the server. Ask the server's administrator to enable it again.",
  );
  await setKey(popup, key);
  await popup.close();
});

test('a wrong key and then too many wrong keys each get their sentence', async ({ server }) => {
  const popup = await openPopup(extension, site.url);
  await setKey(popup, 'me_deleteddeleteddeleteddeleteddeleteddele');
  await popup.reload();
  await expect(popup.getByRole('alert')).toHaveText(
    'The server does not accept this API key: it is wrong or was deleted. Check it in the settings.',
  );
  // Wrong credentials from this address until the server's limiter answers 429.
  let status = 0;
  for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) {
    const answer = await fetch(`${server.url}/api/links/user`, { headers: { Authorization: 'Bearer me_nope' } });
    status = answer.status;
  }
  expect(status).toBe(429);
  await popup.reload();
  await expect(popup.getByRole('alert')).toHaveText(
    'Too many wrong keys were tried from this address. Wait a few minutes, then try again.',
  );
  await setKey(popup, key);
  await popup.close();
});

test('a server that stopped is named in the sentence', async ({ server }) => {
  await server.stop();
  const popup = await openPopup(extension, site.url);
  await expect(popup.getByRole('alert')).toHaveText(
    `The server at ${server.url} does not answer. Check the address in the settings and your connection.`,
  );
  await popup.close();
});

test("in Spanish, with the web UI's words where they are the same", async ({ server }) => {
  // A second Chromium with a fresh profile starts here: slower than the other cases.
  test.slow();
  const spanish = await loadExtension('es-ES');
  try {
    const options = await spanish.context.newPage();
    await options.goto(`${spanish.origin}/options.html`);
    await expect(options.getByRole('heading', { name: 'Ajustes de la extensión Me' })).toBeVisible();
    await options.getByLabel('Dirección del servidor').fill(server.url);
    await options.getByLabel('Clave de API').fill(key);
    await options.getByRole('button', { name: 'Comprobar y guardar' }).click();
    // The server was stopped by the test before: the sentence says so in Spanish.
    await expect(options.getByRole('alert')).toHaveText(
      `El servidor en ${server.url} no responde. Revisa la dirección en los ajustes y tu conexión.`,
    );
    const popup = await spanish.context.newPage();
    await popup.goto(`${spanish.origin}/popup.html?url=${encodeURIComponent(site.url)}`);
    await expect(popup.getByText('Primero indica tu servidor y tu clave de API.')).toBeVisible();
    await popup.evaluate(
      `chrome.storage.local.set({ server: ${JSON.stringify(server.url)}, key: ${JSON.stringify(key)} })`,
    );
    await popup.reload();
    await expect(popup.getByRole('button', { name: 'Acortar', exact: true })).toBeVisible();
    // "Código corto" and "Etiquetas" are the link form's own words (linkForm.fields).
    await popup.getByText('Código corto, dominio y etiquetas').click();
    await expect(popup.getByLabel('Código corto')).toBeVisible();
    await expect(popup.getByLabel('Etiquetas')).toBeVisible();
    await expect(popup.locator('html')).toHaveAttribute('lang', 'es');
  } finally {
    await spanish.close();
  }
});
