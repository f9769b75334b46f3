/**
 * Every screen in both themes under axe-core's WCAG 2.1 A and AA rules (docs/api.md#themes): no
 * serious or critical finding, the UI's screens and dialogs and the server's own pages alike. The
 * theme comes from the browser's colour scheme, as "System" (the default) follows it; the switch
 * itself is checked at the end.
 */
import { appendFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { startReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';
import { axeViolations } from './axe';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateLink,
  apiScreensFixture,
  apiSignedInUser,
  type ScreensFixture,
  storeSession,
  UA,
  unique,
} from './userHelpers';

// Webhooks deliver to a receiver on loopback, so the delivery log has rows to check.
serverForFile({ TRUST_PROXY: '1', OUTBOUND_ALLOW_PRIVATE: '1' });
test.describe.configure({ mode: 'serial' });

type Theme = 'light' | 'dark';

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical findings on the page as it is now, one line each for a readable diff. */
async function seriousFindings(page: Page, screen: string): Promise<string[]> {
  const violations = await axeViolations(page);
  recordFigures(screen, violations);
  const findings: Finding[] = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  return findings.map((finding) => `${finding.impact} ${finding.id}: ${finding.help} at ${finding.targets.join(', ')}`);
}

/**
 * With AXE_FIGURES=<file>, one JSON line per screen: its violated rules by impact and where, every
 * impact included (the test itself fails on serious and critical only).
 */
function recordFigures(screen: string, violations: { id: string; impact?: string | null; nodes: unknown[] }[]) {
  const file = process.env.AXE_FIGURES;
  if (!file) return;
  const rules = violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.length,
  }));
  appendFileSync(file, `${JSON.stringify({ screen, rules })}\n`);
}

async function expectAccessible(page: Page, screen: string, theme: Theme) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Soft: one run names every screen with a finding, not only the first.
  expect.soft(await seriousFindings(page, `${screen} (${theme})`), `${screen} (${theme})`).toEqual([]);
}

/** A server page: no data-theme (no script); its own colour-scheme media query decides. */
async function expectServerPageAccessible(page: Page, screen: string, theme: Theme) {
  expect.soft(await seriousFindings(page, `${screen} (${theme})`), `${screen} (${theme})`).toEqual([]);
}

/** Opens the first webhook's delivery log and waits for its row. */
async function openDeliveryLog(page: Page) {
  await page.getByRole('button', { name: 'Delivery log' }).first().click();
  await expect(page.getByTestId(/^webhook-delivery-/).first()).toBeVisible();
}

let fixture: ScreensFixture;

/** A call with a credential, its answer's JSON (or nothing for a 204). */
async function call(
  server: ServerProcess,
  credential: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...credential },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  return (response.status === 204 ? undefined : await response.json()) as any;
}

/** A webhook to the receiver with one test delivery in its log, so the log shows a row. */
async function webhookWithDelivery(server: ServerProcess, credential: Record<string, string>, url: string) {
  const created = await call(server, credential, 'POST', '/api/webhooks', {
    url,
    events: ['link.clicked', 'link.created'],
    description: 'Tell the receiver',
  });
  await call(server, credential, 'POST', `/api/webhooks/test?id=${created.webhook.id}`);
}

interface NewScreens {
  user: LoginResponse;
  resetUrl: string;
}

/**
 * The screens added with the hub, webhooks, custom domains and accounts, each with content to show:
 * a published page with links and a view, a pending domain, a webhook with a delivery on each side
 * and a reset link.
 */
