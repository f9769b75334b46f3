/**
 * The admin area in Chromium against the built server: sign-in, every navigation entry with data
 * made by real short-link requests, a link's whole life, the forced marker without a key, logout.
 * Screenshots of each screen go to tests/artifacts/ (git-ignored).
 */
import type { Page } from '@playwright/test';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateAdminLink } from './userHelpers';

// X-Forwarded-For gives each generated click its own visitor and country; serverForFile starts this
// file's server with an empty database, which the figures below count on.
serverForFile({ TRUST_PROXY: '1' });
test.describe.configure({ mode: 'serial' });

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

/** Public addresses geoip-lite places in known countries. */
const IP = { us: '8.8.8.8', gb: '81.2.69.142', de: '5.9.10.10', au: '1.128.0.1', jp: '133.11.0.1' };

async function visit(server: ServerProcess, shortCode: string, ua: string, ip: string, referer?: string) {
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': ua, 'X-Forwarded-For': ip, ...(referer ? { Referer: referer } : {}) },
  });
  expect(response.status).toBe(302);
}

async function signIn(page: Page, server: ServerProcess) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(/^Admin key/).fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(pageTitle(page, 'Analytics Dashboard')).toBeVisible();
}

/** The screen's title (h1). */
function pageTitle(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** An entry of the admin side navigation. */
function nav(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true });
}

