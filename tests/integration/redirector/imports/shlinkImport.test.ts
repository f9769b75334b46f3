/**
 * Imports from Shlink (docs/api.md#imports) through its REST API v3, served on loopback as its
 * documentation describes it, on both stores: short URLs with their tags, schedule, limit and
 * device addresses, every visit with its time, location, referrer and bot mark, read page by page
 * with a 429 waited out; a dry run; a re-import that adds only what is new (a visit at the very
 * time of the last one stored included); conflicts listed; the key never kept nor shown.
 */
import { describe, expect, it } from 'vitest';
import {
  expectSecretKept,
  importToEnd,
  linksByCode,
  useApiImportWorld,
  waitAfterRateLimit,
} from '../../../helpers/apiImports';
import { SHLINK_KEY, type ShlinkVisit, type ShortenerApis, shlinkShortUrl } from '../../../helpers/shortenerApis';
import { CHROME } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from '../http/bothStores';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function visit(date: string, more: Partial<ShlinkVisit> = {}): ShlinkVisit {
  return { date, referer: '', userAgent: CHROME, potentialBot: false, visitLocation: null, ...more };
}

function seed(apis: ShortenerApis): void {
  apis.shlink.push(
    shlinkShortUrl('home', '2024-01-02T03:04:05+00:00', {
      title: 'Home',
      tags: ['news', 'spring'],
      forwardQuery: false,
      meta: { validSince: '2024-01-01T00:00:00+00:00', validUntil: '2099-01-01T00:00:00+00:00', maxVisits: 500 },
      deviceLongUrls: { android: null, ios: 'https://apps.example.com/ios', desktop: 'https://example.com/desk' },
      visits: [
        visit('2024-02-01T10:00:00+00:00', {
          referer: 'https://news.example.net/post',
          visitLocation: { countryCode: 'FR', cityName: 'Paris' },
        }),
        visit('2024-02-02T11:00:00+00:00', { userAgent: GOOGLEBOT }),
        visit('2024-02-03T12:00:00+00:00', { potentialBot: true }),
        visit('2024-02-03T12:00:00+00:00'),
      ],
    }),
    shlinkShortUrl('docs', '2024-01-03T00:00:00+00:00', {
      domain: 'go.example.org',
      visits: [visit('2024-02-04T00:00:00+00:00')],
    }),
    shlinkShortUrl('taken', '2024-01-04T00:00:00+00:00', { visits: [visit('2024-02-05T00:00:00+00:00')] }),
    shlinkShortUrl('api', '2024-01-05T00:00:00+00:00'),
  );
}

const connection = (apis: ShortenerApis) => ({ url: apis.url, api_key: SHLINK_KEY });

describe.each(STORE_SERVERS)('a Shlink import on $kind', (store) => {
  const world = useApiImportWorld(() => store.start(), seed);

  it('a dry run answers the counts and stores nothing', async () => {
    const job = await importToEnd(world.server, 'shlink', connection(world.apis), { dry_run: true });
    expect(job).toMatchObject({
      state: 'done',
      links: { seen: 4, created: 2, skipped: 1, conflicts: 1 },
      clicks: { seen: 5, imported: 5 },
    });
    expect([...(await linksByCode(world.server)).keys()]).toEqual(['taken']);
  });

  it('imports the short URLs and every visit, waiting out a 429', async () => {
    world.apis.rateLimited.add('/rest/v3/short-urls/home/visits');
    const job = await importToEnd(world.server, 'shlink', connection(world.apis));
    expect(job).toMatchObject({
      state: 'done',
      links: { seen: 4, created: 2, updated: 0, skipped: 1, conflicts: 1 },
      clicks: { seen: 5, imported: 5 },
    });
    expect(waitAfterRateLimit(world.apis, '/rest/v3/short-urls/home/visits')).toBeGreaterThanOrEqual(950);
    expect(job.errors.map((problem) => problem.ref).sort()).toEqual(['api', 'go.example.org/docs', 'home', 'taken']);
    const links = await linksByCode(world.server);
    expect([...links.keys()].sort()).toEqual(['docs', 'home', 'taken']);
    expect(links.get('taken')!.target_url).toBe('https://example.org/mine');
    const home = links.get('home')!;
    expect(home).toMatchObject({
      title: 'Home',
      tags: ['news', 'spring'],
      forward_query: false,
      starts_at: '2024-01-01T00:00:00.000Z',
      expires_at: '2099-01-01T00:00:00.000Z',
      max_clicks: 500,
      ios_url: 'https://apps.example.com/ios',
      created_at: '2024-01-02T03:04:05.000Z',
      domain: null,
    });
    const clicks = await world.server.store.clicks.listByLink(home.id);
    expect(
      clicks.map(({ clicked_at, country, city, referrer_source, is_bot, imported }) => [
        new Date(clicked_at).toISOString(),
        country,
        city,
        referrer_source,
        is_bot,
        imported,
      ]),
    ).toEqual([
      ['2024-02-01T10:00:00.000Z', 'FR', 'Paris', 'news.example.net', false, true],
      ['2024-02-02T11:00:00.000Z', 'XX', null, null, true, true],
      ['2024-02-03T12:00:00.000Z', 'XX', null, null, true, true],
      ['2024-02-03T12:00:00.000Z', 'XX', null, null, false, true],
    ]);
    expect(await world.server.store.clicks.listByLink(links.get('docs')!.id)).toHaveLength(1);
  });

  it('a re-import adds only what is new, a visit at the time of the last one stored included', async () => {
    const again = await importToEnd(world.server, 'shlink', connection(world.apis));
    expect(again).toMatchObject({ links: { seen: 4, created: 0, skipped: 3 }, clicks: { seen: 0, imported: 0 } });
    world.apis.shlink[0]!.visits.push(visit('2024-02-03T12:00:00+00:00'), visit('2024-03-01T00:00:00+00:00'));
    world.apis.shlink.push(
      shlinkShortUrl('fresh', '2024-03-01T00:00:00+00:00', { visits: [visit('2024-03-02T00:00:00+00:00')] }),
    );
    const third = await importToEnd(world.server, 'shlink', connection(world.apis));
    expect(third).toMatchObject({ links: { seen: 5, created: 1, skipped: 3 }, clicks: { seen: 3, imported: 3 } });
    const links = await linksByCode(world.server);
    expect(await world.server.store.clicks.listByLink(links.get('home')!.id)).toHaveLength(6);
    expect(await world.server.store.clicks.listByLink(links.get('fresh')!.id)).toHaveLength(1);
  });

  it('never keeps, answers or logs the key; a wrong key fails the job with the status', async () => {
    await expectSecretKept(world.server, world.apis, SHLINK_KEY, world.logs);
    const failed = await importToEnd(world.server, 'shlink', { url: world.apis.url, api_key: 'wrong-key' });
    expect(failed.state).toBe('failed');
    expect(failed.errors.at(-1)!.message).toMatch(/HTTP 401 from \/rest\/v3\/short-urls/);
  });
});
