import { expect, serverForFile, test } from './fixtures';
import {
  apiCreateLinks,
  apiSignedInUser,
  apiUserLink,
  expectAccessibleInBothThemes,
  keepLanguage,
  storeSession,
  unique,
} from './userHelpers';

serverForFile();

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

  await keepLanguage(page, 'es');
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

test('the archive filter shows active, archived or all links, kept in the address, in English and Spanish', async ({
  page,
  server,
}) => {
  const session = await apiSignedInUser(server, 'Ari Archive', 'archive', 'secret-123');
  const tag = unique('shelf').toLowerCase();
  const [, shelved] = await apiCreateLinks(server, session.token, 2, (index) => ({
    target_url: `https://example.com/shelf/${index}`,
    title: ['Shelf active', 'Shelf archived'][index],
    tags: [tag],
  }));
  const archived = await fetch(`${server.url}/api/links/update?linkId=${shelved!.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ archived: true }),
  });
  expect(archived.status).toBe(200);
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard?tag=${tag}`);
  const shown = page.getByRole('checkbox', { name: /^Select Shelf/ });
  await expect(shown).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Select Shelf active' })).toBeVisible();

  const filter = page.getByLabel('Archived links');
  await expect(filter.locator('option')).toHaveText(['Active links', 'Archived only', 'Active and archived']);
  const listCall = (archived: string) =>
    page.waitForRequest((request) => new URL(request.url()).searchParams.get('archived') === archived);
  const onlyCall = listCall('only');
  await filter.selectOption('only');
  await onlyCall;
  await expect(page).toHaveURL(/[?&]archived=only(&|$)/);
  await expect(page.getByRole('checkbox', { name: 'Select Shelf archived' })).toBeVisible();
  await expect(shown).toHaveCount(1);

  const allCall = listCall('all');
  await filter.selectOption('all');
  await allCall;
  await expect(page).toHaveURL(/[?&]archived=all(&|$)/);
  await expect(shown).toHaveCount(2);

  await keepLanguage(page, 'es');
  await page.reload();
  const spanish = page.getByLabel('Enlaces archivados');
  await expect(spanish).toHaveValue('all');
  await expect(spanish.locator('option')).toHaveText(['Enlaces activos', 'Solo archivados', 'Activos y archivados']);
  await expect(page.getByRole('checkbox', { name: /^Seleccionar Shelf/ })).toHaveCount(2);
  await spanish.selectOption('');
  await expect(page).not.toHaveURL(/archived=/);
  await expect(page.getByRole('checkbox', { name: /^Seleccionar Shelf/ })).toHaveCount(1);
});
