/**
 * Custom domains in the UI against the built server and a real DNS server (dnsmasq on loopback,
 * DNS_SERVERS pointing at it): the Domain dialog from pending to verified, the link form's domain
 * choice and the list's short_url on the domain, and the administrator's Domains screen.
 */
import { test as base } from '@playwright/test';
import type { DomainResponse } from '../../redirector/contract';
import { type DnsServer, startDnsServer } from '../helpers/dnsServer';
import { type ServerProcess, startServerProcess } from '../helpers/serverProcess';
import { expect } from './fixtures';
import { adminSignIn, apiCreateLink, apiSignedInUser, apiUserLink, screenshot, storeSession } from './userHelpers';

// dnsmasq answers every name under .test itself (NXDOMAIN unless a record was set).
const test = base.extend<object, { dns: DnsServer; server: ServerProcess }>({
  dns: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dns = await startDnsServer();
      await use(dns);
      await dns.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ dns }, use) => {
      const server = await startServerProcess({
        env: { DNS_SERVERS: dns.address, TRUST_PROXY: '1' },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

async function claimDomain(server: ServerProcess, token: string, domain: string) {
  const response = await fetch(`${server.url}/api/user/domain`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ domain }),
  });
  expect(response.status).toBe(200);
}

async function domainState(server: ServerProcess, token: string): Promise<DomainResponse> {
  const response = await fetch(`${server.url}/api/user/domain`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as DomainResponse;
}

test('a domain from pending to verified, links on it, and the Domains screen', async ({ page, server, dns }) => {
  // Four screens and a DNS server restarted twice: longer than one screen's test on a loaded machine.
  test.setTimeout(180_000);
  const session = await apiSignedInUser(server, 'Ada Domains', 'ada-domains');
  // PUBLIC_URL is left at its default, http://localhost:$PORT.
  const defaultHost = `localhost:${server.port}`;
  const oldLink = await apiCreateLink(server, session.token, { short_code: 'before', target_url: 'https://ada.test/' });
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  const dialog = page.getByRole('dialog', { name: 'Custom Domain Settings' });
  const state = dialog.getByTestId('domain-state');

  await test.step('set the domain: pending, with the TXT record and the routing record shown', async () => {
    await page.getByRole('button', { name: 'Domain' }).click();
    await dialog.getByLabel('Custom Domain').fill('Go.Ada.Test');
    await dialog.getByRole('button', { name: 'Save Domain' }).click();
    await expect(state).toContainText('Pending');
    await expect(state).toContainText('go.ada.test');
    const { verification } = await domainState(server, session.token);
    expect(verification?.record.value).toMatch(/^me-verify=[\w-]{22,}$/);
    const record = state.getByRole('definition');
    await expect(record).toHaveText(['TXT', '_me-challenge.go.ada.test', verification!.record.value]);
    for (const part of ['type', 'name', 'value']) {
      await expect(state.getByRole('button', { name: `Copy ${part}` })).toBeVisible();
    }
    await expect(dialog).toContainText('Add a CNAME record for go.ada.test pointing to localhost');
    await expect(dialog).toContainText('or A/AAAA records for go.ada.test');
    await expect(state).toContainText('Not checked yet');
  });

  await test.step('Check now without the record: the error is shown, the domain stays pending', async () => {
    await state.getByRole('button', { name: 'Check now' }).click();
    await expect(state).toContainText('No TXT record at _me-challenge.go.ada.test');
    await expect(state).toContainText('Last checked:');
    await expect(state).toContainText('Pending');
    await dns.setTxt({ '_me-challenge.go.ada.test': ['me-verify=somebody-elses-token-000000'] });
    await state.getByRole('button', { name: 'Check now' }).click();
    await expect(state).toContainText('A TXT record was found, but none says me-verify=');
    await screenshot(page, 'domain-dialog-pending');
  });

  await test.step('add the record, Check now: verified, and links are shown on it', async () => {
    const { verification } = await domainState(server, session.token);
    await dns.setTxt({ '_me-challenge.go.ada.test': ['unrelated', verification!.record.value] });
    await state.getByRole('button', { name: 'Check now' }).click();
    await expect(state).toContainText('Verified');
    await expect(state).toContainText('Verified: your links are shown on go.ada.test.');
    await expect(state).toContainText('http://go.ada.test/my-link');
    await expect(state.getByRole('button', { name: 'Check now' })).toHaveCount(0);
    await screenshot(page, 'domain-dialog-verified');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the link form offers the domain; the list shows each link on its own domain', async () => {
    await expect(page.getByText('Short links on go.ada.test')).toBeVisible();
    await page.getByRole('button', { name: 'Create New Link' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Link' });
    const domain = form.getByLabel('Domain', { exact: true });
    await expect(domain).toHaveValue('go.ada.test');
    await expect(domain.locator('option')).toHaveText(['go.ada.test', `${defaultHost} (default domain)`]);
    await form.getByLabel(/^Short Code/).fill('spring');
    await form.getByLabel(/^Target URL/).fill('https://ada.test/spring');
    await screenshot(page, 'link-form-domain');
    await form.getByRole('button', { name: 'Create Link' }).click();
    await expect(form).toHaveCount(0);

    await page.getByRole('button', { name: 'Create New Link' }).click();
    await form.getByLabel('Domain', { exact: true }).selectOption({ label: `${defaultHost} (default domain)` });
    await expect(form.locator('.input-affix__prefix')).toHaveText(`${defaultHost}/`);
    await form.getByLabel(/^Short Code/).fill('autumn');
    await form.getByLabel(/^Target URL/).fill('https://ada.test/autumn');
    await form.getByRole('button', { name: 'Create Link' }).click();
    await expect(form).toHaveCount(0);

    // The form closes before the list has loaded again: wait for the new page of the list.
    await expect(page.locator('.links-table__short')).toHaveText([
      `${defaultHost}/autumn`,
      'go.ada.test/spring',
      `${defaultHost}/before`,
    ]);
    const spring = page.getByRole('row').filter({ hasText: 'go.ada.test/spring' });
    await expect(spring.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
      'href',
      'http://go.ada.test/spring',
    );
    await spring.getByRole('button', { name: 'QR code' }).click();
    await expect(page.getByRole('dialog', { name: 'QR code' })).toContainText('http://go.ada.test/spring');
    await page.keyboard.press('Escape');

    // The domain answers its link, and the owner's link from before the domain.
    for (const [code, target] of [
      ['spring', 'https://ada.test/spring'],
      [oldLink.short_code, 'https://ada.test/'],
    ]) {
      const response = await fetch(`${server.url}/${code}`, {
        redirect: 'manual',
        headers: { 'X-Forwarded-Host': 'go.ada.test', 'X-Forwarded-For': '8.8.8.8' },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(target);
    }
  });

  await test.step('the Domains screen lists it, verifies another by hand and removes one', async () => {
    const bob = await apiSignedInUser(server, 'Bob Domains', 'bob-domains');
    await claimDomain(server, bob.token, 'go.bob.test');
    await adminSignIn(page, server);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Domains' }).click();
    await expect(page).toHaveURL(/\/admin\/domains$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();
    const ada = page.getByTestId('domain-row-go.ada.test');
    const bobRow = page.getByTestId('domain-row-go.bob.test');
    await expect(ada).toContainText(session.user.email);
    await expect(ada).toContainText('Verified');
    await expect(ada.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await expect(ada.getByRole('button', { name: 'Verify go.ada.test' })).toHaveCount(0);
    await expect(bobRow).toContainText(bob.user.email);
    await expect(bobRow).toContainText('Pending');
    await screenshot(page, 'admin-domains');

    await bobRow.getByRole('button', { name: 'Verify go.bob.test' }).click();
    await expect(bobRow).toContainText('Verified');
    expect((await domainState(server, bob.token)).verification?.status).toBe('verified');

    await ada.getByRole('button', { name: 'Remove go.ada.test' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove domain' });
    await expect(confirm).toContainText(`Take go.ada.test from ${session.user.email}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(ada).toBeVisible();
    await ada.getByRole('button', { name: 'Remove go.ada.test' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(ada).toHaveCount(0);
    await expect(bobRow).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('domain-row-go.bob.test')).toBeVisible();
    await expect(page.getByTestId('domain-row-go.ada.test')).toHaveCount(0);
    // Ada's link went back to the default domain, where its code is free.
    expect((await domainState(server, session.token)).domain).toBe(null);
    const links = await fetch(`${server.url}/api/links/user?q=spring`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    const [spring] = ((await links.json()) as { links: { id: number }[] }).links;
    expect((await apiUserLink(server, session.token, spring!.id)).short_url).toBe(`http://${defaultHost}/spring`);
  });
});
