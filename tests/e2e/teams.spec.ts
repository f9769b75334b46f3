/**
 * Teams in the browser against the built server (docs/api.md#teams): an owner makes a team from the
 * Team screen and invites; a second browser, signed out, opens /join/<token> and makes its account
 * there; it switches between its teams (remembered after a reload), cannot change the team's links
 * as a viewer (the UI offers no change, no selection for a bulk one, and the server refuses one), and leaves. The Team screen and
 * the join page pass axe in both themes; no invitation token reaches the server's output.
 * A shared team's domain and page (docs/api.md#hubs-in-the-ui): its owner claims the domain and
 * publishes the page at /@<slug>; a member made a viewer meanwhile is told the server's refusal,
 * then sees both read-only (the read-only Domain dialog passes axe in both themes).
 */
import type { Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiSignedInUser,
  apiUserCall,
  expectAccessibleInBothThemes,
  screenshot,
  storeSession,
  unique,
} from './userHelpers';

serverForFile();

/** The status of a call made from the page as the signed-in user, in team `team`. */
function statusInTeam(page: Page, path: string, team: number, body: unknown, method = 'POST'): Promise<number> {
  return page.evaluate(
    async ([url, teamId, sent, verb]) => {
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
      const session = JSON.parse(storage.getItem('userSession') ?? '{}') as { token?: string };
      const headers = {
        Authorization: `Bearer ${session.token}`,
        'X-Team': String(teamId),
        'Content-Type': 'application/json',
      };
      return (await fetch(url, { method: verb, headers, body: JSON.stringify(sent) })).status;
    },
    [path, team, body, method] as const,
  );
}