async function makeNewScreens(server: ServerProcess, receiver: WebhookReceiver): Promise<NewScreens> {
  const user = await apiSignedInUser(server, 'Hedy Lamarr', 'a11y-new');
  const bearer = { Authorization: `Bearer ${user.token}` };
  const links = [];
  for (const title of ['Blog', 'Talks']) {
    links.push(await apiCreateLink(server, user.token, { target_url: `https://example.com/${title}`, title }));
  }
  const handle = unique('hedy').toLowerCase().slice(0, 30);
  await call(server, bearer, 'PUT', '/api/hub', {
    handle,
    title: 'Hedy’s links',
    bio: 'Frequency hopping',
    accent: '#2563eb',
    theme: 'auto',
    published: true,
    links: links.map((link) => ({ link_id: link.id })),
  });
  await fetch(`${server.url.replace('127.0.0.1', 'localhost')}/@${handle}`, { headers: { 'User-Agent': UA.windows } });
  await call(server, bearer, 'POST', '/api/user/domain', { domain: unique('go').toLowerCase().concat('.a11y.test') });
  await webhookWithDelivery(server, bearer, receiver.url);
  await webhookWithDelivery(server, { 'X-API-Key': server.adminKey }, receiver.url);
  const reset = await call(server, { 'X-API-Key': server.adminKey }, 'POST', `/api/users/reset?id=${user.user.id}`);
  return { user, resetUrl: reset.url };
}

let newScreens: NewScreens;
let receiver: WebhookReceiver;

test.beforeAll(async ({ server }) => {
  fixture = await apiScreensFixture(server, 'a11y');
  receiver = await startReceiver();
  newScreens = await makeNewScreens(server, receiver);
});