/** A design-system card by its title. */
function card(page: Page, title: string) {
  return page.locator('section.card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

type KeyValueStore = { getItem(name: string): string | null };

/** The spec's storage markers as the page sees them (no DOM types in this project). */
async function readStorage(page: Page) {
  return page.evaluate(() => {
    const browser = globalThis as unknown as { sessionStorage: KeyValueStore; localStorage: KeyValueStore };
    return {
      flag: browser.sessionStorage.getItem('auth'),
      token: browser.localStorage.getItem('admin_token'),
      key: browser.sessionStorage.getItem('apiKey'),
      localKey: browser.localStorage.getItem('apiKey'),
    };
  });
}

async function shoot(page: Page, name: string) {
  // The sticky header is drawn where the page is scrolled to: start at the top.
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await page.screenshot({ path: `tests/artifacts/admin-${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await page.screenshot({ path: `tests/artifacts/admin-${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test.use({ viewport: { width: 1280, height: 860 } });

test('empty states before any link exists', async ({ page, server }) => {
  await signIn(page, server);
  await expect(page.getByText('No geographic data available yet')).toBeVisible();
  await expect(page.getByText('No data yet').first()).toBeVisible();
  await nav(page, 'Links').click();
  await expect(page.getByText('No links created yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first link' })).toBeVisible();
  await shoot(page, 'links-empty');
  await nav(page, 'Live Visitors').click();
  await expect(page.getByText('No active visitors right now')).toBeVisible();
  await nav(page, 'Conversion Funnel').click();
  await expect(page.getByText('No conversion data available yet')).toBeVisible();
  await nav(page, 'Repeat Visitors').click();
  await expect(page.getByText('No repeat visitors yet')).toBeVisible();
});

test('admin login: a wrong key is refused, the right one opens the dashboard', async ({ page, server }) => {
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(pageTitle(page, 'Admin Login')).toBeVisible();
  await shoot(page, 'login');
  // Every screen calls the credential "admin key" (the API's own message says "Invalid password").
  const adminKey = page.getByLabel(/^Admin key/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter the admin key')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show admin key' })).toBeVisible();
  await adminKey.fill('not-the-key');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid admin key')).toBeVisible();
  await expect(adminKey).toHaveValue('');
  await expect(page.locator('main')).not.toContainText(/password/i);
  await adminKey.fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(pageTitle(page, 'Analytics Dashboard')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/admin#authenticated`);
  await expect(page.getByRole('banner').getByText('Me - Admin')).toBeVisible();
  // The markers of docs/api.md#pages, and the key the server handed out (not the typed admin key).
  const stored = await readStorage(page);
  expect(stored.flag).toBe('true');
  expect(stored.token).toBe('authenticated');
  expect(stored.key).not.toBe(server.adminKey);
  const cookies = await page.context().cookies();
  const authCookie = cookies.find((cookie) => cookie.name === 'admin_auth');
  expect(authCookie?.value).toBe('authenticated');
  // The admin cookies (docs/api.md#pages): the admin area's only, Strict, lasting the session's 30 days.
  for (const name of ['admin_auth', 'apiKey']) {
    const cookie = cookies.find((found) => found.name === name);
    expect(cookie).toMatchObject({ path: '/admin', sameSite: 'Strict', secure: false });
    const life = Math.round((cookie?.expires ?? 0) - Date.now() / 1000);
    expect(life).toBeGreaterThan(2592000 - 120);
    expect(life).toBeLessThanOrEqual(2592000);
  }
  expect(cookies.find((cookie) => cookie.name === 'apiKey')?.value).toBe(stored.key);
  // A short link, followed in this signed-in browser, reaches the server without a cookie.
  // Its target is the storage debug page, under /admin, which still sees them.
  const link = await apiCreateAdminLink(server, {
    target_url: `${server.url}/admin/storage`,
    short_code: 'cookiecheck',
  });
  const sent = page.waitForRequest((request) => request.url() === `${server.url}/${link.short_code}`);
  await page.goto(`${server.url}/${link.short_code}`);
  expect((await (await sent).allHeaders()).cookie).toBeUndefined();
  await expect(page).toHaveURL(`${server.url}/admin/storage`);
  const cookieCard = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Cookies' }) });
  await expect(cookieCard.getByText('admin_auth')).toBeVisible();
  await expect(cookieCard.getByText(`${stored.key?.length} chars`)).toBeVisible();
  // The screens tested after this one start from an empty list.
  const removed = await fetch(`${server.url}/api/links?id=${link.id}`, {
    method: 'DELETE',
    headers: { 'X-API-Key': server.adminKey },
  });
  expect(removed.status).toBe(204);
  // Already signed in: the login page sends the visitor on to /admin.
  await page.goto(`${server.url}/admin/login`);
  await expect(pageTitle(page, 'Analytics Dashboard')).toBeVisible();
  // Unknown admin paths go to /admin.
  await page.goto(`${server.url}/admin/no-such-screen`);
  await expect(page).toHaveURL(`${server.url}/admin`);
});

test('create → list (badges, date) → edit → analytics shows the clicks → delete', async ({ page, server }) => {
  await signIn(page, server);
  await nav(page, 'Create Link').click();
  await expect(pageTitle(page, 'Create Link')).toBeVisible();
  const shortCode = page.getByLabel('Short Code');
  await expect(shortCode).toHaveValue(/^[A-Za-z0-9]{6}$/);
  const first = await shortCode.inputValue();
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(shortCode).not.toHaveValue(first);
  await shortCode.fill('summer-sale');
  // Short links live on PUBLIC_URL (by default http://localhost:$PORT), not on the admin's address.
  await expect(page.getByLabel('Full link')).toHaveText(`http://localhost:${server.port}/summer-sale`);
  await page.getByLabel('Title').fill('Summer sale');
  await page.getByLabel('Target URL').fill('not a url');
  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await page.getByLabel('Target URL').fill('https://shop.example.com/summer');
  await page.getByLabel('TikTok bypass page').check();
  await page.getByLabel(/^Country redirect/).check();
  await expect(page.getByLabel('Redirect URL')).toHaveValue('https://www.google.com/');
  await page.getByLabel(/^Instagram exit/).check();
  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page.getByText('Exit URL is required')).toBeVisible();
  await page.getByLabel('Exit URL').fill('https://shop.example.com/ig');
  await shoot(page, 'create');
  await page.getByRole('button', { name: 'Create Link' }).click();

  await expect(page).toHaveURL(`${server.url}/admin/links`);
  const row = page.getByTestId('link-row-summer-sale');
  await expect(row.getByText('Summer sale')).toBeVisible();
  await expect(row.getByText('TikTok')).toBeVisible();
  await expect(row.getByText('Geo')).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  await expect(row.getByText(today)).toBeVisible();
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();

  // Copy shows 'Copied!' (the clipboard may be refused headless: the confirmation still shows).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copy link' }).click();
  await expect(row.getByText('Copied!')).toBeVisible();

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(pageTitle(page, 'Edit Link')).toBeVisible();
  await expect(page.getByLabel('Short Code')).toBeDisabled();
  await expect(page.getByLabel('Short Code')).toHaveValue('summer-sale');
  await page.getByLabel('Title').fill('Summer sale 2025');
  await page.getByLabel('TikTok bypass page').uncheck();
  await shoot(page, 'edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/links`);
  await expect(row.getByText('Summer sale 2025')).toBeVisible();
  await expect(row.getByText('TikTok')).toHaveCount(0);

  // Real clicks: three visitors from the US, GB and Germany (none is a developing country).
  await visit(server, 'summer-sale', UA.iphone, IP.us, 'https://www.instagram.com/');
  await visit(server, 'summer-sale', UA.android, IP.gb);
  await visit(server, 'summer-sale', UA.windows, IP.de, 'https://news.ycombinator.com/item?id=1');
  await visit(server, 'summer-sale', UA.windows, IP.de);

  await page.reload();
  await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'View analytics' }).click();
  await expect(pageTitle(page, 'Summer sale 2025')).toBeVisible();
  await expect(page.getByText('3 online now')).toBeVisible();
  const totals = page.locator('.stat-card');
  await expect(totals.filter({ hasText: 'Total Clicks' })).toContainText('4');
  await expect(totals.filter({ hasText: 'Unique Visitors' })).toContainText('3');
  await expect(page.getByRole('heading', { name: 'Click Trend (Last 7 Days)' })).toBeVisible();
  // Each breakdown's title names the range it shows (no range chosen: all time).
  for (const title of [
    'Device Breakdown (All time)',
    'Top Countries (All time)',
    'Browser Breakdown (All time)',
    'Referrer Sources (All time)',
    'Operating Systems (All time)',
    'Device Models (All time)',
    'Hourly Click Patterns (All time)',
    'Day of Week Patterns (All time)',
    'Recent Clicks',
  ]) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  // Every chart gives its figures as a table, captioned with its title.
  await expect(page.getByRole('table', { name: 'Hourly Click Patterns (All time)' }).getByRole('row')).toHaveCount(25);
  await expect(page.getByRole('table', { name: 'Device Breakdown (All time)' })).toContainText('Web');
  await expect(page.getByText('United Kingdom').first()).toBeVisible();
  const recent = card(page, 'Recent Clicks');
  await expect(recent.getByRole('row')).toHaveCount(5);
  await expect(recent.getByText('8.8.8.8')).toBeVisible();
  // A fifth click shows up within one 5 s refresh, without reloading.
  await visit(server, 'summer-sale', UA.mac, IP.jp);
  await expect(recent.getByRole('row')).toHaveCount(6, { timeout: 12_000 });
  await expect(totals.filter({ hasText: 'Total Clicks' })).toContainText('5');
  await shoot(page, 'link-analytics');

  await page.getByRole('link', { name: 'Back to links' }).click();
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this link?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No links created yet')).toBeVisible();
  await page.goto(`${server.url}/admin/link/999999`);
  await expect(page.getByText('Link not found')).toBeVisible();
});

test('every navigation entry renders its screen with data from real clicks', async ({ page, server }) => {
  const promo = await apiCreateAdminLink(server, {
    title: 'Spring promo',
    target_url: 'https://shop.example.com/spring',
    short_code: 'spring',
    enable_country_redirect: true,
    country_redirect_url: 'https://www.google.com/',
  });
  await apiCreateAdminLink(server, {
    title: 'Newsletter',
    target_url: 'https://blog.example.com/',
    short_code: 'news',
  });
  await visit(server, 'spring', UA.iphone, IP.us, 'https://www.instagram.com/');
  await visit(server, 'spring', UA.iphone, IP.us);
  await visit(server, 'spring', UA.android, IP.gb, 'https://t.co/abc');
  await visit(server, 'spring', UA.windows, IP.de);
  await visit(server, 'news', UA.mac, IP.au, 'https://news.ycombinator.com/');
  await visit(server, 'news', UA.mac, IP.au);
  await visit(server, 'news', UA.windows, IP.jp);

  await signIn(page, server);
  const totals = page.locator('.stat-card');
  await expect(totals.filter({ hasText: 'Total Links' })).toContainText('2');
  await expect(totals.filter({ hasText: 'Total Clicks' })).toContainText('7');
  await expect(totals.filter({ hasText: 'Unique Visitors' })).toContainText('5');
  await expect(totals.filter({ hasText: "Today's Clicks" })).toContainText('7');
  await expect(page.getByTestId('active-visitors')).toHaveText('5');
  await expect(page.getByRole('heading', { name: 'Click Distribution by Country' })).toBeVisible();
  const countries = page.getByRole('list', { name: 'Countries' });
  await expect(countries.getByRole('listitem')).toHaveCount(5);
  await expect(card(page, 'Real-Time Activity').getByText('Spring promo').first()).toBeVisible();
  await shoot(page, 'dashboard');

  await nav(page, 'Links').click();
  await expect(page.getByTestId('link-row-spring').getByText('Geo')).toBeVisible();
  await expect(page.getByTestId('link-row-spring').getByRole('cell', { name: '4', exact: true })).toBeVisible();
  // Newest first.
  await expect(page.locator('tbody tr').first()).toContainText('Newsletter');
  await shoot(page, 'links');

  await nav(page, 'Create Link').click();
  await expect(pageTitle(page, 'Create Link')).toBeVisible();

  await nav(page, 'Live Visitors').click();
  await expect(pageTitle(page, 'Live Visitors')).toBeVisible();
  await expect(page.getByRole('button', { name: '5 min' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('live-visitor')).toHaveCount(5);
  await expect(page.locator('.stat-card').filter({ hasText: 'Total Online' })).toContainText('5');
  await expect(page.locator('.stat-card').filter({ hasText: 'Mobile' })).toContainText('2');
  await shoot(page, 'live');

  await nav(page, 'Repeat Visitors').click();
  await expect(pageTitle(page, 'Repeat Visitors')).toBeVisible();
  const repeat = page.locator('.stat-card');
  await expect(repeat.filter({ hasText: 'Total Unique Visitors' })).toContainText('5');
  await expect(repeat.filter({ hasText: /^Repeat Visitors/ })).toContainText('2');
  await expect(repeat.filter({ hasText: 'Repeat Rate' })).toContainText('40%');
  await expect(card(page, 'Top Repeat Visitors').getByText('8.8.8.8')).toBeVisible();
  await shoot(page, 'repeat-visitors');

  await nav(page, 'Conversion Funnel').click();
  await expect(pageTitle(page, 'Conversion Funnel')).toBeVisible();
  await expect(page.getByTestId('funnel-step')).toHaveCount(4);
  await expect(page.getByText('Estimate').first()).toBeVisible();
  await expect(page.getByTestId('funnel-percent').first()).toHaveText('100%');
  await shoot(page, 'conversion');

  await nav(page, 'Debug Info').click();
  await expect(pageTitle(page, 'Debug Info')).toBeVisible();
  await page.getByRole('button', { name: 'Test Links API' }).click();
  await expect(page.getByTestId('debug-outcome')).toHaveText('Links API OK: 2 links');
  await page.getByRole('button', { name: 'Initialize Database' }).click();
  await expect(page.getByTestId('debug-outcome')).toContainText('Database ready');
  await shoot(page, 'debug');
  await page.getByRole('link', { name: 'Storage debug' }).click();
  await expect(pageTitle(page, 'Storage Debug')).toBeVisible();
  await shoot(page, 'storage');

  await page.goto(`${server.url}/admin/edit/${promo.id}`);
  await expect(page.getByLabel('Short Code')).toHaveValue('spring');
  await expect(page.getByLabel('Redirect URL')).toHaveValue('https://www.google.com/');
});

test('live visitors shows a fresh visitor within one poll', async ({ page, server }) => {
  await apiCreateAdminLink(server, {
    title: 'Live check',
    target_url: 'https://example.com/live',
    short_code: 'live-check',
  });
  await signIn(page, server);
  await nav(page, 'Live Visitors').click();
  await page.getByRole('button', { name: '2 min' }).click();
  await expect(page.getByRole('button', { name: '2 min' })).toHaveAttribute('aria-pressed', 'true');
  const rows = page.getByTestId('live-visitor');
  const before = await rows.count();
  await visit(server, 'live-check', UA.android, '203.0.113.77');
  // Polled every 2 s: the visitor appears without a reload.
  await expect(page.getByText('203.0.113.77')).toBeVisible({ timeout: 6000 });
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByTestId('live-visitor').filter({ hasText: '203.0.113.77' })).toContainText('/live-check');
  // Paused: nothing new shows.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused')).toBeVisible();
  await visit(server, 'live-check', UA.iphone, '203.0.113.78');
  await page.waitForTimeout(4500);
  await expect(page.getByText('203.0.113.78')).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('203.0.113.78')).toBeVisible({ timeout: 6000 });
});

test('a forced marker without a key ends on the login page with a clear message', async ({ page, server }) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('button', { name: 'Auth debug' }).click();
  await page.getByRole('button', { name: 'Force Auth' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.getByText('Your admin session has expired. Please sign in again.')).toBeVisible();
  await shoot(page, 'login-expired');
  expect(await readStorage(page)).toEqual({ flag: null, token: null, key: null, localKey: null });

  // Markers set by hand with a key the server never issued: the same ending, no dashboard.
  await page.evaluate(() => {
    const browser = globalThis as unknown as {
      sessionStorage: { setItem(name: string, value: string): void };
      localStorage: { setItem(name: string, value: string): void };
    };
    browser.sessionStorage.setItem('auth', 'true');
    browser.localStorage.setItem('admin_token', 'authenticated');
    browser.localStorage.setItem('apiKey', 'stale-session-token');
  });
  await page.goto(`${server.url}/admin/live`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.getByText('Your admin session has expired. Please sign in again.')).toBeVisible();
  await expect(pageTitle(page, 'Live Visitors')).toHaveCount(0);
});

test('logout clears the markers, revokes the session and returns to the login page', async ({ page, server }) => {
  await signIn(page, server);
  const { key } = await readStorage(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(pageTitle(page, 'Admin Login')).toBeVisible();
  expect(await readStorage(page)).toEqual({ flag: null, token: null, key: null, localKey: null });
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name === 'admin_auth' || cookie.name === 'apiKey')).toEqual([]);
  // The server forgot the session token.
  const response = await fetch(`${server.url}/api/links`, { headers: { 'X-API-Key': key ?? '' } });
  expect(response.status).toBe(401);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
});

test('a session revoked elsewhere ends on the login page: its stream ends and the next call is refused', async ({
  page,
  server,
}) => {
  await signIn(page, server);
  await nav(page, 'Live Visitors').click();
  await expect(pageTitle(page, 'Live Visitors')).toBeVisible();
  const { key } = await readStorage(page);
  const response = await fetch(`${server.url}/api/auth?action=logout`, {
    method: 'POST',
    headers: { 'X-API-Key': key ?? '' },
  });
  expect(response.status).toBe(200);
  // The stream rechecks its credential and ends; the next call gets a 401: markers cleared, login page.
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await expect(page.getByText('Your admin session has expired. Please sign in again.')).toBeVisible();
  expect(await readStorage(page)).toEqual({ flag: null, token: null, key: null, localKey: null });
});

test('failed loads show the error panel and Retry recovers', async ({ page, server }) => {
  await signIn(page, server);
  let failures = 0;
  await page.route('**/api/links', async (route) => {
    if (failures > 0) return route.fallback();
    failures += 1;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Database is busy"}' });
  });
  await nav(page, 'Links').click();
  await expect(page.getByText('Error Loading Links')).toBeVisible();
  await expect(page.getByText('Failed to fetch links: 503 Database is busy')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('link-row-spring')).toBeVisible();

  await page.route('**/api/analytics/funnel*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await nav(page, 'Conversion Funnel').click();
  await expect(page.getByText('Error Loading Conversion Funnel')).toBeVisible();
  await expect(page.getByText('500 Internal Server Error')).toBeVisible();
  await page.unroute('**/api/analytics/funnel*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('funnel-step')).toHaveCount(4);
});
