/**
 * The analytics date range and Export CSV in Chromium against the built server, with clicks made by
 * real short-link requests: the admin per-link page, the user's analytics view and the admin
 * dashboard's summary. The browser runs in Asia/Kathmandu (+05:45), so presets end on its today.
 * Screenshots go to tests/artifacts/ (git-ignored).
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { Link, LoginResponse } from '../../redirector/contract';
import { expect, serverForFile, test } from './fixtures';
import { adminSignIn, apiCreateLink, apiLogin, apiRegister, IP, storeSession, UA, unique, visit } from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });
test.use({
  viewport: { width: 1280, height: 860 },
  timezoneId: 'Asia/Kathmandu',
});
test.describe.configure({ mode: 'serial' });

/** A month long before any click of this run. */
const BEFORE = { from: '2020-01-01', to: '2020-01-31' };

let session: LoginResponse;
let adminLink: Link;
let userLink: Link;

test.beforeAll(async ({ server }) => {
  const email = `${unique('range')}@example.com`;
  await apiRegister(server, 'Range Tester', email, 'correct horse');
  session = await apiLogin(server, email, 'correct horse');
  adminLink = await apiCreateLink(server, session.token, {
    short_code: unique('ra'),
    target_url: 'https://a.example/',
  });
  userLink = await apiCreateLink(server, session.token, { short_code: unique('ru'), target_url: 'https://u.example/' });
  for (const [ua, ip] of [
    [UA.iphone, IP.us],
    [UA.android, IP.gb],
    [UA.windows, IP.in],
  ] as const) {
    expect((await visit(server, adminLink.short_code, ua, ip)).status).toBe(302);
  }
  for (const [ua, ip] of [
    [UA.firefox, IP.ng],
    [UA.windows, IP.us],
  ] as const) {
    expect((await visit(server, userLink.short_code, ua, ip)).status).toBe(302);
  }
});

const statValue = (page: Page, label: string) =>
  page.locator('.stat-card').filter({ hasText: label }).locator('.stat-card__value');
const rangeButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Date range' }).getByRole('button', { name, exact: true });

async function chooseCustom(page: Page, from: string, to: string) {
  await rangeButton(page, 'Custom').click();
  await page.getByLabel('From').fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** The rows of a downloaded clicks CSV, as objects by column. */
async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const file = await download.path();
  return parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true });
}

async function exportCsv(page: Page): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  return downloading;
}

/** The CSV export of the link `shortCode`, named after it; its rows. */
async function exportedRows(page: Page, shortCode: string): Promise<Record<string, string>[]> {
  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toBe(`clicks-${shortCode}.csv`);
  return csvRows(download);
}

