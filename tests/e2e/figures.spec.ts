/**
 * Figures say what they mean (docs/api.md#pages): a breakdown row's percentage is its share of every
 * click in view, the same as the API's counts give, on the admin's and the user's per-link views;
 * "Unknown" is no country in the country totals nor an entry of any ranking of countries (a note
 * beside it); flags are images, not emoji.
 */
import type { Locator, Page } from '@playwright/test';
import type { LinkAnalyticsResponse, LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateAdminLink,
  apiCreateLink,
  apiSignedInUser,
  storeSession,
  UA,
  unique,
} from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });
test.describe.configure({ mode: 'serial' });

/** Seven countries and one address no database places: more rows than a top-5 list shows. */
const VISITS: [ip: string, times: number][] = [
  ['8.8.8.8', 4], // US
  ['81.2.69.142', 3], // GB
  ['14.139.0.1', 2], // IN
  ['41.58.0.1', 1], // NG
  ['5.9.10.10', 1], // DE
  ['1.128.0.1', 1], // AU
  ['133.11.0.1', 1], // JP
  ['10.20.30.40', 2], // private: Unknown
];

async function visitAll(server: ServerProcess, shortCode: string) {
  let visitor = 0;
  for (const [ip, times] of VISITS) {
    for (let i = 0; i < times; i += 1) {
      visitor += 1;
      const response = await fetch(`${server.url}/${shortCode}`, {
        redirect: 'manual',
        // Each click its own browser version, so each one is a visitor of its own.
        headers: { 'User-Agent': UA.windows.replace('124.0.0.0', `124.0.${visitor}.0`), 'X-Forwarded-For': ip },
      });
      expect(response.status).toBe(302);
    }
  }
}

function percent(count: number, total: number): string {
  return new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }).format(count / total);
}

/** Every row of a bar list: its label, count and percentage as shown. */
async function rows(list: Locator) {
  const found: { label: string; value: number; share: string }[] = [];
  for (const row of await list.locator('.bar-list__row').all()) {
    found.push({
      label: ((await row.locator('.bar-list__label').textContent()) ?? '').trim(),
      value: Number(((await row.locator('.bar-list__value').textContent()) ?? '').replace(/[^0-9]/g, '')),
      share: ((await row.locator('.bar-list__meta').textContent()) ?? '').trim(),
    });
  }
  return found;
}

