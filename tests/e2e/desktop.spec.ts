/**
 * The desktop app's renderer in Chromium, loaded the way Electron loads it: the electron-vite build
 * (out/renderer/index.html) from file://, on hash routes, talking cross-origin to real servers.
 * window.meDesktop is the preload's shape (a frozen get/set/clear) over main's own state store and
 * IPC handlers, run here in the test process with a stand-in for Electron's safeStorage only.
 * Screenshots go to tests/artifacts/ (git-ignored).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { createCredentialStore } from '../../main/credentials';
import { createDesktopState, type DesktopStateStore } from '../../main/desktopState';
import { type IpcCall, registerDesktopIpc } from '../../main/ipc';
import { isAppUrl } from '../../main/navigation';
import playwrightConfig from '../../playwright.config';
import type { Link } from '../../redirector/contract';
import {
  CONNECT_MESSAGES,
  DEFAULT_SERVER_ADDRESS,
  DESKTOP_CHANNELS,
  plainHttpWarning,
} from '../../redirector/contract/desktop';
import { freePort, type ServerProcess, startServerProcess } from '../helpers/serverProcess';
import { makeTempDir } from '../helpers/testServer';
import { fakeSafeStorage } from '../unit/main/standIns';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateAdminLink } from './userHelpers';

serverForFile();
test.use({ viewport: { width: 1100, height: 800 } });
test.describe.configure({ mode: 'serial' });

const INDEX_HTML = path.resolve(import.meta.dirname, '../../out/renderer/index.html');
const APP_URL = pathToFileURL(INDEX_HTML).href;
const LOCALES = path.resolve(import.meta.dirname, '../../redirector/contract/locales');
/**
 * The languages main accepts from the page: one per catalogue file, as the build finds them
 * (redirector/contract/catalogues.ts), told to main's store here because Playwright's loader has
 * no build glob.
 */
const CATALOGUE_LANGUAGES = fs
  .readdirSync(LOCALES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

// Electron lets its file:// page load its module scripts; Chromium needs to be told.
const launchOptions = playwrightConfig.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--allow-file-access-from-files'] },
});

/**
 * Opens the app as Electron would: main's state store and IPC handlers (a fresh userData folder),
 * reached through a page binding in place of ipcRenderer.invoke, and the preload's frozen bridge.
 */
async function openApp(page: Page, options: { encrypted?: boolean } = {}): Promise<DesktopStateStore> {
  if (!fs.existsSync(INDEX_HTML)) throw new Error('out/renderer is missing: run `npm run build:desktop` first');
  const store = createDesktopState({
    dir: makeTempDir('me-desktop-e2e-'),
    credentials: createCredentialStore(fakeSafeStorage({ available: options.encrypted ?? true })),
    languages: CATALOGUE_LANGUAGES,
  });
  const handlers = new Map<string, (event: IpcCall, ...args: unknown[]) => unknown>();
  registerDesktopIpc({ handle: (channel, listener) => handlers.set(channel, listener) }, store, (url) =>
    isAppUrl(url, APP_URL),
  );
  await page.exposeBinding('meDesktopInvoke', async ({ frame }, channel: string, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: { url: frame.url() } }, ...args);
  });
  await page.addInitScript((channels) => {
    const page = globalThis as unknown as Record<string, unknown>;
    const invoke = page.meDesktopInvoke as (channel: string, ...args: unknown[]) => Promise<unknown>;
    // The preload hands the page main's message alone (Playwright adds its own wording around it).
    const call = (channel: string, ...args: unknown[]) =>
      invoke(channel, ...args).catch((error: Error) => {
        throw new Error(
          String(error.message)
            .split('\n')[0]
            ?.replace(/^Error: /, ''),
        );
      });
    page.meDesktop = Object.freeze({
      get: () => call(channels.get),
      set: (change: unknown) => call(channels.set, change),
      clear: () => call(channels.clear),
    });
  }, DESKTOP_CHANNELS);
  // main opens the Connect screen while no server is active (main/window.ts startRoute).
  await page.goto(`${APP_URL}#/connect`);
  return store;
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

