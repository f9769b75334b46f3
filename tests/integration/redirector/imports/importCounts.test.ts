/**
 * A click count a Kutt or Bitly source gives that no link can have (docs/api.md#what-an-import-brings-in-kutt-shlink-bitly):
 * 1e30, a negative, a fraction, a word. The link comes without it (0, or the count a re-import
 * found before), listed; the job ends as usual on both stores. Such a count once failed the whole
 * job with the service's generic error (PostgreSQL: bigint out of range) or was silently made 0.
 */

import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../../redirector/contract/imports';
import { MAX_SOURCE_CLICK_COUNT, SOURCE_COUNT_LEFT_OUT } from '../../../../redirector/imports/sources/apiConnection';
import { importToEnd, linksByCode, useApiImportWorld } from '../../../helpers/apiImports';
import { BITLY_TOKEN, type Bitlink, KUTT_KEY, type KuttLink, type ShortenerApis } from '../../../helpers/shortenerApis';
import { STORE_SERVERS } from '../http/bothStores';

/** A count as a source may send it: any JSON value. */
type AnyCount = number;
const anyCount = (value: unknown) => value as AnyCount;

function kuttLink(id: string, visitCount: unknown): KuttLink {
  return {
    id,
    address: `count-${id}`,
    target: `https://example.com/${id}`,
    created_at: `2024-01-0${id.slice(-1)}T00:00:00.000Z`,
    visit_count: anyCount(visitCount),
  };
}

function bitlink(code: string, totalClicks: unknown): Bitlink {
  return {
    id: `bit.ly/${code}`,
    long_url: `https://example.com/${code}`,
    title: null,
    created_at: '2024-01-02T03:04:05+0000',
    archived: false,
    tags: [],
    custom_bitlinks: [],
    total_clicks: anyCount(totalClicks),
  };
}

function seed(apis: ShortenerApis): void {
  apis.kutt.push(
    kuttLink('k1', 1e30),
    kuttLink('k2', -3),
    kuttLink('k3', 2.5),
    kuttLink('k4', 'many'),
    kuttLink('k5', '17'),
    kuttLink('k6', MAX_SOURCE_CLICK_COUNT),
    kuttLink('k7', null),
  );
  apis.bitly.push(bitlink('huge', 1e30), bitlink('negative', -1), bitlink('fine', 9));
}

const listed = (job: ImportJob) => job.errors.map((problem) => [problem.ref, problem.message]).sort();

describe.each(STORE_SERVERS)('click counts no link can have, from Kutt and Bitly, on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);
  const kutt = () => ({ url: world.apis.url, api_key: KUTT_KEY });
  const bitly = () => ({ token: BITLY_TOKEN, api_url: world.apis.url });
  const counts = async (codes: string[]) => {
    const links = await linksByCode(world.server);
    return codes.map((code) => links.get(code)?.imported_clicks);
  };

  it('imports each Kutt link, without a count that is not a whole number from 0 to 2^53 − 1, listed', async () => {
    const job = await importToEnd(world.server, 'kutt', kutt());
    expect(job).toMatchObject({ state: 'done', links: { seen: 7, created: 7, skipped: 0, conflicts: 0 } });
    expect(listed(job)).toEqual(['k1', 'k2', 'k3', 'k4'].map((ref) => [ref, SOURCE_COUNT_LEFT_OUT]));
    expect(SOURCE_COUNT_LEFT_OUT).toBe(
      'Its click count in the source is not a whole number from 0 to 9007199254740991: imported without it',
    );
    const codes = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'].map((id) => `count-${id}`);
    expect(await counts(codes)).toEqual([0, 0, 0, 0, 17, MAX_SOURCE_CLICK_COUNT, 0]);
  });

  it('a Kutt re-import keeps the count it had when the source sends one no link can have', async () => {
    world.apis.kutt[0]!.visit_count = 7;
    world.apis.kutt[5]!.visit_count = anyCount(1e30);
    const again = await importToEnd(world.server, 'kutt', kutt());
    expect(again).toMatchObject({ state: 'done', links: { seen: 7, created: 0, skipped: 7 } });
    expect(await counts(['count-k1', 'count-k6'])).toEqual([7, MAX_SOURCE_CLICK_COUNT]);
  });

  it('imports each bitlink, without a total that is not one, listed', async () => {
    const job = await importToEnd(world.server, 'bitly', bitly());
    expect(job).toMatchObject({ state: 'done', links: { seen: 3, created: 3, skipped: 0, conflicts: 0 } });
    expect(listed(job)).toEqual([
      ['bit.ly/huge', SOURCE_COUNT_LEFT_OUT],
      ['bit.ly/negative', SOURCE_COUNT_LEFT_OUT],
    ]);
    expect(await counts(['huge', 'negative', 'fine'])).toEqual([0, 0, 9]);
  });
});
