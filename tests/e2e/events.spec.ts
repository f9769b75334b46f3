/**
 * The live stream and webhooks in Chromium against the built server (docs/api.md#live-stream,
 * docs/api.md#webhooks): the admin dashboard changes after a click without polling (the page's
 * requests over ~10 s are one stream and reads that follow clicks, no timer's), 50 clicks in 10 s
 * bring each panel's call at most twice while its figures follow every click, Live Visitors shows
 * a click within two seconds, and the Webhooks screen creates a webhook (its secret shown once),
 * sends a test to a real receiver on loopback (verified with the standardwebhooks library) and shows
 * it in the delivery log.
 */
import type { Page, Request } from '@playwright/test';
import type { ServerProcess } from '../helpers/serverProcess';
import { startReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateAdminLink } from './userHelpers';

serverForFile({ TRUST_PROXY: '1', OUTBOUND_ALLOW_PRIVATE: '1' });
test.describe.configure({ mode: 'serial' });

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let visitors = 0;
async function visit(server: ServerProcess, shortCode: string): Promise<void> {
  visitors += 1;
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': `8.8.${Math.floor(visitors / 200)}.${visitors % 200}` },
  });
  expect(response.status).toBe(302);
}

async function signIn(page: Page, server: ServerProcess): Promise<void> {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(/^Admin key/).fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
}

/** The API calls the page makes from now on, by path; `times` holds when each was heard here (Date.now()). */
function recordCalls(page: Page): string[] & { times: number[] } {
  const calls = Object.assign([] as string[], { times: [] as number[] });
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push(`${request.method()} ${url.pathname}`);
    calls.times.push(Date.now());
  });
  return calls;
}

let shortCode = '';

test.beforeAll(async ({ server }) => {
  await apiCreateAdminLink(server, { target_url: 'https://example.com/live', short_code: 'live' });
  shortCode = 'live';
});

test('the dashboard follows the stream: clicks show at once, and nothing polls', async ({ page, server }) => {
  const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/stream');
  await signIn(page, server);
  await streamOpened;
  const activeVisitors = page.getByTestId('active-visitors');
  await expect(activeVisitors).toBeVisible();
  // Settled: the first reads are done.
  await page.waitForTimeout(1500);
  const calls = recordCalls(page);

  // Quiet: no click, no call (the panels' timers of 3 s, 5 s and 30 s are off while the stream is up).
  await page.waitForTimeout(4000);
  expect([...calls]).toEqual([]);

  // Clicks: each one shows within a second or two, read once after it; still one stream.
  let clicks = 0;
  for (let round = 0; round < 3; round++) {
    const before = await activeVisitors.textContent();
    await visit(server, shortCode);
    clicks += 1;
    await expect(activeVisitors).not.toHaveText(before ?? '', { timeout: 2000 });
    await page.waitForTimeout(1000);
  }
  expect(calls.filter((call) => call.includes('/api/stream'))).toEqual([]);
  const realtimeReads = calls.filter((call) => call === 'GET /api/analytics/realtime').length;
  expect(realtimeReads).toBeGreaterThanOrEqual(1);
  expect(realtimeReads).toBeLessThanOrEqual(clicks);
});