async function connect(page: Page, address: string, key: string) {
  await page.getByLabel('Server address').fill(address);
  await page.getByLabel(/^Admin key/).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

function stat(page: Page, label: string) {
  return page.locator('.stat-card').filter({ hasText: label }).locator('.stat-card__value');
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `tests/artifacts/desktop-${name}.png`, fullPage: true });
}

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

async function seedLinkWithClick(server: ServerProcess, shortCode: string): Promise<Link> {
  const link = await apiCreateAdminLink(server, {
    title: 'Desktop',
    target_url: 'https://example.com/desktop',
    short_code: shortCode,
  });
  const visited = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    // A browser's user agent: the server does not count bots and scripts as clicks.
    headers: { 'User-Agent': BROWSER_UA },
  });
  expect(visited.status).toBe(302);
  return link;
}

let second: ServerProcess;
let notMe: http.Server;
let notMeUrl: string;

test.beforeAll(async () => {
  second = await startServerProcess({ adminKey: 'second-admin-key-0123456789' });
  // Another kind of web server: answers every request with a page, no CORS, no /healthz JSON.
  notMe = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Router admin</title><h1>Welcome</h1>');
  });
  await new Promise<void>((resolve) => notMe.listen(0, '127.0.0.1', resolve));
  notMeUrl = `http://127.0.0.1:${(notMe.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await second?.stop();
  await new Promise((resolve) => notMe?.close(resolve));
});

test('first start: the Connect screen, the default address, the plain-http warning as it is typed', async ({
  page,
}) => {
  const store = await openApp(page);
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}#/connect`);
  await expect(page.getByLabel('Server address')).toHaveValue(DEFAULT_SERVER_ADDRESS);
  await expect(page.getByText('Session only')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Remembered servers' })).toHaveCount(0);
  await shoot(page, 'connect-first-start');

  const address = page.getByLabel('Server address');
  const warning = plainHttpWarning('http://192.168.1.20:8080') as string;
  await address.fill('http://192.168.1.20:8080');
  await expect(page.getByText(warning)).toBeVisible();
  await shoot(page, 'connect-plain-http-warning');
  // Without a scheme another computer gets https://; this computer may use plain http.
  await address.fill('192.168.1.20:8080');
  await expect(page.getByText(warning)).toHaveCount(0);
  await address.fill('http://localhost:8080');
  await expect(page.getByText(warning)).toHaveCount(0);

  await address.fill('ftp://me.example.com');
  await page.getByLabel(/^Admin key/).fill('x');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('The server address must start with http:// or https://')).toBeVisible();
  expect(store.get().servers).toEqual([]);
});

test('each failed check names the problem, and nothing is remembered', async ({ page, server }) => {
  const store = await openApp(page);

  await connect(page, server.url, 'not-the-admin-key');
  await expect(page.getByRole('alert')).toHaveText(CONNECT_MESSAGES['wrong-key'](server.url));
  await shoot(page, 'connect-wrong-key');

  const closed = `http://127.0.0.1:${await freePort()}`;
  await connect(page, closed, server.adminKey);
  await expect(page.getByRole('alert')).toHaveText(CONNECT_MESSAGES.unreachable(closed));
  await shoot(page, 'connect-unreachable');

  await connect(page, notMeUrl, server.adminKey);
  await expect(page.getByRole('alert')).toHaveText(CONNECT_MESSAGES['not-me-server'](notMeUrl));
  await shoot(page, 'connect-not-me');

  expect(store.get()).toMatchObject({ servers: [], activeServer: null, token: null });
});

