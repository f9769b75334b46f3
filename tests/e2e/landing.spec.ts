import { expect, test } from './fixtures';

test('the landing page loads from the real server', async ({ page, server }) => {
  await page.goto(server.url);
  await expect(page.locator('#root')).not.toBeEmpty();
});
