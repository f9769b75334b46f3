/** Shared steps of the user e2e specs: accounts over the API, visits with real user agents, screenshots. */

import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Link, LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { axeViolations } from './axe';
import { expect } from './fixtures';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts/user');

export const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.18.85 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 601420827)',
  tiktok:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 trill_330000 BytedanceWebview/d8a21c6',
};

/** Public addresses geoip-lite places in known countries (IN and NG are developing countries). */
export const IP = { us: '8.8.8.8', gb: '81.2.69.142', in: '14.139.0.1', ng: '41.58.0.1' };

let counter = 0;
/** A name unique within this run, for emails and short codes. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}`;
}

export async function apiRegister(server: ServerProcess, name: string, email: string, password: string) {
  const response = await fetch(`${server.url}/api/auth?action=register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  expect(response.status).toBe(201);
}

/** A new account under a unique address, signed in over the API. */
export async function apiSignedInUser(
  server: ServerProcess,
  name: string,
  emailPrefix: string,
  password = 'secret123',
) {
  const email = `${unique(emailPrefix)}@example.com`;
  await apiRegister(server, name, email, password);
  return apiLogin(server, email, password);
}

export async function apiLogin(
  server: ServerProcess,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LoginResponse> {
  const response = await fetch(`${server.url}/api/auth?action=login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginResponse;
}

/** A JSON call of the API as `token`'s user (in team `team`, a shared team's id, when given): its status and answer. */
export async function apiUserCall(
  server: ServerProcess,
  token: string,
  method: string,
  path: string,
  body: unknown,
  team?: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  if (team !== undefined) headers['X-Team'] = String(team);
  const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function apiCreateLink(
  server: ServerProcess,
  token: string,
  body: Record<string, unknown>,
): Promise<Link> {
  const answer = await apiUserCall(server, token, 'POST', '/api/links/create', body);
  expect(answer.status).toBe(201);
  return answer.body.link as Link;
}

/** A link made by the administrator (POST /api/links with the admin key). */
export async function apiCreateAdminLink(server: ServerProcess, body: Record<string, unknown>): Promise<Link> {
  const response = await fetch(`${server.url}/api/links`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.adminKey },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Link;
}

/** What the checks of every screen (axe, the Spanish scan) draw their screens over. */
export interface ScreensFixture {
  user: LoginResponse;
  userLinkId: number;
  adminLinkId: number;
  protectedCode: string;
  tiktokCode: string;
}

/**
 * A user "Ada Lovelace" with a link visited from three countries ("User link"), a protected link
 * and a TikTok link, and an administrator's link visited once ("Admin link").
 */
export async function apiScreensFixture(server: ServerProcess, tag: string): Promise<ScreensFixture> {
  const user = await apiSignedInUser(server, 'Ada Lovelace', tag);
  const link = (prefix: string, body: Record<string, unknown>) =>
    apiCreateLink(server, user.token, { short_code: unique(prefix).slice(0, 30), ...body });
  const userLink = await link(tag, { target_url: 'https://example.com/user', title: 'User link' });
  const protectedLink = await link('pw', { target_url: 'https://example.com/secret', password: 'open sesame' });
  const tiktokLink = await link('tt', { target_url: 'https://example.com/tiktok', enable_tiktok_bypass: true });
  for (const [ua, ip] of [
    [UA.iphone, IP.us],
    [UA.android, IP.gb],
    [UA.windows, IP.in],
  ] as const) {
    await visit(server, userLink.short_code, ua, ip);
  }
  const adminLink = await apiCreateAdminLink(server, { target_url: 'https://example.com/admin', title: 'Admin link' });
  await visit(server, adminLink.short_code, UA.firefox, IP.us);
  return {
    user,
    userLinkId: userLink.id,
    adminLinkId: adminLink.id,
    protectedCode: protectedLink.short_code,
    tiktokCode: tiktokLink.short_code,
  };
}

/** Follows a short link the way a browser would, without following the redirect. */
export async function visit(server: ServerProcess, shortCode: string, ua: string, ip: string) {
  return fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': ua, 'X-Forwarded-For': ip },
  });
}

/** Puts a session in localStorage the way the login page does. */
export async function storeSession(page: Page, session: LoginResponse) {
  await page.evaluate((value) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'userSession',
      JSON.stringify(value),
    );
  }, session);
}

/** Signs `session` in the way the login page does, then opens `path` (the dashboard unless given). */
export async function openSignedIn(page: Page, url: string, session: LoginResponse, path = '/dashboard') {
  await page.goto(`${url}/login`);
  await storeSession(page, session);
  await page.goto(`${url}${path}`);
}

/** Signs `session` in on the dashboard and opens the user's "Create New Link" dialog. */
export async function openCreateLinkDialog(page: Page, url: string, session: LoginResponse): Promise<Locator> {
  await openSignedIn(page, url, session);
  await page.getByRole('button', { name: 'Create New Link' }).click();
  return page.getByRole('dialog', { name: 'Create New Link' });
}

export async function readStoredSession(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
      'userSession',
    ),
  );
}

export async function screenshot(page: Page, name: string) {
  // Park the pointer so no chart tooltip or hover state lingers in the picture.
  await page.mouse.move(0, 0);
  const modal = await page.locator('dialog[open]').count();
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: modal === 0 });
}

/** Clicks are stored in batches: reload until the row shows what the server has counted. */
export async function expectRowEventually(page: Page, shortCode: string, texts: string[]) {
  await expect(async () => {
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: `/${shortCode}` });
    // The page needs a moment to start and read the list; then the figures must be there at once.
    await expect(row).toBeVisible({ timeout: 10_000 });
    for (const text of texts) await expect(row).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/** Signs in to the admin area with the server's key, the way the login page does. */
export async function adminSignIn(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(/^Admin key/).fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
}

/** Creates `count` links for a user over the API, `make(i)` giving each one's fields. */
export async function apiCreateLinks(
  server: ServerProcess,
  token: string,
  count: number,
  make: (index: number) => Record<string, unknown>,
): Promise<Link[]> {
  const links: Link[] = [];
  for (let index = 0; index < count; index += 1) links.push(await apiCreateLink(server, token, make(index)));
  return links;
}

/** One of a user's links as the API answers it. */
export async function apiUserLink(server: ServerProcess, token: string, id: number): Promise<Link> {
  const response = await fetch(`${server.url}/api/links/user?linkId=${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { link: Link }).link;
}

/** Any link as the admin API answers it, found by its short code. */
export async function apiAdminLinkByCode(server: ServerProcess, shortCode: string): Promise<Link> {
  const response = await fetch(`${server.url}/api/links?q=${encodeURIComponent(shortCode)}`, {
    headers: { 'X-API-Key': server.adminKey },
  });
  expect(response.status).toBe(200);
  const found = ((await response.json()) as Link[]).find((link) => link.short_code === shortCode);
  if (!found) throw new Error(`no link ${shortCode}`);
  return found;
}

/** In the page: the CSS transitions running now, ended (not animations: a spinner's never ends). */
const TRANSITIONS_ENDED = `Promise.all(document.getAnimations()
  .filter((animation) => animation instanceof CSSTransition)
  .map((animation) => animation.finished.catch(() => undefined)))`;

/**
 * The serious and critical axe findings (WCAG 2.1 A and AA) of the page as it is, in both themes; soft, so one run
 * names every screen. `include`: only that part of the page (an open dialog), a fraction of the time on a busy machine.
 */
export async function expectAccessibleInBothThemes(page: Page, screen: string, include?: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // Buttons fade between the themes' colours (--transition): axe must read the colours they end
    // on, not a frame of the fade (CI once saw the header's buttons mid-fade fail contrast).
    await page.evaluate(TRANSITIONS_ENDED);
    const serious = (await axeViolations(page, include))
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect.soft(serious, `${screen} (${theme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Keeps `language` in this browser as the language switch does (`localStorage["me.language"]`); the next load uses it. */
export async function keepLanguage(page: Page, language: string) {
  await page.evaluate(
    (code) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        'me.language',
        code,
      ),
    language,
  );
}

/** Opens the link form's folded section titled `title` within `scope` (a dialog, or the page), and returns it. */
export async function openFormSection(scope: Page | Locator, title: string): Promise<Locator> {
  // A filter's inner locator is read from the section, so it must start at the page, not at `scope`.
  const page = 'page' in scope ? scope.page() : scope;
  const section = scope.locator('details.form-section').filter({ has: page.getByText(title, { exact: true }) });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  return section;
}
