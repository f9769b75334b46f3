/**
 * Links that convert in Chromium against the built server (docs/api.md#social-previews,
 * #split-traffic, #link-health): the form's "Social preview" section and its card, the "Split
 * traffic" rows with their sum and the server's rule, the Variants panel on both per-link views,
 * and a broken link marked in the lists (its reason in the UI's language) and counted on the dashboards.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiAdminLinkByCode,
  apiCreateLink,
  apiSignedInUser,
  screenshot,
  storeSession,
  UA,
  unique,
  visit,
} from './userHelpers';

serverForFile({ TRUST_PROXY: '1', OUTBOUND_ALLOW_PRIVATE: '1' });

/** A destination that is gone: link checks find it broken. */
let gone: http.Server;
let GONE: string;

test.beforeAll(async () => {
  gone = http.createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  GONE = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/old-offer`;
});
test.afterAll(() => new Promise<void>((resolve) => gone.close(() => resolve())));

async function openSection(page: Page, title: string) {
  const section = page.locator('details.form-section').filter({ has: page.getByText(title, { exact: true }) });
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  return section;
}

const SPLIT = [
  { url: 'https://shop.example/a', weight: 60 },
  { url: 'https://shop.example/b', weight: 40 },
];

test('the admin form sets a social preview with its card, and a split refused until its shares add up to 100', async ({
  page,
  server,
}) => {
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/create`);
  const shortCode = await page.getByLabel('Short Code').inputValue();
  await page.getByLabel('Target URL').fill('https://shop.example/a');
  await page.getByLabel('Title').fill('Autumn sale');

  const preview = await openSection(page, 'Social preview');
  const card = preview.getByTestId('preview-card');
  await expect(card).toContainText('Autumn sale');
  await expect(card).toContainText('shop.example');
  await page.getByLabel('Card headline').fill('Half off everything');
  await page.getByLabel('Preview description').fill('Only this week, <b>really</b>');
  await page.getByLabel('Preview image').fill('http://img.example/card.png');
  await expect(card).toContainText('Half off everything');
  await expect(card).toContainText('Only this week, <b>really</b>');

  const split = await openSection(page, 'Split traffic');
  await split.getByRole('button', { name: 'Add variant' }).click();
  await expect(split.getByLabel('Variant 1 address')).toHaveValue('https://shop.example/a');
  await split.getByLabel('Variant 2 address').fill('https://shop.example/b');
  await split.getByLabel('Variant 1 share (%)').fill('60');
  await split.getByLabel('Variant 2 share (%)').fill('30');
  await expect(split.getByText('Shares add up to 90%')).toBeVisible();
  await page.getByRole('button', { name: 'Create Link' }).click();
  // The form's own checks: the image must be https, the shares must add up to 100.
  await expect(preview.getByText('Preview image must be an https:// address')).toBeVisible();
  await expect(split.getByText('Variants: the weights must add up to 100')).toBeVisible();
  await page.getByLabel('Preview image').fill('https://img.example/card.png');
  await split.getByLabel('Variant 2 share (%)').fill('40');
  await expect(split.getByText('Shares add up to 100%')).toBeVisible();
  await screenshot(page, 'link-conversion-form');
  await page.getByRole('button', { name: 'Create Link' }).click();
  await expect(page).toHaveURL(/\/admin\/links$/);

  const created = await apiAdminLinkByCode(server, shortCode);
  expect(created).toMatchObject({
    preview_title: 'Half off everything',
    preview_description: 'Only this week, <b>really</b>',
    preview_image: 'https://img.example/card.png',
    variants: SPLIT,
  });
  // The edit page reads them back, sections open.
  await page.getByTestId(`link-row-${shortCode}`).getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Card headline')).toHaveValue('Half off everything');
  await expect(page.getByLabel('Variant 2 address')).toHaveValue('https://shop.example/b');
  await expect(page.getByLabel('Variant 1 share (%)')).toHaveValue('60');
});

test('the Variants panel shows where visitors went, on the admin page and in the user view', async ({
  page,
  server,
}) => {
  const session = await apiSignedInUser(server, 'Vera Variants', 'variants', 'secret-123');
  const link = await apiCreateLink(server, session.token, {
    target_url: SPLIT[0]!.url,
    variants: SPLIT,
    title: 'Split',
  });
  for (let visitor = 1; visitor <= 20; visitor += 1) {
    const answer = await visit(server, link.short_code, UA.windows, `8.8.${visitor}.8`);
    expect(SPLIT.map((variant) => variant.url)).toContain(answer.headers.get('location'));
  }

  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await page
    .getByRole('row')
    .filter({ hasText: link.short_code })
    .getByRole('button', { name: 'View analytics' })
    .click();
  const userPanel = page.locator('.card').filter({ has: page.getByText('Variants', { exact: true }) });
  await expect(userPanel.getByTestId('variant-row')).toHaveCount(2);
  await expect(userPanel.getByTestId('variant-row').first()).toContainText('https://shop.example/a');
  await expect(userPanel.getByTestId('variant-row').first()).toContainText('60%');
  const userCounts = await userPanel.getByTestId('variant-row').allInnerTexts();
  await screenshot(page, 'link-conversion-user-variants');

  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/link/${link.id}`);
  const adminPanel = page.locator('.card').filter({ has: page.getByText('Variants', { exact: true }) });
  await expect(adminPanel.getByTestId('variant-row')).toHaveCount(2);
  expect(await adminPanel.getByTestId('variant-row').allInnerTexts()).toEqual(userCounts);
  const answer = await fetch(`${server.url}/api/analytics/${link.id}`, { headers: { 'X-API-Key': server.adminKey } });
  const { variants } = (await answer.json()) as { variants: { clicks: number; unique_visitors: number }[] };
  expect(variants[0]!.clicks + variants[1]!.clicks).toBe(20);
  for (const [index, variant] of variants.entries()) {
    const cells = adminPanel.getByTestId('variant-row').nth(index).locator('td');
    await expect(cells.nth(3)).toHaveText(String(variant.clicks));
    await expect(cells.nth(5)).toHaveText(String(variant.unique_visitors));
  }
});

test('a broken link is marked with its reason in the lists, and the dashboards count it', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Boris Broken', 'broken', 'secret-123');
  const link = await apiCreateLink(server, session.token, { target_url: GONE, short_code: unique('gone') });
  const checked = await fetch(`${server.url}/api/links/check?id=${link.id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(checked.status).toBe(200);

  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  const row = page.getByRole('row').filter({ hasText: link.short_code });
  await expect(row.getByTestId('link-broken')).toContainText('Broken');
  await expect(row.getByTestId('link-broken')).toContainText('HTTP 404');
  await expect(page.locator('.stat-card').filter({ hasText: 'Broken Links' })).toContainText('1');

  await adminSignIn(page, server);
  await expect(page.getByTestId('broken-links')).toContainText(/\d+ broken links?/);
  await page.goto(`${server.url}/admin/links`);
  const adminRow = page.getByTestId(`link-row-${link.short_code}`);
  await expect(adminRow.getByTestId('link-broken')).toContainText('HTTP 404');
  await screenshot(page, 'link-conversion-broken');

  // The reason is the server's English, built from parts; the list shows it in the UI's language.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(adminRow.getByTestId('link-broken')).toHaveText('Roto Respuesta HTTP 404');
});
