/**
 * A user's whole journey in Chromium against the built server: register → login → create a link
 * with each option → real short-link visits with different user agents and countries → counts and
 * the analytics view → edit → custom domain set/remove → copy/open → delete → logout → /dashboard
 * bounces to /login. Screenshots go to tests/artifacts/user/ (git-ignored).
 */
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { expectRowEventually, IP, readStoredSession, screenshot, UA, unique, visit } from './userHelpers';

// X-Forwarded-For gives each visit its own visitor and country; the file keeps its own server.
serverForFile({ TRUST_PROXY: '1' });
test.use({ viewport: { width: 1280, height: 860 } });

const row = (page: Page, shortCode: string) => page.getByRole('row').filter({ hasText: `/${shortCode}` });
const formDialog = (page: Page) => page.getByRole('dialog');

async function createLink(
  page: Page,
  fields: { shortCode: string; target: string; title?: string },
  options: (dialog: ReturnType<typeof formDialog>) => Promise<void> = async () => undefined,
) {
  const dialog = formDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Create New Link' })).toBeVisible();
  await dialog.getByLabel('Short Code').fill(fields.shortCode);
  await dialog.getByLabel('Target URL').fill(fields.target);
  if (fields.title) await dialog.getByLabel('Title').fill(fields.title);
  await options(dialog);
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, fields.shortCode)).toBeVisible();
}