test('a good connect opens the admin area on the server, with its token from main and no markers', async ({
  page,
  server,
}) => {
  await seedLinkWithClick(server, 'desk1');
  const store = await openApp(page);
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}#/admin`);
  await expect(stat(page, 'Total Links')).toHaveText('1');
  await expect(stat(page, 'Total Clicks')).toHaveText('1');
  await expect(page.getByRole('banner').getByText(server.url.replace('http://', ''))).toBeVisible();
  await shoot(page, 'admin-dashboard');

  const state = store.get();
  expect(state).toMatchObject({ activeServer: server.url, tokenStorage: 'encrypted' });
  expect(state.token).toMatch(/.+/);
  expect(state.token).not.toBe(server.adminKey);
  expect(state.servers).toEqual([
    { baseUrl: server.url, publicUrl: expect.any(String), connectedAt: expect.any(String), signedIn: true },
  ]);
  // The desktop app keeps the token in main only: no browser marker or key in the page's storage.
  const stored = await page.evaluate(() => {
    // No DOM types in this project: the parts read here.
    type Store = { length: number };
    const web = globalThis as unknown as { localStorage: Store; sessionStorage: Store; document: { cookie: string } };
    return { local: web.localStorage.length, session: web.sessionStorage.length, cookie: web.document.cookie };
  });
  expect(stored).toEqual({ local: 0, session: 0, cookie: '' });

  // Hash routes survive a reload (main reloads the same file).
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Links', exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}#/admin/links`);
  await expect(page.getByTestId('link-row-desk1')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('link-row-desk1')).toBeVisible();
  // The login page of the browser build is the Connect screen here.
  await page.goto(`${APP_URL}#/admin/login`);
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
});

test('Change server…: a second server, switching back from the list, forgetting one', async ({ page, server }) => {
  await seedLinkWithClick(second, 'other2');
  const store = await openApp(page);
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();

  await page.getByRole('button', { name: 'Change server…' }).click();
  await expect(page).toHaveURL(`${APP_URL}#/connect`);
  await expect(page.getByLabel('Server address')).toHaveValue(server.url);
  await connect(page, second.url, second.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Links', exact: true }).click();
  await expect(page.getByTestId('link-row-other2')).toBeVisible();
  await expect(page.getByTestId('link-row-desk1')).toHaveCount(0);
  expect(store.get().activeServer).toBe(second.url);

  await page.getByRole('button', { name: 'Change server…' }).click();
  const rows = page.getByTestId('known-server');
  await expect(rows).toHaveCount(2);
  // Most recent first; the active one has no switch button.
  await expect(rows.nth(0)).toContainText(second.url);
  await expect(rows.nth(0)).toContainText('Active');
  await expect(rows.nth(0).getByRole('button', { name: 'Switch' })).toHaveCount(0);
  await shoot(page, 'connect-two-servers');
  await rows.nth(1).getByRole('button', { name: 'Switch' }).click();
  await expect(page).toHaveURL(`${APP_URL}#/admin`);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Links', exact: true }).click();
  await expect(page.getByTestId('link-row-desk1')).toBeVisible();
  await expect(page.getByTestId('link-row-other2')).toHaveCount(0);
  expect(store.get().activeServer).toBe(server.url);

  await page.getByRole('button', { name: 'Change server…' }).click();
  await page.getByRole('button', { name: `Forget ${second.url}` }).click();
  await expect(rows).toHaveCount(1);
  expect(store.get().servers.map((known) => known.baseUrl)).toEqual([server.url]);
  await page.getByRole('link', { name: `Back to ${server.url}` }).click();
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
});

test('logout revokes the session on the server, then main forgets the token', async ({ page, server }) => {
  const store = await openApp(page);
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  const token = store.get().token as string;

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}#/connect`);
  await expect.poll(() => store.get().activeServer).toBeNull();
  expect(store.get()).toMatchObject({ token: null, servers: [{ baseUrl: server.url, signedIn: false }] });
  const revoked = await fetch(`${server.url}/api/analytics/realtime`, { headers: { 'X-API-Key': token } });
  expect(revoked.status).toBe(401);
  // The last server is offered again, and "Use" asks for its key.
  await expect(page.getByLabel('Server address')).toHaveValue(server.url);
  await expect(page.getByTestId('known-server')).toContainText('Signed out');
  await shoot(page, 'connect-after-logout');
});

