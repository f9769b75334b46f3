/**
 * "Created by" in a shared team's links list (docs/api.md#teams-in-the-ui): links made by two
 * members show each one's name; the filter narrows the list (the list call carries `created_by=`,
 * the address keeps it) and "Select all N matching" counts only that member's links; a viewer, who
 * may read the members, gets the same filter; in English and Spanish, axe in both themes. The
 * personal team shows neither.
 */
import type { Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import { apiSignedInUser, apiUserCall, expectAccessibleInBothThemes, keepLanguage, storeSession } from './userHelpers';

serverForFile();

/** `member` joins `team` of `owner` with `role`, through an invitation as the API gives it. */
async function join(server: ServerProcess, owner: LoginResponse, team: number, member: LoginResponse, role: string) {
  const invited = await apiUserCall(server, owner.token, 'POST', `/api/teams/invite?team=${team}`, {
    email: member.user.email,
    role,
  });
  expect(invited.status).toBe(200);
  const token = String(invited.body.url).split('/join/')[1];
  expect((await apiUserCall(server, member.token, 'POST', '/api/teams/join', { token })).status).toBe(200);
}

/** `count` links made by `author` in `team`, titled `<prefix> <n>`; their ids. */
async function linksBy(server: ServerProcess, author: LoginResponse, team: number, prefix: string, count: number) {
  const ids: number[] = [];
  for (let index = 1; index <= count; index++) {
    const body = { target_url: `https://example.com/${prefix}/${index}`, title: `${prefix} ${index}` };
    const made = await apiUserCall(server, author.token, 'POST', '/api/links/create', body, team);
    expect(made.status).toBe(201);
    ids.push((made.body.link as { id: number }).id);
  }
  return ids;
}

/** Chooses `label` in the "Created by" filter and returns the list call it makes (its `created_by`). */
async function chooseCreator(page: Page, filterName: string, label: string): Promise<string | null> {
  const call = page.waitForRequest((request) => request.url().includes('/api/links/user?'));
  await page.getByRole('combobox', { name: filterName }).selectOption({ label });
  return new URL((await call).url()).searchParams.get('created_by');
}

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test('a shared team lists who made each link and filters by member, for an owner and a viewer', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const ann = await apiSignedInUser(server, 'Ann Owner', 'createdby-ann');
  const bob = await apiSignedInUser(server, 'Bob Builder', 'createdby-bob');
  const vera = await apiSignedInUser(server, 'Vera Viewer', 'createdby-vera');
  const made = await apiUserCall(server, ann.token, 'POST', '/api/teams', { name: 'Makers' });
  const team = (made.body.team as { id: number }).id;
  await join(server, ann, team, bob, 'editor');
  await join(server, ann, team, vera, 'viewer');
  const annLinks = await linksBy(server, ann, team, 'Ann link', 2);
  await linksBy(server, bob, team, 'Bob link', 3);

  // The personal team: every link is the user's, no column and no filter.
  await page.goto(server.url);
  await storeSession(page, ann);
  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText('No links yet')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Created by' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Makers' });
  await expect(page.getByRole('columnheader', { name: 'Created by' })).toBeVisible();
  await expect(rowOf(page, 'Ann link 1')).toContainText('Ann Owner');
  await expect(rowOf(page, 'Bob link 2')).toContainText('Bob Builder');
  await expect(page.getByRole('row')).toHaveCount(6);

  expect(await chooseCreator(page, 'Created by', 'Bob Builder')).toBe(String(bob.user.id));
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(rowOf(page, 'Ann link')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('created_by')).toBe(String(bob.user.id));
  await expectAccessibleInBothThemes(page, 'links list filtered by creator');

  // "All matching" is Bob's three links, not the team's five: a tag added so reaches his alone.
  await page.goto(`${page.url()}&per_page=2`);
  await page.getByRole('checkbox', { name: 'Select every link on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected links' });
  await bar.getByRole('button', { name: 'Select all 3 matching links' }).click();
  await bar.getByLabel('Tag to add or remove').fill('bobs');
  await bar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 links changed.' })).toBeVisible();
  for (const id of annLinks) {
    const link = await apiUserCall(server, ann.token, 'GET', `/api/links/user?linkId=${id}`, undefined, team);
    expect((link.body.link as { tags: string[] }).tags).toEqual([]);
  }

  // Spanish: the address keeps the member; "Cualquiera" shows everyone again.
  await keepLanguage(page, 'es');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Creado por' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Creado por' }).locator('option:checked')).toHaveText('Bob Builder');
  expect(await chooseCreator(page, 'Creado por', 'Cualquiera')).toBeNull();
  // Two a page, newest first: Bob's last two.
  await expect(rowOf(page, 'Bob link 3')).toContainText('Bob Builder');
  expect(await chooseCreator(page, 'Creado por', 'Ann Owner')).toBe(String(ann.user.id));
  await expect(rowOf(page, 'Bob link')).toHaveCount(0);
  await expect(rowOf(page, 'Ann link')).toHaveCount(2);
  await expectAccessibleInBothThemes(page, 'links list filtered by creator in Spanish');

  // A viewer reads the members too: the same filter, without changes.
  const viewerPage = await (await browser.newContext()).newPage();
  await viewerPage.goto(server.url);
  await storeSession(viewerPage, vera);
  await viewerPage.goto(`${server.url}/dashboard`);
  await viewerPage.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Makers' });
  await expect(rowOf(viewerPage, 'Bob link 1')).toContainText('Bob Builder');
  expect(await chooseCreator(viewerPage, 'Created by', 'Bob Builder')).toBe(String(bob.user.id));
  await expect(rowOf(viewerPage, 'Ann link')).toHaveCount(0);
  await expect(rowOf(viewerPage, 'Bob link')).toHaveCount(3);
});
