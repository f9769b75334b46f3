import { expect, serverForFile, test } from './fixtures';
import { apiCreateAdminLink } from './userHelpers';

serverForFile({ PUBLIC_URL: 'https://go.example.test' });

test('links, the link form and per-link analytics use PUBLIC_URL for short links', async ({ page, server }) => {
  const link = await apiCreateAdminLink(server, {
    title: 'Public',
    target_url: 'https://example.com/',
    short_code: 'pub-url',
  });

  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel(/^Admin key/).fill(server.adminKey);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard', exact: true })).toBeVisible();

  await page.goto(`${server.url}/admin/links`);
  await expect(page.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute(
    'href',
    'https://go.example.test/pub-url',
  );

  await page.goto(`${server.url}/admin/link/${link.id}`);
  await expect(page.getByText('https://go.example.test/pub-url')).toBeVisible();

  await page.goto(`${server.url}/admin/create`);
  await expect(page.getByText('go.example.test/', { exact: false }).first()).toBeVisible();
});
