/**
 * Imported clicks dated where no click can be (docs/api.md#imports), on both stores: before
 * 1970-01-01, or more than a day after the import. YOURLS' `datetime` holds any year from 1000 to
 * 9999, and a Shlink visit may carry any ISO date; such clicks are left out and listed (by click
 * for YOURLS, once a link for Shlink), the rest stored. They were once stored as they came: a click
 * of the year 9999 in every figure of its link for ever, one of 1000 before the link was made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_TIME_IMPOSSIBLE } from '../../../../redirector/imports/importJob';
import { LINK_CLICK_TIME_IMPOSSIBLE } from '../../../../redirector/imports/importLinkClicks';
import { importToEnd, linksByCode, useApiImportWorld } from '../../../helpers/apiImports';
import { SHLINK_KEY, type ShortenerApis, shlinkShortUrl } from '../../../helpers/shortenerApis';
import { createYourlsDatabase, type YourlsDatabase } from '../../../helpers/yourlsDatabase';
import { CHROME } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const HOUR_MS = 60 * 60 * 1000;
/** A MariaDB `datetime` text, UTC, as YOURLS keeps its times. */
const yourlsTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const visit = (date: string) => ({ date, referer: '', userAgent: CHROME, potentialBot: false, visitLocation: null });

function seed(apis: ShortenerApis): void {
  apis.shlink.push(
    shlinkShortUrl('moon', '2024-01-02T00:00:00+00:00', {
      visits: [
        visit('2024-02-01T10:00:00+00:00'),
        visit('1969-07-20T20:17:00+00:00'),
        visit('0001-01-01T00:00:00+00:00'),
      ],
    }),
  );
}

describe.each(STORE_SERVERS)('imported clicks dated where no click can be, on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);
  let yourls: YourlsDatabase;
  const clicksOf = async (code: string) => {
    const link = (await linksByCode(world.server)).get(code)!;
    const clicks = await world.server.store.clicks.listByLink(link.id);
    return clicks.map((click) => click.clicked_at).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    yourls = await createYourlsDatabase();
    await yourls.addLinks([{ keyword: 'dated', url: 'https://example.com/dated' }]);
  });
  afterAll(async () => {
    await yourls?.drop();
  });

  it('leaves out and lists YOURLS clicks before 1970 or more than a day ahead; keeps the rest', async () => {
    const now = Date.now();
    const times = [
      '2024-02-01 10:00:00',
      '1969-12-31 23:59:59',
      '1000-01-01 00:00:00',
      '9999-12-31 23:59:59',
      yourlsTime(now + 48 * HOUR_MS),
      yourlsTime(now + HOUR_MS),
      '1970-01-01 00:00:00',
    ];
    await yourls.addClicks(times.map((time) => ({ time, keyword: 'dated', agent: CHROME })));
    const job = await importToEnd(world.server, 'yourls', { database_url: yourls.url });
    expect(job).toMatchObject({ state: 'done', links: { created: 1 }, clicks: { seen: 7, imported: 3 } });
    expect(job.errors).toEqual([2, 3, 4, 5].map((id) => ({ ref: `click ${id}`, message: CLICK_TIME_IMPOSSIBLE })));
    expect(await clicksOf('dated')).toEqual([
      0,
      Date.parse('2024-02-01T10:00:00Z'),
      Date.parse(`${yourlsTime(now + HOUR_MS).replace(' ', 'T')}Z`),
    ]);
  });

  it('leaves out and lists, once for the link, Shlink visits before 1970; keeps the rest', async () => {
    const job = await importToEnd(world.server, 'shlink', { url: world.apis.url, api_key: SHLINK_KEY });
    expect(job).toMatchObject({ state: 'done', links: { created: 1 }, clicks: { seen: 3, imported: 1 } });
    expect(job.errors).toEqual([{ ref: 'moon', message: LINK_CLICK_TIME_IMPOSSIBLE }]);
    expect(await clicksOf('moon')).toEqual([Date.parse('2024-02-01T10:00:00Z')]);
  });
});