test.afterAll(async () => {
  await receiver?.close();
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // axe takes seconds a screen on a busy machine; a test walks many screens.
    test.describe.configure({ timeout: 300_000 });

    test('the public screens', async ({ page, server }) => {
      for (const [screen, path, heading] of [
        ['landing', '/', 'Me'],
        ['sign-in', '/login', 'Welcome Back'],
        ['register', '/register', 'Create Account'],
        ['admin sign-in', '/admin/login', 'Admin Login'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
        await expectAccessible(page, screen, theme);
      }
    });

    test("the user's screens and dialogs", async ({ page, server }) => {
      await page.goto(`${server.url}/login`);
      await storeSession(page, fixture.user);
      await page.goto(`${server.url}/dashboard`);
      await expect(page.getByRole('button', { name: 'Create New Link' })).toBeVisible();
      await expect(page.getByText('User link').first()).toBeVisible();
      await expectAccessible(page, 'dashboard', theme);

      for (const [button, title] of [
        ['Create New Link', 'Create New Link'],
        ['Domain', 'Custom domain'],
        ['API Keys', 'API keys'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(title, { ignoreCase: true });
        await expectAccessible(page, `${title} dialog`, theme);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      await page.goto(`${server.url}/dashboard?link=${fixture.userLinkId}`);
      await expect(page.getByText('Total Clicks').first()).toBeVisible();
      await expectAccessible(page, "a user's link analytics", theme);
      // A chart's tooltip is drawn on hover only: hover the trend's last point (today's clicks).
      await page.locator('.card', { hasText: 'Clicks Over Time' }).locator('.recharts-line-dot').last().hover();
      await expect(page.locator('.recharts-tooltip-wrapper .recharts-default-tooltip').first()).toBeVisible();
      await expectAccessible(page, "a user's link analytics with a chart's tooltip", theme);
    });

    test("the administrator's screens", async ({ page, server }) => {
      await adminSignIn(page, server);
      await expectAccessible(page, 'admin dashboard', theme);
      for (const [screen, path, heading] of [
        ['links', '/admin/links', 'Links'],
        ['create link', '/admin/create', 'Create Link'],
        ['edit link', `/admin/edit/${fixture.adminLinkId}`, 'Edit Link'],
        ['link analytics', `/admin/link/${fixture.adminLinkId}`, ''],
        ['users', '/admin/users', ''],
        ['API keys', '/admin/keys', ''],
        ['live visitors', '/admin/live', 'Live Visitors'],
        ['repeat visitors', '/admin/repeat-visitors', ''],
        ['conversion funnel', '/admin/conversion', ''],
        ['debug', '/admin/debug', 'Debug'],
        ['storage', '/admin/storage', 'Storage'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        const title = page.locator('h1.page-title');
        await expect(title).toBeVisible();
        if (heading) await expect(title).toContainText(heading);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, screen, theme);
      }
      await page.goto(`${server.url}/admin/links`);
      await page.getByRole('button', { name: 'QR code' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
      await expectAccessible(page, 'QR code dialog', theme);
    });

    test('"My page", the webhooks, the domain and account dialogs and the reset page', async ({ page, server }) => {
      // Ten screens, each axe run taking seconds on a busy machine.
      test.setTimeout(600_000);
      await page.goto(`${server.url}/login`);
      await storeSession(page, newScreens.user);
      await page.goto(`${server.url}/dashboard?view=hub`);
      await expect(page.getByTestId('hub-figures')).toContainText('Views', { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'My page', theme);

      await page.goto(`${server.url}/dashboard`);
      for (const [button, title] of [
        ['Webhooks', 'Webhooks'],
        ['Domain', 'Custom Domain Settings'],
        ['Account', 'Account'],
        ['Audit log', 'Audit log'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        if (button === 'Webhooks') await openDeliveryLog(page);
        if (button === 'Domain') await expect(dialog.getByTestId('domain-state')).toContainText('Pending');
        if (button === 'Account') await expect(dialog.getByText('This session')).toBeVisible();
        if (button === 'Audit log')
          await expect(dialog.getByRole('table').or(dialog.getByText('No entries'))).toBeVisible();
        await expectAccessible(page, `${title} dialog`, theme);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      await page.goto(newScreens.resetUrl);
      await expect(page.getByRole('heading', { name: 'Choose a Password' })).toBeVisible();
      await expectAccessible(page, 'reset page', theme);
      await page.getByLabel('New Password').fill('abc');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
      await expectAccessible(page, 'reset page with an error', theme);

      await adminSignIn(page, server);
      for (const [screen, path, heading] of [
        ['webhooks', '/admin/webhooks', 'Webhooks'],
        ['domains', '/admin/domains', 'Domains'],
        ['audit log', '/admin/audit', 'Audit log'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await expect(page.locator('h1.page-title')).toContainText(heading);
        if (screen === 'webhooks') await openDeliveryLog(page);
        // The administrator's sign-in just now is the newest entry.
        else if (screen === 'audit log') await expect(page.getByRole('table')).toContainText('admin.signed_in');
        else await expect(page.getByRole('table')).toContainText('a11y.test');
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `admin ${screen}`, theme);
      }
    });

    test("the server's own pages", async ({ page, browser, server }) => {
      await page.goto(`${server.url}/no-such-code-here`);
      await expect(page.getByRole('heading', { name: 'Link not found' })).toBeVisible();
      await expectServerPageAccessible(page, '404 page', theme);

      await page.goto(`${server.url}/${fixture.protectedCode}`);
      await expect(page.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
      await expectServerPageAccessible(page, 'password form', theme);

      const tiktok = await browser.newContext({ userAgent: UA.tiktok, colorScheme: theme });
      const inApp = await tiktok.newPage();
      await inApp.goto(`${server.url}/${fixture.tiktokCode}`);
      await expect(inApp.getByRole('heading', { name: 'Open this link in your browser' })).toBeVisible();
      await expectServerPageAccessible(inApp, 'TikTok page', theme);
      await tiktok.close();
    });
  });
}

test('the theme switch is kept in the browser and System follows the colour scheme', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${server.url}/login`);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  const theme = page.getByRole('combobox', { name: 'Theme' });
  await expect(theme).toHaveValue('system');
  await theme.selectOption('dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate('getComputedStyle(document.documentElement).backgroundColor');
  expect(background).toBe('rgb(15, 17, 21)');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect(html).toHaveAttribute('data-theme', 'light');
});
