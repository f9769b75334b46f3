/**
 * A dry run's figures move while it runs (docs/api.md#imports), on both stores: a progress bar,
 * the wizard's and the command line's, reads them. A dry run used to save its figures only at the
 * end of a page of links and their clicks, so a Shlink dry run read "0 links" until it was done.
 */
import { describe, expect, it } from 'vitest';
import { startApiImport, useApiImportWorld } from '../../../helpers/apiImports';
import { SHLINK_KEY, type ShortenerApis, shlinkShortUrl, shlinkVisit } from '../../../helpers/shortenerApis';
import { importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const VISITS = '/rest/v3/short-urls/first/visits';

function seed(apis: ShortenerApis): void {
  apis.shlink.push(
    shlinkShortUrl('first', '2024-01-02T00:00:00+00:00', { visits: [shlinkVisit('2024-02-01T00:00:00+00:00')] }),
    shlinkShortUrl('second', '2024-01-03T00:00:00+00:00'),
  );
}

describe.each(STORE_SERVERS)('a dry run in progress on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);

  it('shows the links it has read while it reads their clicks', async () => {
    world.apis.held.add(VISITS);
    const started = await startApiImport(
      world.server,
      'shlink',
      { url: world.apis.url, api_key: SHLINK_KEY },
      { dry_run: true },
    );
    expect(started.status).toBe(202);
    const id = started.body.import.id;
    await expect.poll(() => world.apis.waiting.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const midway = await importWhen(world.server, id, (job) => job.links.seen > 0 || job.state !== 'running');
    world.apis.release();
    expect(midway).toMatchObject({ state: 'running', links: { seen: 2, created: 2 } });
    expect(await importWhen(world.server, id)).toMatchObject({
      state: 'done',
      links: { seen: 2, created: 2 },
      clicks: { seen: 1, imported: 1 },
    });
  });
});
