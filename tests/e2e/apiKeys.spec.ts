/**
 * API keys in the browser against the built server: the user's dialog on the dashboard and the
 * admin screen /admin/keys. Create (the secret shown once, copied to the clipboard), use it with
 * fetch, delete with confirmation (the key then stops working).
 */
import type { Page } from '@playwright/test';
import { expect, serverForFile, test } from './fixtures';
import { adminSignIn, apiLogin, apiRegister, screenshot, storeSession, unique } from './userHelpers';

serverForFile();

/** Fills the name, creates the key and returns the secret shown (and copied) once. */
async function createKeyIn(page: Page, scope: ReturnType<Page['locator']>, name: string): Promise<string> {
  await scope.getByLabel('Key name').fill(name);
  await scope.getByRole('button', { name: 'Create Key' }).click();
  const shown = scope.getByTestId('new-api-key');
  await expect(shown).toContainText("you won't see it again");
  const secret = (await scope.getByTestId('new-api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^me_[A-Za-z0-9]{32,}$/);
  await scope.getByRole('button', { name: 'Copy key' }).click();
  await expect(scope.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const copied = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
  expect(copied).toBe(secret);
  return secret;
}

/** The status of a call made from the page with `headers`, as a script would make it. */
function statusWith(page: Page, path: string, headers: Record<string, string>): Promise<number> {
  return page.evaluate(async ([url, sent]) => (await fetch(url, { headers: sent })).status, [path, headers] as const);
}

test('a user creates, copies, uses and deletes an API key from the dashboard', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const email = `${unique('keys')}@example.com`;
  await apiRegister(server, 'Kay Keys', email, 'secret123');
  await page.goto(`${server.url}/login`);
  const session = await apiLogin(server, email, 'secret123');
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);

  await page.getByRole('button', { name: 'API Keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'API Keys' });
  await expect(dialog.getByText('No API keys yet')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await expect(dialog.getByText('Name must be 1-100 characters')).toBeVisible();
  const secret = await createKeyIn(page, dialog, 'Uploader');
  await screenshot(page, 'api-keys-user-created');

  const row = dialog.getByRole('row').filter({ hasText: 'Uploader' });
  await expect(row).toContainText(`${secret.slice(0, 8)}…`);
  await expect(row).toContainText('Never');
  expect(await statusWith(page, '/api/links/user', { Authorization: `Bearer ${secret}` })).toBe(200);
  expect(await statusWith(page, '/api/links', { 'X-API-Key': secret })).toBe(401);
  await expect(row).toContainText('All');
  // Shown once: after Done, and after reopening, only the prefix is left.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByTestId('new-api-key')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: 'API Keys' }).click();
  await expect(
    page.getByRole('dialog', { name: 'API Keys' }).getByRole('row').filter({ hasText: 'Uploader' }),
  ).not.toContainText('Never');
  expect(await page.content()).not.toContain(secret);

  await page.getByRole('button', { name: 'Delete key Uploader' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete API key' });
  await expect(confirm).toContainText(`Delete the key "Uploader" (${secret.slice(0, 8)}…)?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'API Keys' }).getByText('No API keys yet')).toBeVisible();
  expect(await statusWith(page, '/api/links/user', { Authorization: `Bearer ${secret}` })).toBe(401);
  // A key held to some of the team's domains (docs/api.md#api-keys-of-a-team), ticked among them:
  // the default domain (here `localhost`, which `domains` does not take: no box) and, once
  // verified, the custom one.
  await page.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('dialog', { name: 'API Keys' })).toHaveCount(0);
  await verifiedDomainFor(server, session.token, 'go.example.com');
  await page.reload();
  await page.getByRole('button', { name: 'API Keys' }).click();
  const reopened = page.getByRole('dialog', { name: 'API Keys' });
  const domains = reopened.getByRole('group', { name: 'Domains (optional)' });
  await expect(domains.getByRole('checkbox')).toHaveCount(1);
  await domains.getByRole('checkbox', { name: 'go.example.com' }).check();
  const narrow = await createKeyIn(page, reopened, 'Narrow');
  await expect(reopened.getByRole('row').filter({ hasText: 'Narrow' })).toContainText('go.example.com');
  await expect(domains.getByRole('checkbox', { name: 'go.example.com' })).not.toBeChecked();
  // The key puts links on the ticked domain only: the default one (`domain: null`) is refused.
  const made = (domain: string | null) => createdWith(page, narrow, domain);
  expect([await made(null), await made('go.example.com')]).toEqual([403, 201]);
});

/** Claims `domain` for the user and verifies it as the administrator. */
async function verifiedDomainFor(server: { url: string; adminKey: string }, token: string, domain: string) {
  const send = (path: string, method: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await send('/api/user/domain', 'POST', { Authorization: `Bearer ${token}` }, { domain })).status).toBe(200);
  const verified = await send(
    `/api/domains?domain=${domain}`,
    'PUT',
    { 'X-API-Key': server.adminKey },
    {
      status: 'verified',
    },
  );
  expect(verified.status).toBe(200);
}

/** The status of a link made from the page with the key, on `domain` (null: the default domain). */
function createdWith(page: Page, key: string, domain: string | null): Promise<number> {
  const body = JSON.stringify({ target_url: 'https://example.org/held', domain });
  return page.evaluate(
    async ([sent, secret]) =>
      (
        await fetch('/api/links/create', {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
          body: sent,
        })
      ).status,
    [body, key] as const,
  );
}

test('the administrator manages API keys on /admin/keys', async ({ page, server, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await adminSignIn(page, server);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\/admin\/keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  const main = page.locator('main');
  const secret = await createKeyIn(page, main, 'Nightly export');
  await expect(main).toContainText(`curl -H "X-API-Key: <key>" ${server.url}/api/links`);
  await screenshot(page, 'api-keys-admin-created');

  expect(await statusWith(page, '/api/links', { 'X-API-Key': secret })).toBe(200);
  expect(await statusWith(page, '/api/links/user', { Authorization: `Bearer ${secret}` })).toBe(401);
  expect(await statusWith(page, '/api/keys', { 'X-API-Key': secret })).toBe(403);

  await page.reload();
  await expect(main.getByTestId('new-api-key')).toHaveCount(0);
  const row = main.getByRole('row').filter({ hasText: 'Nightly export' });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Delete key Nightly export' }).click();
  await page.getByRole('alertdialog', { name: 'Delete API key' }).getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByText('No API keys yet')).toBeVisible();
  expect(await statusWith(page, '/api/links', { 'X-API-Key': secret })).toBe(401);
});
