import { expect, test } from './fixtures';
import {
  apiCreateLinks,
  apiSignedInUser,
  apiUserLink,
  expectAccessibleInBothThemes,
  storeSession,
  unique,
} from './userHelpers';

test.use({ serverEnv: { ME_E2E_FILE: 'linkBulk' } });

test('selects links across pages and changes them in bulk', async ({ page, server }) => {
  test.setTimeout(180_000);
  const session = await apiSignedInUser(server, 'Bea Bulk', 'bulk', 'secret-123');
  const tag = unique('promo').toLowerCase();
  const links = await apiCreateLinks(server, session.token, 3, (index) => ({
    target_url: `https://example.com/${index}`,
    title: `Bulk ${index}`,
    tags: [tag],
  }));
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard?tag=${tag}&per_page=2`);

  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected links' });
  await expect(bar).toContainText('2 links selected');
  await expectAccessibleInBothThemes(page, 'bulk bar');
  await bar.getByRole('button', { name: 'Select all 3 matching links' }).click();
  await expect(bar).toContainText('3 links selected');
  await bar.getByLabel('Tag to add or remove').fill('Spring');
  await bar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 links changed.' })).toBeVisible();
  for (const link of links) expect((await apiUserLink(server, session.token, link.id)).tags).toEqual([tag, 'spring']);

  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  await bar.getByRole('button', { name: 'Select all 3 matching links' }).click();
  await bar.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('No links match')).toBeVisible();
  await page.getByLabel('Archived links').selectOption('only');
  await page.getByRole('checkbox', { name: 'Select Bulk 2' }).check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 link changed.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select Bulk/ })).toHaveCount(2);
  expect((await apiUserLink(server, session.token, links[1]!.id)).archived).toBe(true);

  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'me.language',
      'es',
    ),
  );
  await page.reload();
  await page.getByRole('checkbox', { name: 'Seleccionar Bulk 1' }).check();
  await expect(page.getByRole('region', { name: 'Enlaces seleccionados' })).toContainText('1 enlace seleccionado');
  await expectAccessibleInBothThemes(page, 'bulk bar in Spanish');
});

test('moves selected links to another team of the user', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Moe Mover', 'mover', 'secret-123');
  const headers = { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' };
  const made = await fetch(`${server.url}/api/teams`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Campaigns' }),
  });
  const team = ((await made.json()) as { team: { id: number } }).team;
  const [moving] = await apiCreateLinks(server, session.token, 2, (index) => ({
    target_url: `https://example.com/move/${index}`,
    title: ['Moving', 'Staying'][index],
  }));
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);

  await page.getByRole('checkbox', { name: 'Select Moving' }).check();
  const bar = page.getByRole('region', { name: 'Selected links' });
  await bar.getByLabel('Move to team…').selectOption({ label: 'Campaigns' });
  await bar.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 link changed.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select (Moving|Staying)$/ })).toHaveCount(1);
  const moved = await fetch(`${server.url}/api/links/user?linkId=${moving!.id}`, {
    headers: { ...headers, 'X-Team': String(team.id) },
  });
  expect(((await moved.json()) as { link: { team_id: number } }).link.team_id).toBe(team.id);
});
