/** The landing page from the real server: the spec's texts and links, keyboard reach, security headers. */
import { expect, serverForFile, test } from './fixtures';
import { screenshot } from './userHelpers';

serverForFile();

test('the landing page shows the title, tagline and the ways in', async ({ page, server }) => {
  const response = await page.goto(server.url);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  await expect(page).toHaveTitle('Me');
  await expect(page.getByRole('heading', { level: 1, name: 'Me' })).toBeVisible();
  await expect(page.getByText('Your personal link hub')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Admin Access' })).toHaveAttribute('href', '/admin/login');
  await screenshot(page, 'landing');

  // Keyboard: Tab reaches the primary action, Enter follows it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Create an Account' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${server.url}/register`);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/login`);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Admin Access' })).toHaveAttribute('href', '/admin/login');
});