/** The top-countries rows agree with the API's counts: share = count / every click of the link. */
async function expectSharesOfAll(page: Page, counts: Record<string, number>) {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Top Countries' }) });
  await expect(card.locator('.bar-list__row')).toHaveCount(5);
  const shown = await rows(card);
  // "Unknown" (XX) is no entry of the ranking: its clicks are a note below it.
  const byCount = Object.entries(counts)
    .filter(([code]) => code !== 'XX')
    .map(([, count]) => count)
    .sort((a, b) => b - a);
  expect(shown.map((row) => row.value)).toEqual(byCount.slice(0, 5));
  expect(shown.map((row) => row.label)).not.toContain('Unknown');
  await expect(card.getByTestId('unknown-countries')).toHaveText(`and ${counts.XX} clicks from unknown places`);
  for (const row of shown) expect(row.share).toBe(percent(row.value, total));
  // The shares of a top 5 do not add up to 100 % when more countries clicked.
  expect(shown.reduce((sum, row) => sum + row.value, 0)).toBeLessThan(total);
  const flags = card.locator('img.flag');
  await expect(flags.first()).toBeVisible();
  expect(
    await flags.first().evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(0);
}

let user: LoginResponse;
let userLinkId: number;
let adminLinkId: number;

test.beforeAll(async ({ server }) => {
  user = await apiSignedInUser(server, 'Grace Hopper', 'figures');
  const userLink = await apiCreateLink(server, user.token, {
    short_code: unique('fig').slice(0, 30),
    target_url: 'https://example.com/figures',
  });
  userLinkId = userLink.id;
  await visitAll(server, userLink.short_code);
  const adminLink = await apiCreateAdminLink(server, { target_url: 'https://example.com/admin-figures' });
  adminLinkId = adminLink.id;
  await visitAll(server, adminLink.short_code);
});

async function adminCounts(server: ServerProcess, id: number): Promise<Record<string, number>> {
  let counts: Record<string, number> = {};
  await expect(async () => {
    const response = await fetch(`${server.url}/api/analytics/${id}`, { headers: { 'X-API-Key': server.adminKey } });
    counts = ((await response.json()) as LinkAnalyticsResponse).stats.countryCounts;
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(15);
  }).toPass({ timeout: 15_000 });
  return counts;
}

test("the admin's per-link view: shares of every click, flags as images", async ({ page, server }) => {
  const counts = await adminCounts(server, adminLinkId);
  expect(Object.keys(counts)).toHaveLength(8);
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/link/${adminLinkId}`);
  await expectSharesOfAll(page, counts);
});

test("the user's per-link view gives the same shares", async ({ page, server }) => {
  const counts = await adminCounts(server, userLinkId);
  await page.goto(`${server.url}/login`);
  await storeSession(page, user);
  await page.goto(`${server.url}/dashboard?link=${userLinkId}`);
  await expectSharesOfAll(page, counts);
  // Seven countries and Unknown: the Countries card counts seven.
  await expect(page.locator('.stat-card').filter({ hasText: 'Countries' }).locator('dd').first()).toHaveText('7');
});

test('the dashboard counts Unknown as no country', async ({ page, server }) => {
  await adminSignIn(page, server);
  const summary = page.getByRole('definition').filter({ hasText: /^\d+$/ });
  await expect(summary.first()).toBeVisible();
  const countries = page.locator('.kv-list__row').filter({ has: page.getByText('Countries', { exact: true }) });
  // Two links, each clicked from the same seven countries and one unknown address.
  await expect(countries.locator('dd')).toHaveText('7');
  const list = page.getByRole('list', { name: 'Countries' });
  // "Unknown" is no ranked entry: seven countries, each with its flag; its clicks a note below.
  await expect(list.locator('.bar-list__row')).toHaveCount(7);
  await expect(list.getByText('Unknown')).toHaveCount(0);
  await expect(list.locator('img.flag')).toHaveCount(7);
  const card = page.locator('.card').filter({ has: list });
  await expect(card.getByTestId('unknown-countries')).toHaveText('and 4 clicks from unknown places');
  // Each row's share is of every click of both links (15 each).
  const shares = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
  for (const row of await rows(list)) expect(row.share).toBe(shares.format(row.value / 30));
});

test('"Unknown" is no entry of any top countries, however many clicks it holds', async ({ page, server }) => {
  // A link clicked mostly from places no database knows: Unknown holds the most clicks.
  const link = await apiCreateLink(server, user.token, {
    short_code: unique('unk').slice(0, 30),
    target_url: 'https://example.com/unknown-places',
  });
  for (const [index, ip] of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '8.8.8.8'].entries()) {
    const response = await fetch(`${server.url}/${link.short_code}`, {
      redirect: 'manual',
      headers: { 'User-Agent': UA.windows.replace('124.0.0.0', `124.1.${index}.0`), 'X-Forwarded-For': ip },
    });
    expect(response.status).toBe(302);
  }
  await page.goto(`${server.url}/login`);
  await storeSession(page, user);
  await page.goto(`${server.url}/dashboard?link=${link.id}`);
  const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: /^Top Countries/ }) });
  await expect(card.locator('.bar-list__row')).toHaveCount(1);
  await expect(card.locator('.bar-list__label')).toHaveText(['United States']);
  await expect(card.getByTestId('unknown-countries')).toHaveText('and 3 clicks from unknown places');

  // The administrator's dashboard: the top 5 chart and its table name no "Unknown" either.
  await adminSignIn(page, server);
  const top = page.locator('.card').filter({ has: page.getByRole('heading', { name: /^Top Countries/ }) });
  await expect(top.getByTestId('unknown-countries')).toHaveText('and 7 clicks from unknown places');
  await expect(top.getByRole('table')).not.toContainText('Unknown');
  await expect(top.getByRole('table')).toContainText('United States');
});

test('in Spanish: the panels, the chart titles with their range and the figures follow the language', async ({
  page,
  server,
}) => {
  const counts = await adminCounts(server, adminLinkId);
  await adminSignIn(page, server);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(name: string, value: string): void } }).localStorage.setItem(
      'me.language',
      'es',
    ),
  );
  await page.goto(`${server.url}/admin/link/${adminLinkId}`);
  await expect(page.getByRole('heading', { name: 'Tendencia de clics (Últimos 7 días)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Clics recientes', exact: true })).toBeVisible();
  const card = page
    .locator('.card')
    .filter({ has: page.getByRole('heading', { name: 'Países principales (Todo el tiempo)' }) });
  // Shares in Spanish ('27 %'), each of every click in view.
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const top = Math.max(...Object.values(counts));
  const spanish = new Intl.NumberFormat('es', { style: 'percent', maximumFractionDigits: 0 }).format(top / total);
  await expect(card.locator('.bar-list__meta').first()).toHaveText(spanish);
  expect(spanish).toMatch(/\d\s%$/);
  // The chart's text alternative too.
  await expect(page.getByRole('table', { name: 'Clics por hora del día (Todo el tiempo)' })).toContainText('Hora');
  await page.getByRole('button', { name: 'Últimos 30 días' }).click();
  await expect(page.getByRole('heading', { name: 'Desglose por dispositivo (Últimos 30 días)' })).toBeVisible();

  await page.goto(`${server.url}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de analíticas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Distribución de clics por país (Todo el tiempo)' })).toBeVisible();
  // "Unknown" in Spanish: a note below the ranking, not an entry of it.
  await expect(page.getByRole('list', { name: 'Países' }).getByText('Desconocido')).toHaveCount(0);
  await expect(page.getByTestId('unknown-countries').first()).toContainText('de lugares desconocidos');
});
