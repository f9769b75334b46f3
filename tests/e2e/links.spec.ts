/**
 * Link lists at scale in Chromium against the built server: one page at a time, search, sort by
 * clicks, the tag filter, and the list state in the address through reload, Back and Forward, on
 * the user's dashboard and the admin Links page (the same components).
 */
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { adminSignIn, apiCreateLinks, apiSignedInUser, IP, screenshot, storeSession, UA, visit } from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });
test.describe.configure({ mode: 'serial' });

const COUNT = 62;
const code = (index: number) => `item-${String(index).padStart(2, '0')}`;

/** The status line under a list: '1–50 of 62'. */
const status = (page: Page) => page.getByRole('navigation', { name: 'Link pages' });
const rows = (page: Page) => page.locator('tbody tr');

test('the dashboard pages, searches, sorts and filters, and keeps it all in the address', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Pat Pages', 'pages');
  await apiCreateLinks(server, session.token, COUNT, (index) => ({
    short_code: code(index),
    title: `Item ${index}`,
    target_url: `https://example.com/${index}`,
    tags: index % 5 === 0 ? ['promo'] : [],
  }));
  // item-10 gets three clicks, item-03 one: sorted by clicks they come first.
  for (const ip of [IP.us, IP.gb, IP.in]) await visit(server, code(10), UA.windows, ip);
  await visit(server, code(3), UA.windows, IP.us);

  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await expect(status(page)).toContainText(`1–50 of ${COUNT}`);
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).toContainText(code(COUNT - 1));
  await expect(page.locator('.card-grid')).toContainText(String(COUNT));
  await screenshot(page, 'links-dashboard-page-1');

  await status(page).getByRole('button', { name: 'Next' }).click();
  await expect(status(page)).toContainText(`51–${COUNT} of ${COUNT}`);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows(page)).toHaveCount(COUNT - 50);
  await page.reload();
  await expect(status(page)).toContainText(`51–${COUNT} of ${COUNT}`);
  await page.goBack();
  await expect(status(page)).toContainText(`1–50 of ${COUNT}`);
  await page.goForward();
  await expect(status(page)).toContainText(`51–${COUNT} of ${COUNT}`);

  await page.getByRole('searchbox', { name: 'Search links' }).fill('item-4');
  await expect(page).toHaveURL(/[?&]q=item-4/);
  await expect(status(page)).toContainText('1–10 of 10');
  await expect(page).not.toHaveURL(/page=2/);
  await page.getByRole('searchbox', { name: 'Search links' }).fill('nothing-like-this');
  await expect(page.getByText('No links match')).toBeVisible();
  await screenshot(page, 'links-dashboard-no-match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(status(page)).toContainText(`1–50 of ${COUNT}`);

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('clicks');
  await expect(page).toHaveURL(/[?&]sort=clicks/);
  await expect(rows(page).nth(0)).toContainText(code(10));
  await expect(rows(page).nth(1)).toContainText(code(3));
  await page.getByRole('button', { name: /^Descending order/ }).click();
  await expect(page).toHaveURL(/[?&]order=asc/);
  await expect(rows(page).first()).not.toContainText(code(10));
  await page.getByRole('button', { name: /^Ascending order/ }).click();
  await expect(rows(page).first()).toContainText(code(10));

  await page
    .getByRole('row')
    .filter({ hasText: code(10) })
    .getByRole('button', { name: 'promo' })
    .click();
  await expect(page).toHaveURL(/[?&]tag=promo/);
  await expect(status(page)).toContainText('1–13 of 13');
  await expect(page.getByRole('combobox', { name: 'Tag' })).toHaveValue('promo');
  await page.reload();
  await expect(status(page)).toContainText('1–13 of 13');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('clicks');
  await screenshot(page, 'links-dashboard-filtered');

  // The list state survives a trip to a link's analytics and back.
  await rows(page).first().getByRole('button', { name: 'View analytics' }).click();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/tag=promo/);
  await expect(status(page)).toContainText('1–13 of 13');
});

test('the admin Links page pages and filters every link with the same controls', async ({ page, server }) => {
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/links?per_page=25&page=3`);
  await expect(status(page)).toContainText(`51–${COUNT} of ${COUNT}`);
  await status(page).getByRole('button', { name: 'Previous' }).click();
  await expect(status(page)).toContainText(`26–50 of ${COUNT}`);
  await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('25');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('promo');
  await expect(status(page)).toContainText('1–13 of 13');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('short_code');
  await expect(rows(page).first()).toContainText(code(0));
  await screenshot(page, 'links-admin-filtered');
});