/** Picks the last `days` days: the choice lands in the address. */
async function pickLastDays(page: Page, days: number) {
  await rangeButton(page, `Last ${days} days`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]range=${days}d`));
}

async function shoot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `tests/artifacts/dateRange-${name}.png`, fullPage: true });
}

test('admin per-link page: presets, a custom range kept over reload and Back, Export CSV of the range', async ({
  page,
  server,
}) => {
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/link/${adminLink.id}`);
  // Clicks are stored in batches; the page polls every 5 s.
  await expect(statValue(page, 'Total Clicks')).toHaveText('3', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Click Trend (Last 7 Days)' })).toBeVisible();
  await expect(rangeButton(page, 'All time')).toHaveAttribute('aria-pressed', 'true');

  await pickLastDays(page, 7);
  await expect(rangeButton(page, 'Last 7 days')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: /^Click Trend \(\w+ \d+ – \w+ \d+\)$/ })).toBeVisible();
  await expect(statValue(page, 'Total Clicks')).toHaveText('3');
  await expect(statValue(page, 'Unique Visitors')).toHaveText('3');
  await shoot(page, 'admin-link-7d');

  const rows = await exportedRows(page, adminLink.short_code);
  expect(rows).toHaveLength(3);
  expect(new Set(rows.map((row) => row.link_id))).toEqual(new Set([String(adminLink.id)]));
  expect(rows.map((row) => row.ip_address).sort()).toEqual([IP.gb, IP.in, IP.us].sort());

  // The contract's rule answers before any call is made.
  await chooseCustom(page, BEFORE.to, BEFORE.from);
  await expect(page.getByRole('alert')).toHaveText('from must not be after to');
  await expect(page).toHaveURL(/[?&]range=7d/);

  await chooseCustom(page, BEFORE.from, BEFORE.to);
  await expect(page).toHaveURL(new RegExp(`from=${BEFORE.from}&to=${BEFORE.to}`));
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await expect(statValue(page, 'Unique Visitors')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'Click Trend (Jan 1 – Jan 31)' })).toBeVisible();
  await shoot(page, 'admin-link-custom');
  expect(await csvRows(await exportCsv(page))).toHaveLength(0);

  await page.reload();
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await expect(rangeButton(page, 'Custom')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('From')).toHaveValue(BEFORE.from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(BEFORE.to);

  await page.goBack();
  await expect(page).toHaveURL(/[?&]range=7d/);
  await expect(statValue(page, 'Total Clicks')).toHaveText('3');
  await rangeButton(page, 'All time').click();
  await expect(page).toHaveURL(`${server.url}/admin/link/${adminLink.id}`);
  await expect(page.getByRole('heading', { name: 'Click Trend (Last 7 Days)' })).toBeVisible();
});

test("user analytics view: the range in the address, figures of the range, Export CSV of the user's link", async ({
  page,
  server,
}) => {
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await page
    .getByRole('row')
    .filter({ hasText: `/${userLink.short_code}` })
    .getByRole('button', { name: /analytics/i })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]link=${userLink.id}`));
  await expect(statValue(page, 'Total Clicks')).toHaveText('2', { timeout: 15_000 });

  await pickLastDays(page, 30);
  await expect(page.getByRole('heading', { name: /^Clicks Over Time \(\w+ \d+ – \w+ \d+\)$/ })).toBeVisible();
  await expect(statValue(page, 'Total Clicks')).toHaveText('2');
  await expect(statValue(page, 'Countries')).toHaveText('2');
  await shoot(page, 'user-30d');
  const rows = await exportedRows(page, userLink.short_code);
  // The owner's export carries every click field but the visitor's address (docs/api.md, the click export).
  expect(rows.map((row) => row.country).sort()).toEqual(['NG', 'US']);
  expect(rows.every((row) => !('ip_address' in row))).toBe(true);
  expect(new Set(rows.map((row) => row.link_id))).toEqual(new Set([String(userLink.id)]));

  await chooseCustom(page, BEFORE.from, BEFORE.to);
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`link=${userLink.id}.*from=${BEFORE.from}&to=${BEFORE.to}`));
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await expect(statValue(page, 'Mobile Clicks')).toHaveText('0');
  expect(await csvRows(await exportCsv(page))).toHaveLength(0);

  // Leaving the link's view leaves its range behind.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
});

test("admin dashboard: the summary's figures follow the range", async ({ page, server }) => {
  await adminSignIn(page, server);
  await expect(statValue(page, 'Total Clicks')).toHaveText('5', { timeout: 15_000 });
  await pickLastDays(page, 90);
  await expect(statValue(page, 'Total Clicks')).toHaveText('5');
  await expect(statValue(page, 'Unique Visitors')).toHaveText('4');
  await chooseCustom(page, BEFORE.from, BEFORE.to);
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await expect(statValue(page, 'Unique Visitors')).toHaveText('0');
  // The number of links is not a figure of the range.
  await expect(statValue(page, 'Total Links')).toHaveText('2');
  await expect(page.getByText('No data yet').first()).toBeVisible();
  await page.reload();
  await expect(statValue(page, 'Total Clicks')).toHaveText('0');
  await shoot(page, 'admin-dashboard-custom');
});
