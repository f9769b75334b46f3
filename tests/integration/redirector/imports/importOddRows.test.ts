/**
 * A source's link answered without its short code (docs/api.md#imports), on both stores: the row
 * is skipped and listed, and the rest come in. A Kutt link without its `address` used to fail the
 * whole job as "The import stopped on an error of this service", a TypeError in the log.
 */
import { describe, expect, it } from 'vitest';
import { importToEnd, linksByCode, useApiImportWorld } from '../../../helpers/apiImports';
import { KUTT_KEY, type KuttLink, type ShortenerApis } from '../../../helpers/shortenerApis';
import { STORE_SERVERS } from '../http/bothStores';

function seed(apis: ShortenerApis): void {
  apis.kutt.push(
    {
      id: 'k1',
      address: 'fine',
      target: 'https://example.com/fine',
      created_at: '2024-01-02T00:00:00.000Z',
      visit_count: 1,
    },
    { id: 'k2', target: 'https://example.com/odd', created_at: '2024-01-01T00:00:00.000Z', visit_count: 2 } as KuttLink,
  );
}

describe.each(STORE_SERVERS)('odd rows of a source on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);

  it('skips a link without its short code and lists it, the rest imported', async () => {
    const job = await importToEnd(world.server, 'kutt', { url: world.apis.url, api_key: KUTT_KEY });
    expect(job).toMatchObject({ state: 'done', links: { seen: 2, created: 1, skipped: 1 } });
    expect(job.errors).toEqual([{ ref: 'k2', message: 'Short code is required' }]);
    expect((await linksByCode(world.server)).get('fine')).toMatchObject({ target_url: 'https://example.com/fine' });
  });
});
