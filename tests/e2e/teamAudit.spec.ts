/**
 * The audit log in the dashboard (docs/api.md#audit-log): a team's owner changes a link, opens the
 * "Audit log" dialog and reads the change as "field: before → after", with room for it in the
 * 720 px dialog (the changes keep 16rem, the table scrolls sideways); axe passes in both themes.
 */
import { expect, serverForFile, test } from './fixtures';
import { apiSignedInUser, apiUserCall, expectAccessibleInBothThemes, screenshot, storeSession } from './userHelpers';

serverForFile();

test("an owner reads a link's change in the team's audit log", async ({ page, server }) => {
  const owner = await apiSignedInUser(server, 'Ada Auditor', 'team-audit');
  const made = await apiUserCall(server, owner.token, 'POST', '/api/links/create', {
    target_url: 'https://audit.example/sale',
    title: 'Spring sale',
  });
  expect(made.status).toBe(201);
  const { id } = made.body.link as { id: number };
  const renamed = 'Summer sale, every shoe and every coat in the shop';
  const changed = await apiUserCall(server, owner.token, 'PUT', `/api/links/update?linkId=${id}`, { title: renamed });
  expect(changed.status).toBe(200);

  await page.goto(`${server.url}/login`);
  await storeSession(page, owner);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('button', { name: 'Audit log', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Audit log' });
  const change = dialog.locator('.audit__changes').filter({ hasText: renamed });
  await expect(change).toContainText(`title: Spring sale → ${renamed}`);
  // Before: squeezed by the other columns into a few characters a line.
  expect((await change.boundingBox())?.width).toBeGreaterThanOrEqual(256);
  await screenshot(page, 'team-audit-log');
  await expectAccessibleInBothThemes(page, 'the audit log dialog', 'dialog[open]');
});
