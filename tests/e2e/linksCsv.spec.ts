/**
 * Export then Import through the browser against the built server: the exported links.csv comes
 * back in, its rows are created again under new codes, and a bad row is reported with its line.
 * The import wizard (docs/api.md#the-import-wizard): a CSV mapped, dry-run, imported to the end
 * with its conflict listed, its report in Spanish; a Shlink import on loopback followed and cancelled.
 */
import fs from 'node:fs';
import { SHLINK_KEY, shlinkShortUrl, shlinkVisit, startShortenerApis } from '../helpers/shortenerApis';
import { expect, serverForFile, test } from './fixtures';
import { figure, fillShlink, openWizard } from './importWizardHelpers';
import {
  apiCreateLink,
  apiCreateLinks,
  apiSignedInUser,
  expectAccessibleInBothThemes,
  openSignedIn,
  screenshot,
} from './userHelpers';

// A user's import may read a source on loopback only so (docs/api.md#imports).
serverForFile({ OUTBOUND_ALLOW_PRIVATE: '1' });

test('export downloads links.csv; importing it back with a bad row reports that row', async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Casey Csv', 'csv');
  await apiCreateLinks(server, session.token, 3, (index) => ({
    short_code: `csv-${index}`,
    title: `=Sum ${index}`,
    target_url: `https://example.com/${index}`,
    tags: ['export'],
  }));
  await openSignedIn(page, server.url, session);

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

test('the import wizard maps a CSV, dry-runs it, imports it to the end and lists the conflict', async ({
  page,
  server,
}) => {
  // Many steps, each waiting on the server and the dialog: on a loaded 2-core machine over a minute.
  test.setTimeout(150_000);
  const session = await apiSignedInUser(server, 'Wendy Wizard', 'wizard');
  await apiCreateLink(server, session.token, { short_code: 'wiz-taken', target_url: 'https://example.com/first' });
  const file = [
    'Destination,Alias,Name,Notes kept out',
    // An address of 2,000 characters: its column once took 15,000 px of the preview.
    `https://example.com/a?${'q'.repeat(1978)},wiz-a,Wizard A,x`,
    'https://example.com/b,wiz-b,Wizard B,y',
    'https://example.com/c,wiz-taken,Wizard C,z',
  ].join('\r\n');
  const dialog = await openWizard(page, server.url, session);
  await dialog.getByRole('radio', { name: /CSV file/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  // No column is named as a link field: nothing is mapped until the user says so.
  const destination = dialog.getByLabel('Field for the column Destination');
  await expect(destination).toHaveValue('');
  await expect(dialog.getByRole('cell', { name: 'Wizard B' })).toBeVisible();
  for (const header of await dialog.getByRole('columnheader').all()) {
    const box = await header.boundingBox();
    expect(box?.width, `${await header.locator('.mono').textContent()} column's width`).toBeLessThanOrEqual(360);
  }
  // Each field by its name, the API's name its value.
  await expect(destination.locator('option[value="url"]')).toHaveText('Destination');
  await destination.selectOption('url');
  await dialog.getByLabel('Field for the column Alias').selectOption('short_code');
  await dialog.getByLabel('Field for the column Name').selectOption('title');

  await dialog.getByRole('button', { name: 'Dry run' }).click();
  await expect(dialog.getByRole('status')).toContainText('Dry run: Finished. Nothing was stored.');
  await expect(figure(dialog, 'Links', 'Read')).toHaveText('3');
  await expect(figure(dialog, 'Links', 'Created')).toHaveText('2');
  await expect(figure(dialog, 'Links', 'Conflicts')).toHaveText('1');

  await dialog.getByRole('button', { name: 'Start import' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(dialog.getByRole('status')).toContainText('Finished');
  await expect(bar).toHaveJSProperty('position', 1);
  await expect(bar).toHaveAttribute('max', '3');
  const conflict = dialog.getByRole('table', { name: 'Rows left out or changed' }).getByRole('row', { name: /line 4/ });
  await expect(conflict).toContainText('taken');
  await expectAccessibleInBothThemes(page, 'import wizard, report', 'dialog[open]');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await page.getByRole('searchbox', { name: 'Search links' }).fill('wiz-');
  await expect(page.getByRole('row').filter({ hasText: 'wiz-a' })).toContainText('Wizard A');
  await expect(page.getByRole('row').filter({ hasText: 'wiz-b' })).toContainText('Wizard B');
  await expect(page.getByRole('row').filter({ hasText: 'wiz-taken' })).not.toContainText('Wizard C');
});

test("the wizard's report in Spanish: every row's reason and its line", async ({ page, server }) => {
  test.setTimeout(120_000);
  const session = await apiSignedInUser(server, 'Elena Espanol', 'wizard-es');
  await apiCreateLink(server, session.token, { short_code: 'wiz-es-taken', target_url: 'https://example.com/first' });
  const file = [
    'link,code,name',
    'https://example.com/es-a,wiz-es-a,A',
    'not a url at all,wiz-es-b,B',
    'https://example.com/es-c,wiz-es-taken,C',
  ].join('\r\n');
  await page.addInitScript("window.localStorage.setItem('me.language', 'es')");
  await openSignedIn(page, server.url, session);
  await page.getByRole('button', { name: 'Importar desde…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar enlaces' });
  await dialog.getByRole('radio', { name: /Archivo CSV/ }).check();
  await dialog.getByRole('button', { name: 'Siguiente' }).click();
  await dialog
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await dialog.getByLabel('Campo de la columna link').selectOption('url');
  await dialog.getByLabel('Campo de la columna code').selectOption('short_code');
  await dialog.getByRole('button', { name: 'Prueba' }).click();
  await expect(dialog.getByRole('status')).toContainText('Prueba: Terminada. No se guardó nada.');
  // The API words them `line 3` and `The short code is taken by another link` (docs/api.md#languages).
  const report = dialog.getByRole('table', { name: 'Filas omitidas o cambiadas' });
  await expect(report.getByRole('row', { name: /línea 3/ })).toContainText('Escribe una URL válida');
  await expect(report.getByRole('row', { name: /línea 4/ })).toContainText('El código corto ya lo usa otro enlace');
  await expect(report).not.toContainText('line');
  await expect(report).not.toContainText('taken');
});

test('a Shlink import shows its progress and is cancelled from the wizard', async ({ page, server }) => {
  const apis = await startShortenerApis();
  try {
    apis.shlink = Array.from({ length: 20 }, (_, index) =>
      shlinkShortUrl(`shl-${index}`, `2025-01-${String(index + 1).padStart(2, '0')}T10:00:00+00:00`, {
        longUrl: `https://example.com/shlink/${index}`,
        visits: [shlinkVisit('2025-02-01T10:00:00+00:00')],
      }),
    );
    // The job reads the links, then each one's visits, saving its figures with each link's clicks.
    // Every link's visits after the second answer a 429 with Retry-After: 1 first, so the job is
    // still running when Cancel is pressed.
    apis.maxPerPage = 100;
    for (let index = 2; index < 20; index += 1) apis.rateLimited.add(`/rest/v3/short-urls/shl-${index}/visits`);
    const session = await apiSignedInUser(server, 'Sam Shlink', 'shlink');
    const dialog = await openWizard(page, server.url, session);
    await fillShlink(dialog, apis.url);
    await dialog.getByRole('button', { name: 'Start import' }).click();

    const status = dialog.getByRole('status');
    await expect(status).toContainText('Running · 20 links read');
    // No dry run before it: a bar without an end while the job runs.
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveJSProperty('position', -1);
    await expect(figure(dialog, 'Clicks', 'Imported')).toHaveText(/^[1-9]/);
    await dialog.getByRole('button', { name: 'Cancel import' }).click();
    await expect(status).toContainText('Cancelled');
    expect(Number(await figure(dialog, 'Clicks', 'Imported').textContent())).toBeLessThan(20);
    await expect(dialog.getByRole('button', { name: 'New import' })).toBeVisible();
    expect(await page.content()).not.toContain(SHLINK_KEY);
  } finally {
    await apis.close();
  }
});