test('a session the server no longer accepts leads to the Connect screen with a message', async ({ page, server }) => {
  const store = await openApp(page);
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  // Signed out elsewhere: the next admin call answers 401.
  const token = store.get().token as string;
  const loggedOut = await fetch(`${server.url}/api/auth?action=logout`, {
    method: 'POST',
    headers: { 'X-API-Key': token },
  });
  expect(loggedOut.status).toBe(200);
  // The dashboard's own polling may meet the 401 first and leave the page before a click lands:
  // either way, the next admin call ends on the Connect screen.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Links', exact: true })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
  await expect(page.getByText(`${server.url} no longer accepts this app's session`)).toBeVisible();
  await expect.poll(() => store.get().token).toBeNull();
  await shoot(page, 'connect-session-ended');

  // Connecting again clears the message.
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  await page.getByRole('button', { name: 'Change server…' }).click();
  await expect(page.getByText("no longer accepts this app's session")).toHaveCount(0);
});

test('without safeStorage the screen says the session is kept only until Me quits', async ({ page, server }) => {
  const store = await openApp(page, { encrypted: false });
  await expect(page.getByText('Session only')).toBeVisible();
  await expect(page.getByText('the session is kept only until Me quits')).toBeVisible();
  await connect(page, server.url, server.adminKey);
  await expect(heading(page, 'Analytics Dashboard')).toBeVisible();
  expect(store.get()).toMatchObject({ tokenStorage: 'session-only', activeServer: server.url });
  await page.getByRole('button', { name: 'Change server…' }).click();
  await expect(page.getByText('Session only')).toBeVisible();
  await shoot(page, 'connect-session-only');
});

test('the click alert threshold is kept by main; a bad value is refused', async ({ page }) => {
  const store = await openApp(page);
  const threshold = page.getByLabel('Notify me above (clicks per minute)');
  await threshold.fill('2.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a whole number of clicks from 1 to 1,000,000')).toBeVisible();
  expect(store.clicksPerMinuteAlert()).toBeNull();

  await threshold.fill('25');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A notification shows when clicks per minute rise above 25.')).toBeVisible();
  expect(store.clicksPerMinuteAlert()).toBe(25);
  await page.reload();
  await expect(threshold).toHaveValue('25');
  await shoot(page, 'connect-alert');

  await threshold.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('No click notification.')).toBeVisible();
  expect(store.clicksPerMinuteAlert()).toBeNull();
});

test("the window's language goes to main over its IPC: Spanish from the switch is kept there, a language without a catalogue is refused", async ({
  page,
}) => {
  const spanish = JSON.parse(fs.readFileSync(path.join(LOCALES, 'es.json'), 'utf8')) as {
    desktop: { title: string };
    language: { label: string };
  };
  const store = await openApp(page);
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
  // At start the page tells main the language it shows (this Chromium speaks English).
  await expect.poll(() => store.language()).toBe('en');

  await page.getByLabel('Language').selectOption('es');
  await expect(heading(page, spanish.desktop.title)).toBeVisible();
  await expect.poll(() => store.language()).toBe('es');

  // Main answers a language it has no catalogue for with a refusal, and keeps the one it had.
  const refused = await page.evaluate(() => {
    const desktop = (globalThis as unknown as { meDesktop: { set(change: unknown): Promise<unknown> } }).meDesktop;
    return desktop.set({ kind: 'language', language: 'fr' }).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
  });
  expect(refused).toBe('No catalogue for the language "fr"');
  expect(store.language()).toBe('es');

  // The next load starts in the kept Spanish and says so again; main still holds it.
  await page.reload();
  await expect(heading(page, spanish.desktop.title)).toBeVisible();
  await page.getByLabel(spanish.language.label).selectOption('en');
  await expect(heading(page, 'Connect to your Me server')).toBeVisible();
  await expect.poll(() => store.language()).toBe('en');
});