test('a user registers, signs in, manages links, reads analytics and signs out', async ({ page, server, context }) => {
  test.setTimeout(120_000);
  const email = `${unique('ada')}@example.com`;
  const password = 'correct horse';
  const codes = { plain: unique('plain'), tiktok: unique('tt'), geo: unique('geo'), ig: unique('ig') };
  const host = `localhost:${server.port}`;

  await test.step('landing → register', async () => {
    await page.goto(server.url);
    await expect(page.getByRole('heading', { name: 'Me', exact: true })).toBeVisible();
    await expect(page.getByText('Your personal link hub')).toBeVisible();
    await page.getByRole('link', { name: 'Create an Account' }).click();
    await expect(page).toHaveURL(`${server.url}/register`);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Create Account' }).click();
  });

  await test.step('registering signs in and stores the session', async () => {
    await expect(page).toHaveURL(`${server.url}/dashboard`);
    const stored = JSON.parse((await readStoredSession(page)) ?? 'null');
    expect(typeof stored.token).toBe('string');
    expect(stored.user).toMatchObject({ name: 'Ada Lovelace', email, custom_domain: null });
  });

  await test.step('the empty dashboard', async () => {
    await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();
    await expect(page.getByText('No links yet')).toBeVisible();
    await expect(page.getByText('Get started by creating your first link.')).toBeVisible();
    for (const label of ['Total Links', 'Total Clicks', 'Unique Visitors']) {
      await expect(page.locator('.stat-card', { hasText: label })).toContainText('0');
    }
    await screenshot(page, 'dashboard-empty');
  });

  await test.step('create a link with each option', async () => {
    await page.getByRole('button', { name: 'Create Link' }).click();
    await createLink(page, { shortCode: codes.plain, target: 'https://example.com/plain', title: 'Plain link' });

    await page.getByRole('button', { name: 'Create New Link' }).click();
    await createLink(
      page,
      { shortCode: codes.tiktok, target: 'https://example.com/tiktok', title: 'TikTok link' },
      (d) => d.getByLabel('TikTok bypass page').check(),
    );

    await page.getByRole('button', { name: 'Create New Link' }).click();
    await createLink(
      page,
      { shortCode: codes.geo, target: 'https://example.com/geo', title: 'Geo link' },
      async (d) => {
        await expect(d.getByLabel('Redirect URL')).toHaveCount(0);
        await d.getByLabel(/^Country redirect/).check();
        await expect(d.getByLabel('Redirect URL')).toHaveValue('https://www.google.com/');
        await d.getByLabel('Redirect URL').fill('https://fallback.example.org/');
      },
    );

    await page.getByRole('button', { name: 'Create New Link' }).click();
    await createLink(page, { shortCode: codes.ig, target: 'https://example.com/ig' }, async (d) => {
      await expect(d.getByLabel('Exit URL')).toHaveCount(0);
      await d.getByLabel(/^Instagram exit/).check();
      await d.getByLabel('Exit URL').fill('https://example.com/ig-exit');
      await screenshot(page, 'create-form');
    });

    // Newest first, each with its badges, the domain and '0 clicks'.
    // The form closes before the list has loaded again: wait for the new page of the list.
    await expect(page.locator('.links-table__short')).toHaveText(
      [codes.ig, codes.geo, codes.tiktok, codes.plain].map((code) => `${host}/${code}`),
    );
    await expect(row(page, codes.tiktok).locator('.badge')).toHaveText(['TikTok']);
    await expect(row(page, codes.geo).locator('.badge')).toHaveText(['Geo']);
    await expect(row(page, codes.ig).locator('.badge')).toHaveText(['IG Exit']);
    await expect(row(page, codes.plain).locator('.badge')).toHaveCount(0);
    await expect(row(page, codes.ig)).toContainText('Untitled');
    await expect(row(page, codes.plain)).toContainText('0 clicks');
  });

  await test.step('visitors follow the short links', async () => {
    const expectRedirect = async (code: string, ua: string, ip: string, location: string) => {
      const response = await visit(server, code, ua, ip);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(location);
    };
    await expectRedirect(codes.plain, UA.iphone, IP.us, 'https://example.com/plain');
    await expectRedirect(codes.plain, UA.android, IP.us, 'https://example.com/plain');
    await expectRedirect(codes.plain, UA.windows, IP.gb, 'https://example.com/plain');
    await expectRedirect(codes.plain, UA.firefox, IP.in, 'https://example.com/plain');
    await expectRedirect(codes.geo, UA.windows, IP.in, 'https://fallback.example.org/');
    await expectRedirect(codes.geo, UA.android, IP.ng, 'https://fallback.example.org/');
    await expectRedirect(codes.geo, UA.iphone, IP.us, 'https://example.com/geo');
    await expectRedirect(codes.ig, UA.instagram, IP.us, 'https://example.com/ig-exit');
    await expectRedirect(codes.ig, UA.windows, IP.us, 'https://example.com/ig');
    const bypass = await visit(server, codes.tiktok, UA.tiktok, IP.gb);
    expect(bypass.status).toBe(200);
    await expectRedirect(codes.tiktok, UA.iphone, IP.us, 'https://example.com/tiktok');
  });

  await test.step('the dashboard counts them', async () => {
    await expectRowEventually(page, codes.plain, ['4 clicks', '3 unique']);
    await expectRowEventually(page, codes.geo, ['3 clicks', '3 unique', '2 blocked']);
    await expect(row(page, codes.ig)).toContainText('2 clicks');
    await expect(row(page, codes.ig)).toContainText('1 unique');
    await expect(row(page, codes.ig)).not.toContainText('blocked');
    await expect(row(page, codes.tiktok)).toContainText('2 clicks');
    await expect(page.locator('.stat-card', { hasText: 'Total Links' }).locator('dd')).toHaveText('4');
    await expect(page.locator('.stat-card', { hasText: 'Total Clicks' }).locator('dd')).toHaveText('11');
    // Distinct visitors across the links (US, GB, IN, NG), not the sum of each link's (3 + 3 + 1 + 2).
    await expect(page.locator('.stat-card', { hasText: 'Unique Visitors' }).locator('dd')).toHaveText('4');
    await screenshot(page, 'dashboard');
  });

  await test.step('the analytics view of a plain link', async () => {
    await row(page, codes.plain).getByRole('button', { name: 'View analytics' }).click();
    await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plain link' })).toBeVisible();
    await expect(page.getByText(`${host}/${codes.plain}`)).toBeVisible();
    const card = (label: string) => page.locator('.stat-card', { hasText: label }).locator('dd');
    await expect(card('Total Clicks')).toHaveText('4');
    await expect(card('Unique Visitors')).toHaveText('3');
    await expect(card('Countries')).toHaveText('3');
    await expect(card('Mobile Clicks')).toHaveText('2');
    await expect(page.getByRole('heading', { name: 'Clicks Over Time (Last 7 Days)' })).toBeVisible();
    await expect(page.locator('.card', { hasText: 'Clicks Over Time' }).locator('.recharts-line-dot')).toHaveCount(7);
    const devices = page.locator('.card', { hasText: 'Device Breakdown' });
    await expect(devices.locator('.legend__item')).toHaveText([/iOS\s*1/, /Android\s*1/, /Web\s*2/]);
    const countries = page.locator('.card', { hasText: 'Top Countries' }).locator('.bar-list__row');
    await expect(countries).toHaveText([/United States\s*2/, /India\s*1/, /United Kingdom\s*1/]);
    // Every panel of the administrator's page of the link, addresses aside (docs/api.md#analytics).
    for (const panel of [
      'Browser Breakdown',
      'Referrer Sources',
      'Operating Systems',
      'Device Models',
      'Hourly Click Patterns',
      'Day of Week Patterns',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(`^${panel}`) })).toBeVisible();
    }
    const recent = page.locator('.card', { hasText: 'Recent Clicks' });
    await expect(recent.locator('tbody tr')).toHaveCount(4);
    await expect(recent.locator('thead th')).toHaveText(['Time', 'Location', 'Device', 'Browser']);
    await expect(recent).toContainText('United Kingdom');
    await expect(recent).not.toContainText(IP.us);
    await expect(page.getByText('Blocked Countries (Geo-Redirected)')).toHaveCount(0);
    await screenshot(page, 'analytics-plain');
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Your Links' })).toBeVisible();
  });

  await test.step('the analytics view of a geo link shows the blocked countries', async () => {
    await row(page, codes.geo).getByRole('button', { name: 'View analytics' }).click();
    const blocked = page.locator('.card', { hasText: 'Blocked Countries (Geo-Redirected)' });
    await expect(blocked).toBeVisible();
    await expect(blocked).toContainText('Redirected to https://fallback.example.org/');
    await expect(blocked.locator('.bar-list__row')).toHaveText([/India\s*1 blocked/, /Nigeria\s*1 blocked/]);
    await expect(blocked).toContainText(/Total Blocked\s*2/);
    await screenshot(page, 'analytics-geo');
    // The browser's Back button returns to the list too.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Your Links' })).toBeVisible();
  });

  await test.step('edit a link: the short code is locked, the new target takes effect', async () => {
    await row(page, codes.plain).getByRole('button', { name: 'Edit' }).click();
    const dialog = formDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit Link' })).toBeVisible();
    await expect(dialog.getByLabel('Short Code')).toBeDisabled();
    await expect(dialog.getByLabel('Short Code')).toHaveValue(codes.plain);
    await dialog.getByLabel('Title').fill('Plain link, edited');
    await dialog.getByLabel('Target URL').fill('https://example.com/edited');
    await dialog.getByLabel('TikTok bypass page').check();
    await dialog.getByRole('button', { name: 'Update Link' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, codes.plain)).toContainText('Plain link, edited');
    await expect(row(page, codes.plain)).toContainText('https://example.com/edited');
    await expect(row(page, codes.plain).locator('.badge')).toHaveText(['TikTok']);
    const response = await visit(server, codes.plain, UA.windows, IP.gb);
    expect(response.headers.get('location')).toBe('https://example.com/edited');
  });

  await test.step('copy shows a check mark for 2 seconds; open points at the short link', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const actions = row(page, codes.geo);
    await actions.getByRole('button', { name: 'Copy link' }).click();
    await expect(actions.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(`http://${host}/${codes.geo}`);
    await expect(actions.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 3_000 });
    const open = actions.getByRole('link', { name: 'Open in new tab' });
    await expect(open).toHaveAttribute('href', `http://${host}/${codes.geo}`);
    await expect(open).toHaveAttribute('target', '_blank');
  });

  await test.step('set and remove a custom domain', async () => {
    await page.getByRole('button', { name: 'Domain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Custom Domain Settings' });
    await expect(dialog).toContainText(`${host}/my-link`);
    await expect(dialog).toContainText('DNS changes can take up to 24 hours to spread.');
    await expect(dialog.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save Domain' }).click();
    await expect(dialog.getByText('Please enter a domain')).toBeVisible();
    await dialog.getByLabel('Custom Domain').fill('https://links.ada.example');
    await dialog.getByRole('button', { name: 'Save Domain' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter the domain without http:// or https://');
    await dialog.getByLabel('Custom Domain').fill('Links.Ada.Example');
    await screenshot(page, 'domain-dialog');
    await dialog.getByRole('button', { name: 'Save Domain' }).click();
    // The dialog stays open on the new domain's state: pending, with the record to add.
    await expect(dialog.getByTestId('domain-state')).toContainText('Pending');
    await expect(dialog).toContainText('_me-challenge.links.ada.example');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    // Until the domain is verified, links stay on the default domain (docs/api.md#custom-domains).
    await expect(row(page, codes.geo)).toContainText(`${host}/${codes.geo}`);
    expect(JSON.parse((await readStoredSession(page)) ?? '{}').user.custom_domain).toBe('links.ada.example');

    await page.reload();
    await expect(row(page, codes.geo)).toContainText(`${host}/${codes.geo}`);
    await page.getByRole('button', { name: 'Domain' }).click();
    await expect(dialog.getByTestId('domain-state')).toContainText('links.ada.example');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to remove your custom domain?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(dialog).toContainText('Default domain');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(row(page, codes.geo)).toContainText(`${host}/${codes.geo}`);
  });

  await test.step('delete a link after the confirmation', async () => {
    await row(page, codes.ig).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this link? This action cannot be undone.');
    await screenshot(page, 'delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, codes.ig)).toBeVisible();
    await row(page, codes.ig).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, codes.ig)).toHaveCount(0);
    await expect(page.locator('.stat-card', { hasText: 'Total Links' }).locator('dd')).toHaveText('3');
    expect((await visit(server, codes.ig, UA.windows, IP.us)).status).toBe(404);
  });

  await test.step('logout clears the session; /dashboard bounces to /login', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(await readStoredSession(page)).toBe(null);
    await page.goto(`${server.url}/dashboard`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });
});
