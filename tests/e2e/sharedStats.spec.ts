/**
 * A shared stats page (docs/api.md#shared-stats) in Chromium at 390 px, with JavaScript turned off:
 * the whole page is there without it (summary, clicks per day, countries, devices, browsers,
 * referrers), fits the width, follows the system's dark theme, speaks the browser's language
 * (Spanish), and a password form lets the right password in. One server for the file.
 */
import type { Browser } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';

serverForFile();

const PHONE = { width: 390, height: 844 };

async function adminCall(url: string, adminKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-API-Key': adminKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { id: number; share: { id: number; url: string } },
  };
}

/** A page at 390 px without JavaScript, light or dark. */
async function phonePage(browser: Browser, colorScheme: 'light' | 'dark', locale = 'en-US') {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, colorScheme, locale });
  return { context, page: await context.newPage() };
}

test('a shared stats page is complete without JavaScript at 390 px, in both themes, behind its password', async ({
  browser,
  server,
}) => {
  const link = await adminCall(server.url, server.adminKey, 'POST', '/api/links', {
    title: 'Spring campaign with a rather long title that must wrap on a phone screen',
    target_url: 'https://shop.example.org/spring',
    short_code: 'spring',
  });
  expect(link.status).toBe(201);
  for (const agent of [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  ]) {
    const visit = await fetch(`${server.url}/spring`, { redirect: 'manual', headers: { 'User-Agent': agent } });
    expect(visit.status).toBe(302);
  }
  const open = await adminCall(server.url, server.adminKey, 'POST', `/api/links/share?id=${link.body.id}`, {});
  expect(open.status).toBe(201);
  const address = new URL(open.body.share.url as string);
  const pageUrl = `${server.url}${address.pathname}`;

  const light = await phonePage(browser, 'light');
  await light.page.goto(pageUrl);
  const { page } = light;
  await expect(page.getByRole('heading', { name: /Spring campaign/ })).toBeVisible();
  for (const panel of ['Summary', 'Clicks per day', 'Countries', 'Devices', 'Browsers', 'Referrers']) {
    await expect(page.getByRole('region', { name: panel })).toBeVisible();
  }
  // Both clicks, counted once the batch was stored (the redirect answers after it).
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('2Clicks');
  await expect(page.getByRole('region', { name: 'Devices' })).toContainText('iOS');
  await expect(page.locator('script')).toHaveCount(0);
  // Nothing wider than the phone.
  const widths = (await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]')) as number[];
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  const lightBackground = await page.evaluate('getComputedStyle(document.body).backgroundColor');
  // The range form works without a script: a plain GET to the page.
  await page.getByRole('textbox', { name: 'From' }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'To' }).fill('2020-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('0Clicks');
  await light.context.close();

  const dark = await phonePage(browser, 'dark');
  await dark.page.goto(pageUrl);
  const darkBackground = await dark.page.evaluate('getComputedStyle(document.body).backgroundColor');
  expect(darkBackground).not.toBe(lightBackground);
  await dark.context.close();

  // A browser in Spanish gets the page in Spanish, still one column.
  const spanish = await phonePage(browser, 'light', 'es-ES');
  await spanish.page.goto(pageUrl);
  await expect(spanish.page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(spanish.page.getByRole('region', { name: 'Resumen' })).toContainText('2Clics');
  await expect(spanish.page.getByRole('region', { name: 'Dispositivos' })).toContainText('iOS');
  await expect(spanish.page.getByRole('button', { name: 'Mostrar' })).toBeVisible();
  const spanishWidths = (await spanish.page.evaluate(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  )) as number[];
  expect(spanishWidths[0]).toBeLessThanOrEqual(spanishWidths[1]!);
  await spanish.context.close();

  // Behind a password: the form, a wrong answer, then the right one.
  const closed = await adminCall(server.url, server.adminKey, 'POST', `/api/links/share?id=${link.body.id}`, {
    password: 'tulips4all',
  });
  const locked = await phonePage(browser, 'light');
  const lockedUrl = `${server.url}${new URL(closed.body.share.url as string).pathname}`;
  await locked.page.goto(lockedUrl);
  await expect(locked.page.getByRole('heading', { name: 'These statistics are protected' })).toBeVisible();
  await expect(locked.page.getByRole('region', { name: 'Countries' })).toHaveCount(0);
  await locked.page.getByLabel('Password').fill('roses');
  await locked.page.getByRole('button', { name: 'Show statistics' }).click();
  await expect(locked.page.getByRole('alert')).toContainText('Wrong password');
  await locked.page.getByLabel('Password').fill('tulips4all');
  await locked.page.getByRole('button', { name: 'Show statistics' }).click();
  await expect(locked.page.getByRole('region', { name: 'Summary' })).toContainText('2Clicks');
  // The cookie keeps it open for another look.
  await locked.page.goto(lockedUrl);
  await expect(locked.page.getByRole('region', { name: 'Countries' })).toBeVisible();
  await locked.context.close();

  // Revoked: 404 at once.
  const revoked = await fetch(`${server.url}/api/links/share?id=${link.body.id}&share=${open.body.share.id}`, {
    method: 'DELETE',
    headers: { 'X-API-Key': server.adminKey },
  });
  expect(revoked.status).toBe(204);
  expect((await fetch(pageUrl)).status).toBe(404);
});