test('however fast clicks come, each panel reads its call at most once per 5 s, and its figures follow', async ({
  page,
  server,
}) => {
  const streamOpened = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/stream');
  await signIn(page, server);
  await streamOpened;
  const totalClicks = page.locator('.stat-card').filter({ hasText: 'Total Clicks' }).locator('.stat-card__value');
  const activeVisitors = page.getByTestId('active-visitors');
  await expect(activeVisitors).toBeVisible();
  await expect(totalClicks).toHaveText(/^\d+$/);
  // Settled: the first reads, and the one each panel makes once the stream is up, are done before
  // the clicks (that one, made just before the first click, could fall within the 10 s as a third).
  await page.waitForTimeout(1500);
  const clicksBefore = Number(await totalClicks.textContent());
  const onlineBefore = Number(await activeVisitors.textContent());
  const calls = recordCalls(page);

  // 50 clicks over about 9 s, each from a new visitor; the reads counted over the 10 s from the first,
  // by when each request was heard here: a request is heard after it is made, so a read made 10 s or
  // more after `started` never counts, however late this process's own timers run on a loaded machine
  // (and one made before it may, if heard after).
  // The page is read now and then meanwhile (the figure climbs), which also keeps headless Chromium's page busy.
  const started = Date.now();
  let shown = clicksBefore;
  for (let click = 0; click < 50; click++) {
    await visit(server, shortCode);
    if (click % 10 === 9) shown = Number(await totalClicks.textContent());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (click + 1) * 180 - Date.now())));
  }
  expect(shown).toBeGreaterThan(clicksBefore);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 10_000 - Date.now())));
  const heardWithin = (time: number | undefined) => time !== undefined && time >= started && time < started + 10_000;
  const reads = calls.filter((_, index) => heardWithin(calls.times[index]));
  const readsOf = (panel: string, list: string[]) =>
    list.filter((call) => call === `GET /api/analytics/${panel}`).length;
  for (const panel of ['summary', 'realtime', 'live']) {
    expect(readsOf(panel, reads), `reads of /api/analytics/${panel} in 10 s`).toBeLessThanOrEqual(2);
    // Still read again after the clicks (on a slow machine, perhaps only after the 10 s).
    await expect.poll(() => readsOf(panel, calls), { message: `a read of /api/analytics/${panel}` }).toBeGreaterThan(0);
  }
  // The figures followed every click.
  await expect(totalClicks).toHaveText(String(clicksBefore + 50));
  await expect(activeVisitors).toHaveText(String(onlineBefore + 50));
});

test('Live Visitors shows a click within two seconds', async ({ page, server }) => {
  await signIn(page, server);
  await page.getByRole('navigation').getByRole('link', { name: 'Live Visitors', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Visitors' })).toBeVisible();
  const rows = page.getByTestId('live-visitor');
  await expect(rows.first()).toBeVisible();
  await page.waitForTimeout(1000);
  const before = await rows.count();
  await visit(server, shortCode);
  await expect(rows).toHaveCount(before + 1, { timeout: 2000 });
});

test.describe('the Webhooks screen', () => {
  let receiver: WebhookReceiver;
  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  test('creates a webhook (the secret once), sends a test to a receiver, shows the delivery log', async ({
    page,
    server,
  }) => {
    await signIn(page, server);
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByLabel('Destination URL').fill(receiver.url);
    await page.getByLabel('Description').fill('e2e receiver');
    await page.getByRole('checkbox', { name: /Link created/ }).check();
    await page.getByRole('button', { name: 'Create Webhook' }).click();
    const secret = page.getByTestId('new-webhook-secret');
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
    receiver.secret = (await secret.textContent()) ?? '';
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(secret).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('e2e receiver')).toBeVisible();
    await expect(page.getByText(receiver.secret)).toHaveCount(0);

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByTestId('webhook-test-result')).toHaveText('Test delivered (200)');
    expect(receiver.received.map((message) => [message.type, message.verified])).toEqual([['webhook.test', true]]);
    await page.getByRole('button', { name: 'Delivery log' }).click();
    await expect(page.locator('[data-testid^="webhook-delivery-"]')).toHaveCount(1);
    await expect(page.locator('[data-testid^="webhook-delivery-"]')).toContainText('webhook.test');
    await expect(page.locator('[data-testid^="webhook-delivery-"]')).toContainText(receiver.received[0]!.id);

    // Off, then deleted.
    await page.getByRole('checkbox', { name: /Turn off/ }).click();
    await expect(page.getByRole('checkbox', { name: /Turn on/ })).not.toBeChecked();
    await page.getByRole('button', { name: /Delete webhook/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete webhook' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  });
});
