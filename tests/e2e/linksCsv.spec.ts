/**
 * Export then Import through the browser against the built server: the exported links.csv comes
 * back in, its rows are created again under new codes, and a bad row is reported with its line.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { apiCreateLinks, apiSignedInUser, screenshot, storeSession } from './userHelpers';

test.use({ serverEnv: { ME_E2E_FILE: 'linksCsv' } });

test('export downloads links.csv; importing it back with a bad row reports that row', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Casey Csv', 'csv');
  await apiCreateLinks(server, session.token, 3, (index) => ({
    short_code: `csv-${index}`,
    title: `=Sum ${index}`,
    target_url: `https://example.com/${index}`,
    tags: ['export'],
  }));
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('links.csv');
  const exported = fs.readFileSync(await download.path(), 'utf8');
  expect(exported.split(/\r?\n/)[0]).toContain('short_code');
  expect(exported).toContain("'=Sum 1");

  // The same rows under new codes, plus one the server refuses.
  const renamed = exported.replaceAll('csv-', 'back-');
  const lines = renamed.trimEnd().split(/\r?\n/);
  const header = lines[0] ?? '';
  const columns = header.split(',');
  const bad = columns.map((column) =>
    column === 'short_code' ? 'broken' : column === 'target_url' ? 'not a url' : '',
  );
  const file = `${[...lines, bad.join(',')].join('\r\n')}\r\n`;
  await page
    .getByLabel('CSV file to import')
    .setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });

  const dialog = page.getByRole('dialog', { name: 'Import finished' });
  await expect(dialog).toContainText('3 links created.');
  const failed = dialog.getByRole('row').filter({ hasText: 'broken' });
  await expect(failed).toContainText(String(lines.length + 1));
  await expect(failed).toContainText('Please enter a valid URL');
  await screenshot(page, 'links-import-result');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('searchbox', { name: 'Search links' }).fill('back-1');
  const row = page.getByRole('row').filter({ hasText: 'back-1' });
  await expect(row).toContainText('=Sum 1');
  await expect(row.getByRole('button', { name: 'export' })).toBeVisible();
});
