/**
 * REGISTRATION=closed: the Create Account screen says so instead of offering a form the server would
 * refuse, and neither the landing page nor the sign-in screen offers the way there.
 */
import { expect, serverForFile, test } from './fixtures';
import { screenshot, unique } from './userHelpers';

serverForFile({ REGISTRATION: 'closed' });

test('the Create Account screen says registration is closed, and the server refuses it too', async ({
  page,
  server,
}) => {
  await page.goto(server.url);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveCount(0);
  await page.goto(`${server.url}/login`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create one' })).toHaveCount(0);
  await page.goto(`${server.url}/register`);
  await expect(page.getByText('Registration is closed')).toBeVisible();
  await expect(page.getByText('accounts are made by its administrator')).toBeVisible();
  await expect(page.getByText('Ask its administrator for an account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'register-closed');

  const response = await fetch(`${server.url}/api/auth?action=register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Eve', email: `${unique('eve')}@example.com`, password: 'secret-123' }),
  });
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: 'Registration is closed' });
});
