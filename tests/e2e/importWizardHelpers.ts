/** The links screen's import wizard as the e2e cases drive it (docs/api.md#the-import-wizard). */
import type { Locator, Page } from '@playwright/test';
import type { LoginResponse } from '../../redirector/contract';
import type { ImportJob } from '../../redirector/contract/imports';
import type { ServerProcess } from '../helpers/serverProcess';
import { SHLINK_KEY } from '../helpers/shortenerApis';
import { expect } from './fixtures';
import { openSignedIn } from './userHelpers';

/** One figure of the wizard's report: `group` Links or Clicks, `name` Read, Created, … */
export function figure(dialog: Locator, group: 'Links' | 'Clicks', name: string): Locator {
  const item = dialog.locator('.import-counts__group').filter({ hasText: group }).locator('.import-counts__item');
  return item.filter({ has: dialog.page().getByText(name, { exact: true }) }).locator('dd');
}

/** Signs `session` in, opens the dashboard and its wizard: the dialog. */
export async function openWizard(page: Page, serverUrl: string, session: LoginResponse): Promise<Locator> {
  await openSignedIn(page, serverUrl, session);
  await page.getByRole('button', { name: 'Import from…' }).click();
  return page.getByRole('dialog', { name: 'Import links' });
}

/** Chooses Shlink and types the instance's address and key (the key in a password box). */
export async function fillShlink(dialog: Locator, url: string): Promise<void> {
  await dialog.getByRole('radio', { name: /Shlink/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Address of the instance').fill(url);
  const key = dialog.getByLabel('API key');
  await expect(key).toHaveAttribute('type', 'password');
  await key.fill(SHLINK_KEY);
}

/** The caller's import jobs as the server lists them, newest first (GET /api/imports). */
export async function apiImports(server: ServerProcess, token: string): Promise<ImportJob[]> {
  const response = await fetch(`${server.url}/api/imports`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { imports: ImportJob[] }).imports;
}