test('an owner invites, a newcomer joins at /join, switches teams, reads as a viewer and leaves', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const owner = await apiSignedInUser(server, 'Olga Owner', 'team-owner');
  await page.goto(`${server.url}/login`);
  await storeSession(page, owner);
  await page.goto(`${server.url}/dashboard`);

  // A new team, from the Team screen; it is chosen at once.
  await page.getByRole('button', { name: 'Team', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Team' });
  await expect(dialog).toContainText('This is your personal team');
  await dialog.getByLabel('Team name').fill('Acme E2E');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  const switcher = page.getByRole('combobox', { name: 'Team' });
  await expect(switcher.locator('option:checked')).toHaveText('Acme E2E');
  const teamId = Number(await switcher.inputValue());

  // A link of the team, made in the UI (its calls carry X-Team).
  await page.getByRole('button', { name: 'Create Link' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('heading', { name: 'Create New Link' })).toBeVisible();
  await form.getByLabel('Short Code').fill('acme-launch');
  await form.getByLabel('Target URL').fill('https://acme.example/launch');
  await form.getByRole('button', { name: 'Create Link' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'acme-launch' })).toBeVisible();

  // A read-only key of the team: its access chosen and shown.
  await page.getByRole('button', { name: 'API Keys' }).click();
  const keys = page.getByRole('dialog', { name: 'API Keys' });
  await keys.getByLabel('Key name').fill('Dashboard reader');
  await keys.getByLabel('Access').selectOption('read');
  await keys.getByRole('button', { name: 'Create Key' }).click();
  await expect(keys.getByRole('row').filter({ hasText: 'Dashboard reader' })).toContainText('Read only');
  await keys.getByRole('button', { name: 'Close' }).last().click();

  // Invite a newcomer as a viewer: the link to copy.
  await page.getByRole('button', { name: 'Team', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Team' });
  await expect(dialog.getByTestId('team-role')).toHaveText('Your role here: Owner.');
  const email = `${unique('newcomer')}@example.com`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = (await dialog.getByTestId('invitation-link-secret').textContent()) ?? '';
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{20,}$/);
  await expect(dialog.getByTestId('team-invitations')).toContainText(email);
  await expectAccessibleInBothThemes(page, 'team screen');
  await screenshot(page, 'team-screen-owner');
  // An open invitation cancelled from the list: gone, the other stays (docs/api.md#teams).
  // Its address one long word: it once ran past the dialog's edge and scrolled the dialog sideways.
  const mistaken = `${unique(`mistaken-${'x'.repeat(70)}`)}@example.com`;
  await dialog.getByLabel('Email').fill(mistaken);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByTestId('team-invitations')).toContainText(mistaken);
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await dialog
    .locator('.dialog__body')
    .evaluate((element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth - element.clientWidth);
  expect(sideways, 'the team dialog scrolls sideways at 390 px').toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: `Cancel the invitation for ${mistaken}` }).click();
  await expect(dialog.getByTestId('team-invitations')).not.toContainText(mistaken);
  await expect(dialog.getByTestId('team-invitations')).toContainText(email);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // A second browser, signed out, makes its account on the join page.
  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto(`${server.url}${new URL(link).pathname}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join a team' })).toBeVisible();
  // The team's name and the role, told before joining (docs/api.md#joining-a-team).
  await expect(guest.getByText('You were invited to Acme E2E as Viewer.')).toBeVisible();
  await expect(guest.getByText(`The invitation is for ${email} and lasts until`)).toBeVisible();
  await expectAccessibleInBothThemes(guest, 'join page');
  const newcomer = guest.getByRole('region', { name: 'I am new here' });
  await newcomer.getByLabel('Name').fill('Nora Newcomer');
  await newcomer.getByLabel(/^Password/).fill('nora-secret');
  await newcomer.getByLabel('Confirm Password').fill('nora-secret');
  await newcomer.getByRole('button', { name: 'Create account and join' }).click();
  await expect(guest).toHaveURL(/\/dashboard$/);
  const guestSwitcher = guest.getByRole('combobox', { name: 'Team' });
  await expect(guestSwitcher.locator('option:checked')).toHaveText('Acme E2E');

  // A viewer: the team's link is there, with no way to change it; the server refuses a change too.
  const row = guest.getByRole('row').filter({ hasText: 'acme-launch' });
  await expect(row).toBeVisible();
  await expect(guest.getByText('You are a viewer in this team')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /Create (New )?Link/ })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'API Keys' })).toHaveCount(0);
  expect(await statusInTeam(guest, '/api/links/create', teamId, { target_url: 'https://acme.example/x' })).toBe(403);
  await screenshot(guest, 'team-viewer-dashboard');

  // Switching teams: the personal team has no team link and offers changes; the choice is remembered.
  await guestSwitcher.selectOption({ label: 'Nora Newcomer (personal)' });
  await expect(guest.getByRole('button', { name: 'Create Link' })).toBeVisible();
  await expect(guest.getByRole('row').filter({ hasText: 'acme-launch' })).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('combobox', { name: 'Team' }).locator('option:checked')).toHaveText(
    'Nora Newcomer (personal)',
  );
  await guest.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Acme E2E' });
  await expect(guest.getByRole('row').filter({ hasText: 'acme-launch' })).toBeVisible();

  // Leaving: back in the personal team, the team gone from the switcher.
  await guest.getByRole('button', { name: 'Team', exact: true }).click();
  const guestDialog = guest.getByRole('dialog', { name: 'Team' });
  await expect(guestDialog.getByTestId('team-role')).toHaveText('Your role here: Viewer.');
  await expect(guestDialog.getByLabel('Email')).toHaveCount(0);
  await guestDialog.getByRole('button', { name: 'Leave team' }).click();
  await guest.getByRole('alertdialog', { name: 'Leave this team?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(guest.getByRole('combobox', { name: 'Team' }).locator('option')).toHaveText([
    'Nora Newcomer (personal)',
  ]);
  await other.close();

  // The owner sees one member again; the administrator lists the team.
  await page.reload();
  await page.getByRole('button', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Team' }).getByRole('row')).toHaveCount(2);
  await adminSignIn(page, server);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Acme E2E' })).toContainText('Olga Owner');

  const token = new URL(link).pathname.split('/join/')[1] ?? '';
  expect(server.output()).not.toContain(token);
});

/** A call of `session`'s user in team `team` (a shared team's id), over the API. */
async function teamCall(
  server: ServerProcess,
  session: LoginResponse,
  method: string,
  path: string,
  body: unknown,
  team?: number,
) {
  const answer = await apiUserCall(server, session.token, method, path, body, team);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.body;
}

/** A signed-in page of `session`'s user on the dashboard, in the team named `teamName`. */
async function dashboardInTeam(page: Page, server: ServerProcess, session: LoginResponse, teamName: string) {
  await page.goto(`${server.url}/login`);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: teamName });
}

test("a shared team's domain and page: the owner sets them, a member made a viewer reads them", async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  // Over the API: the team, a link of it, and a second member (an editor for now).
  const owner = await apiSignedInUser(server, 'Hana Owner', 'team-hub-owner');
  const slug = unique('crew').toLowerCase().slice(0, 30);
  const { team } = (await teamCall(server, owner, 'POST', '/api/teams', { name: 'Crew Hub', slug })) as {
    team: { id: number };
  };
  const { link } = (await teamCall(
    server,
    owner,
    'POST',
    '/api/links/create',
    { target_url: 'https://crew.example/news', title: 'Crew news' },
    team.id,
  )) as { link: { id: number } };
  const member = await apiSignedInUser(server, 'Vera Member', 'team-hub-member');
  const invited = await teamCall(server, owner, 'POST', `/api/teams/invite?team=${team.id}`, {
    email: member.user.email,
    role: 'editor',
  });
  const token = new URL(String(invited.url)).pathname.split('/join/')[1];
  await teamCall(server, member, 'POST', '/api/teams/join', { token });

  // The owner claims the team's domain: the record to add shows at once.
  await dashboardInTeam(page, server, owner, 'Crew Hub');
  await page.getByRole('button', { name: 'Domain', exact: true }).click();
  const domainDialog = page.getByRole('dialog', { name: 'Custom Domain Settings' });
  await expect(domainDialog).toContainText('The custom domain of Crew Hub');
  const domain = `${slug}.example.com`;
  await domainDialog.getByLabel('Custom Domain').fill(domain);
  await domainDialog.getByRole('button', { name: 'Save Domain' }).click();
  await expect(domainDialog.getByTestId('domain-state')).toContainText(domain);
  await domainDialog.getByRole('button', { name: 'Done' }).click();

  // The owner publishes the team's page at the team's slug, with the team's link on it.
  await page.getByRole('button', { name: 'Team page' }).click();
  await expect(page.getByLabel('Handle')).toHaveValue(slug);
  await expect(page.getByLabel('Handle')).not.toBeEditable();
  await expect(page.getByTestId('hub-address').first()).toHaveText(
    `${server.url.replace('127.0.0.1', 'localhost')}/@${slug}`,
  );
  await page.getByLabel('A link to add').selectOption(String(link.id));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  const publicPage = await page.request.get(`${server.url}/@${slug}`);
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).toContain('Crew news');

  // The member opens the page as an editor; made a viewer meanwhile, the save shows the server's refusal.
  const other = await browser.newContext();
  const guest = await other.newPage();
  await dashboardInTeam(guest, server, member, 'Crew Hub');
  await guest.getByRole('button', { name: 'Team page' }).click();
  await guest.getByLabel('Title').fill('Not allowed');
  await teamCall(server, owner, 'PUT', `/api/teams/members?team=${team.id}&user=${member.user.id}`, { role: 'viewer' });
  await guest.getByRole('button', { name: 'Save page' }).click();
  await expect(guest.getByText("Your role in this team (viewer) cannot change the team's hub")).toBeVisible();

  // Read again, the page is read-only: shown with its figures, nothing to change or save.
  await guest.reload();
  await expect(guest.getByText('You are a viewer in this team: you can see its page')).toBeVisible();
  await expect(guest.getByLabel('Title')).toBeDisabled();
  await expect(guest.getByLabel('Published')).toBeDisabled();
  await expect(guest.getByRole('button', { name: 'Save page' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Delete page' })).toHaveCount(0);
  await expect(guest.getByTestId('hub-preview')).toContainText('Crew news');
  expect(await statusInTeam(guest, '/api/hub', team.id, { handle: slug, title: 'x' }, 'PUT')).toBe(403);
  await guest.getByRole('button', { name: 'Domain', exact: true }).click();
  const guestDomain = guest.getByRole('dialog', { name: 'Custom Domain Settings' });
  await expect(guestDomain).toContainText("Only the team's owners can change its domain");
  await expect(guestDomain.getByTestId('domain-state')).toContainText(domain);
  await expect(guestDomain.getByRole('button', { name: 'Save Domain' })).toHaveCount(0);
  await expect(guestDomain.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  await expectAccessibleInBothThemes(guest, 'team domain, read-only', 'dialog[open]');
  await other.close();
});
