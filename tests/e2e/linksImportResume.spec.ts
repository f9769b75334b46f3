/**
 * The import wizard across a reload (docs/api.md#the-import-wizard): a Shlink import on loopback
 * whose source holds one answer back, so the job is still running when the page loads again. The
 * links screen then opens the dialog by itself on the job the server lists (the page's memory is
 * gone): its bar and figures as the server stored them, then its report, or Cancel.
 */
import type { Locator, Page } from '@playwright/test';
import { type ShortenerApis, shlinkShortUrl, shlinkVisit, startShortenerApis } from '../helpers/shortenerApis';
import { expect, serverForFile, test } from './fixtures';
import { apiImports, figure, fillShlink, openWizard } from './importWizardHelpers';
import { apiSignedInUser } from './userHelpers';

// A user's import may read a source on loopback only so (docs/api.md#imports).
serverForFile({ OUTBOUND_ALLOW_PRIVATE: '1' });

/**
 * Six Shlink links `<prefix>-0` to `-5` (short codes are the service's: each case its own), oldest
 * first, with a visit each, two to a page. It answers what holds the fourth link's visits: then the
 * job has read the six links (one page of the job's, three of the source's) and stored three links'
 * clicks, and waits.
 */
function sixLinksHeldAtFourth(apis: ShortenerApis, prefix: string) {
  apis.maxPerPage = 2;
  apis.shlink = Array.from({ length: 6 }, (_, index) =>
    shlinkShortUrl(`${prefix}-${index}`, `2025-01-0${index + 1}T10:00:00+00:00`, {
      visits: [shlinkVisit('2025-02-01T10:00:00+00:00')],
    }),
  );
  return () => apis.held.add(`/rest/v3/short-urls/${prefix}-3/visits`);
}

/**
 * Starts the import from `dialog`, waits until the source holds its answer back (the job is
 * running), reloads the page and answers the dialog that opened by itself.
 */
async function startThenReload(page: Page, dialog: Locator, apis: ShortenerApis): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect.poll(() => apis.waiting.length).toBe(1);
  await page.reload();
  return page.getByRole('dialog', { name: 'Import links' });
}

test('a reload in the middle of an import opens its progress bar again, then its report', async ({ page, server }) => {
  const apis = await startShortenerApis();
  try {
    const hold = sixLinksHeldAtFourth(apis, 'reload');
    const session = await apiSignedInUser(server, 'Rita Reload', 'reload');
    const dialog = await openWizard(page, server.url, session);
    await fillShlink(dialog, apis.url);
    await dialog.getByRole('button', { name: 'Dry run' }).click();
    await expect(dialog.getByRole('status')).toContainText('Dry run: Finished');
    await expect(figure(dialog, 'Links', 'Read')).toHaveText('6');

    hold();
    // Nothing pressed after the reload: the screen found the running job and shows it, its end the dry run's count.
    const resumed = await startThenReload(page, dialog, apis);
    const status = resumed.getByRole('status');
    await expect(status).toContainText('Running · 6 of 6 links read');
    const bar = resumed.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toHaveAttribute('max', '6');
    await expect(bar).toHaveJSProperty('value', 6);
    await expect(figure(resumed, 'Links', 'Created')).toHaveText('6');
    await expect(figure(resumed, 'Clicks', 'Imported')).toHaveText('3');
    await expect(resumed.getByRole('button', { name: 'Cancel import' })).toBeVisible();

    apis.release();
    await expect(status).toContainText('Finished');
    await expect(bar).toHaveJSProperty('position', 1);
    await expect(figure(resumed, 'Links', 'Created')).toHaveText('6');
    await expect(figure(resumed, 'Clicks', 'Imported')).toHaveText('6');
    await expect(resumed).toContainText('Every row was taken as it is.');
    await resumed.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('searchbox', { name: 'Search links' }).fill('reload-5');
    await expect(page.getByRole('row').filter({ hasText: 'reload-5' })).toBeVisible();
  } finally {
    await apis.close();
  }
});

test('after a reload, Cancel import still stops the running job', async ({ page, server }) => {
  const apis = await startShortenerApis();
  try {
    sixLinksHeldAtFourth(apis, 'cancel')();
    const session = await apiSignedInUser(server, 'Carl Cancel', 'cancel');
    const dialog = await openWizard(page, server.url, session);
    await fillShlink(dialog, apis.url);
    const resumed = await startThenReload(page, dialog, apis);
    const status = resumed.getByRole('status');
    await expect(status).toContainText('Running · 6 links read');
    await expect(figure(resumed, 'Clicks', 'Imported')).toHaveText('3');
    // No dry run before it: a bar without an end while the job runs.
    await expect(resumed.getByRole('progressbar', { name: 'Import progress' })).toHaveJSProperty('position', -1);
    await resumed.getByRole('button', { name: 'Cancel import' }).click();
    await expect(status).toContainText('Cancelled');
    await expect(figure(resumed, 'Clicks', 'Imported')).toHaveText('3');
    await expect(resumed.getByRole('button', { name: 'New import' })).toBeVisible();

    const [job] = await apiImports(server, session.token);
    expect(job).toMatchObject({ source: 'shlink', state: 'cancelled', clicks: { imported: 3 } });
  } finally {
    await apis.close();
  }
});
