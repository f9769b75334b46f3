/**
 * Every user screen at a desktop and a phone width, with real data: nothing may overflow sideways,
 * the loading state shows while links load, and a screenshot of each lands in tests/artifacts/user/.
 */
import type { Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import {
  apiCreateLink,
  apiSignedInUser,
  expectRowEventually,
  IP,
  screenshot,
  storeSession,
  UA,
  unique,
  visit,
} from './userHelpers';

serverForFile({ TRUST_PROXY: '1' });

const SIZES = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 360, height: 740 },
] as const;

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(scroll).toBeLessThanOrEqual(client);
}

let session: LoginResponse;
let saleCode: string;

test.beforeAll(async ({ server }: { server: ServerProcess }) => {
  session = await apiSignedInUser(server, 'Ada Lovelace', 'screens', 'secret-123');
  saleCode = unique('spring-sale');
  await apiCreateLink(server, session.token, {
    short_code: unique('portfolio'),
    title: 'Portfolio',
    target_url: 'https://ada.example.com/portfolio/2025/selected-works?utm_source=bio&utm_medium=social',
    enable_tiktok_bypass: true,
  });
  await apiCreateLink(server, session.token, {
    short_code: saleCode,
    title: 'Spring sale',
    target_url: 'https://shop.example.com/sale',
    enable_country_redirect: true,
    country_redirect_url: 'https://www.google.com/',
    enable_instagram_exit: true,
    instagram_exit_url: 'https://shop.example.com/ig',
  });
  const visits: [string, string][] = [
    [UA.iphone, IP.us],
    [UA.android, IP.gb],
    [UA.windows, IP.us],
    [UA.firefox, IP.in],
    [UA.android, IP.ng],
  ];
  for (const [ua, ip] of visits) await visit(server, saleCode, ua, ip);
});

for (const size of SIZES) {
  test(`every user screen fits a ${size.name} (${size.width}px)`, async ({ page, server }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const shoot = async (name: string) => {
      await expectNoSidewaysScroll(page);
      await screenshot(page, `${name}-${size.name}`);
    };

    await page.goto(server.url);
    await expect(page.getByRole('link', { name: 'Admin Access' })).toHaveAttribute('href', '/admin/login');
    await shoot('landing');

    await page.goto(`${server.url}/register`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await shoot('register-errors');

    await page.goto(`${server.url}/login?registered=true`);
    await expect(page.getByText('Account created successfully! Please sign in.')).toBeVisible();
    await shoot('login');

    await storeSession(page, session);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/links/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/dashboard`);
    await expect(page.getByText('Loading dashboard...')).toBeVisible();
    await shoot('dashboard-loading');
    release();
    await expect(page.getByRole('heading', { name: 'Your Links' })).toBeVisible();
    await expectRowEventually(page, saleCode, ['5 clicks', '4 unique', '2 blocked']);
    await shoot('dashboard');

    await page.getByRole('button', { name: 'Create New Link' }).click();
    await page.getByLabel(/^Country redirect/).check();
    await shoot('link-form');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Domain' }).click();
    await expect(page.getByRole('dialog', { name: 'Custom Domain Settings' })).toBeVisible();
    await shoot('domain-dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('row').filter({ hasText: saleCode }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shoot('delete-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('row').filter({ hasText: saleCode }).getByRole('button', { name: 'View analytics' }).click();
    await expect(page.getByText('Blocked Countries (Geo-Redirected)')).toBeVisible();
    await shoot('analytics');

    await page.goto(`${server.url}/test-storage`);
    await expect(page.getByRole('heading', { name: 'Storage Test' })).toBeVisible();
    await shoot('test-storage');
  });
}
