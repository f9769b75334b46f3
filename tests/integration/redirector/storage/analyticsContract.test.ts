/** The Store's analytics queries over the same seeded clicks: the same figures from SQLite and PostgreSQL. */
import { describe, expect, it } from 'vitest';
import type { NewClick } from '../../../../redirector/storage/records';
import type { Store } from '../../../../redirector/storage/store';
import { newClick, newLink, openForEachTest, STORE_KINDS } from './storeKinds';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A quarter-hour boundary (UTC). */
const T = Date.UTC(2025, 5, 10, 12, 0);

/** Two links; seven human clicks from three addresses and two bot clicks (see each figure below). */
async function seed(store: Store) {
  const a = await store.links.create(newLink({ short_code: 'alpha', title: 'Alpha', created_at: T - DAY }));
  const b = await store.links.create(newLink({ short_code: 'beta', title: 'Beta', created_at: T - DAY + 1 }));
  const ip1 = '198.51.100.1';
  const ip2 = '203.0.113.7';
  const ip3 = '192.0.2.33';
  const india = { country: 'IN', city: 'Mumbai', device_type: 'android', browser: 'Chrome', os: 'Android' } as const;
  const clicks: NewClick[] = [
    newClick(a.id, T + 1 * MINUTE, { ip_address: ip1 }),
    newClick(a.id, T + 2 * MINUTE, { ip_address: ip1, referrer_source: 'instagram', instagram_exit: true }),
    newClick(a.id, T + 20 * MINUTE, { ip_address: ip2, ...india, referrer_source: 'google.com', blocked: true }),
    newClick(a.id, T + 40 * MINUTE, {
      ip_address: ip3,
      country: 'NG',
      city: null,
      device_type: 'ios',
      device_info: 'Apple iPhone',
      browser: 'Mobile Safari',
      os: 'iOS',
      blocked: true,
    }),
    newClick(a.id, T + 41 * MINUTE, { ip_address: '192.0.2.99', is_bot: true, user_agent: 'Googlebot/2.1' }),
    newClick(b.id, T + 50 * MINUTE, { ip_address: ip2, ...india, referrer_source: 'tiktok' }),
    newClick(b.id, T + 52 * MINUTE, { ip_address: ip1, is_bot: true, user_agent: 'Twitterbot/1.0' }),
    newClick(b.id, T + 55 * MINUTE, { ip_address: ip2, ...india, city: 'Delhi' }),
  ];
  await store.clicks.insertMany(clicks);
  const stored = [...(await store.clicks.listByLink(a.id)), ...(await store.clicks.listByLink(b.id))];
  return { a, b, ip1, ip2, ip3, stored };
}

describe.each(STORE_KINDS)('$kind analytics', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('answers zeros and empty lists on an empty database', async () => {
    const link = await store.links.create(newLink());
    expect(await store.analytics.linkStats(link.id, { recentClicks: 100 })).toEqual({
      counts: { total_clicks: 0, unique_visitors: 0, blocked_visitors: 0, quota_used: 0 },
      dimensions: [],
      quarterHours: [],
      recentClicks: [],
    });
    expect(await store.analytics.summary({ from: 0, to: T })).toEqual({
      totalLinks: 1,
      totalClicks: 0,
      uniqueVisitors: 0,
      deviceTypes: [],
      countries: [],
      quarterHours: [],
    });
    expect(
      await store.analytics.realtime({
        now: T,
        windowMs: 5 * MINUTE,
        activeVisitorWindowMs: 2 * MINUTE,
        latestClicks: 10,
        activeLinks: 6,
      }),
    ).toEqual({ windowClicks: 0, latestClicks: [], activeLinks: [], activeVisitors: 0 });
    expect(await store.analytics.live({ now: T, windowMs: 5 * MINUTE, durationWindowMs: DAY, limit: 10 })).toEqual({
      visitors: [],
      online: 0,
      countries: 0,
      mobile: 0,
      totalDurationMs: 0,
    });
    expect(await store.analytics.repeatVisitors({ frequencies: 10, top: 10 })).toEqual({
      totalVisitors: 0,
      repeatVisitors: 0,
      frequency: [],
      top: [],
    });
    expect(await store.analytics.funnel()).toEqual({ clicks: 0, engaged: 0, instagramExits: 0 });
    expect(await store.analytics.pending()).toBe(0);
  });

  it('answers one link’s counts, dimensions, quarter hours and latest clicks', async () => {
    const { a, b, stored } = await seed(store);
    const stats = await store.analytics.linkStats(a.id, { recentClicks: 100 });
    expect(stats.counts).toEqual({ total_clicks: 4, unique_visitors: 3, blocked_visitors: 2, quota_used: 0 });
    const byDimension = (dimension: string) =>
      stats.dimensions
        .filter((row) => row.dimension === dimension)
        .map((row) => [row.value, row.clicks])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(byDimension('device_type')).toEqual([
      ['android', 1],
      ['ios', 1],
      ['web', 2],
    ]);
    expect(byDimension('country')).toEqual([
      ['IN', 1],
      ['NG', 1],
      ['US', 2],
    ]);
    expect(byDimension('browser')).toEqual([
      ['Chrome', 3],
      ['Mobile Safari', 1],
    ]);
    expect(byDimension('os')).toEqual([
      ['Android', 1],
      ['iOS', 1],
      ['Windows', 2],
    ]);
    expect(byDimension('referrer')).toEqual([
      ['google.com', 1],
      ['instagram', 1],
      [null, 2],
    ]);
    expect(byDimension('device_info')).toEqual([
      ['Apple iPhone', 1],
      [null, 3],
    ]);
    expect(byDimension('blocked_country')).toEqual([
      ['IN', 1],
      ['NG', 1],
    ]);
    expect(stats.dimensions).toHaveLength(18);
    expect(stats.quarterHours).toEqual([
      { start: T, clicks: 2 },
      { start: T + 15 * MINUTE, clicks: 1 },
      { start: T + 30 * MINUTE, clicks: 1 },
    ]);
    const humansOfA = stored.filter((click) => click.link_id === a.id && !click.is_bot);
    expect(stats.recentClicks).toEqual([...humansOfA].reverse());
    expect((await store.analytics.linkStats(a.id, { recentClicks: 2 })).recentClicks).toEqual(
      [...humansOfA].reverse().slice(0, 2),
    );
    expect((await store.analytics.linkStats(b.id, { recentClicks: 100 })).counts).toEqual({
      total_clicks: 2,
      unique_visitors: 1,
      blocked_visitors: 0,
      quota_used: 0,
    });
  });

  it('answers the summary over every link', async () => {
    await seed(store);
    expect(await store.analytics.summary({ from: T - DAY, to: T + DAY })).toEqual({
      totalLinks: 2,
      totalClicks: 6,
      uniqueVisitors: 3,
      deviceTypes: [
        { value: 'android', clicks: 3 },
        { value: 'web', clicks: 2 },
        { value: 'ios', clicks: 1 },
      ],
      countries: [
        { value: 'IN', clicks: 3 },
        { value: 'US', clicks: 2 },
        { value: 'NG', clicks: 1 },
      ],
      quarterHours: [
        { start: T, clicks: 2 },
        { start: T + 15 * MINUTE, clicks: 1 },
        { start: T + 30 * MINUTE, clicks: 1 },
        { start: T + 45 * MINUTE, clicks: 2 },
      ],
    });
    // Quarter hours whose start is in [from, to), the bounds rounded out to whole quarter hours.
    const window = await store.analytics.summary({ from: T + 16 * MINUTE, to: T + 31 * MINUTE });
    expect(window.quarterHours).toEqual([
      { start: T + 15 * MINUTE, clicks: 1 },
      { start: T + 30 * MINUTE, clicks: 1 },
    ]);
  });

  it('answers the last minutes: realtime and live visitors', async () => {
    const { b, ip2, ip3, stored } = await seed(store);
    const click = (minute: number) => stored.find((c) => c.clicked_at === T + minute * MINUTE)!;
    const realtime = await store.analytics.realtime({
      now: T + 56 * MINUTE,
      windowMs: 10 * MINUTE,
      activeVisitorWindowMs: 2 * MINUTE,
      latestClicks: 10,
      activeLinks: 6,
    });
    expect(realtime).toEqual({
      windowClicks: 2,
      latestClicks: [
        { ...click(55), link_title: 'Beta', short_code: 'beta' },
        { ...click(50), link_title: 'Beta', short_code: 'beta' },
      ],
      activeLinks: [{ id: b.id, title: 'Beta', short_code: 'beta', clicks: 2 }],
      activeVisitors: 1,
    });
    const live = await store.analytics.live({
      now: T + 56 * MINUTE,
      windowMs: 30 * MINUTE,
      durationWindowMs: DAY,
      limit: 10,
    });
    expect({
      ...live,
      visitors: live.visitors.map(({ ip_address, id, first_clicked_at }) => ({ ip_address, id, first_clicked_at })),
    }).toEqual({
      visitors: [
        { ip_address: ip2, id: click(55).id, first_clicked_at: T + 20 * MINUTE },
        { ip_address: ip3, id: click(40).id, first_clicked_at: T + 40 * MINUTE },
      ],
      online: 2,
      countries: 2,
      mobile: 2,
      totalDurationMs: 35 * MINUTE,
    });
    expect(live.visitors[0]).toMatchObject({ ...click(55), link_title: 'Beta', short_code: 'beta' });
    expect(live.visitors[1]).toMatchObject({ ...click(40), link_title: 'Alpha', short_code: 'alpha' });
    const limited = await store.analytics.live({
      now: T + 56 * MINUTE,
      windowMs: 30 * MINUTE,
      durationWindowMs: DAY,
      limit: 1,
    });
    expect(limited.visitors.map((row) => row.ip_address)).toEqual([ip2]);
    expect(limited.online).toBe(2);
  });

  it('answers repeat visitors and the funnel, and forgets a deleted link’s clicks', async () => {
    const { b, ip1, ip2 } = await seed(store);
    expect(await store.analytics.repeatVisitors({ frequencies: 10, top: 10 })).toEqual({
      totalVisitors: 3,
      repeatVisitors: 2,
      frequency: [
        { visits: 1, visitors: 1 },
        { visits: 2, visitors: 1 },
        { visits: 3, visitors: 1 },
      ],
      top: [
        {
          ip: ip2,
          visits: 3,
          lastClickedAt: T + 55 * MINUTE,
          locations: [
            { country: 'IN', city: 'Delhi' },
            { country: 'IN', city: 'Mumbai' },
          ],
        },
        { ip: ip1, visits: 2, lastClickedAt: T + 2 * MINUTE, locations: [{ country: 'US', city: 'Ashburn' }] },
      ],
    });
    expect((await store.analytics.repeatVisitors({ frequencies: 2, top: 1 })).frequency).toHaveLength(2);
    expect(await store.analytics.funnel()).toEqual({ clicks: 6, engaged: 3, instagramExits: 1 });

    await store.links.delete(b.id);
    expect(await store.analytics.repeatVisitors({ frequencies: 10, top: 10 })).toEqual({
      totalVisitors: 3,
      repeatVisitors: 1,
      frequency: [
        { visits: 1, visitors: 2 },
        { visits: 2, visitors: 1 },
      ],
      top: [{ ip: ip1, visits: 2, lastClickedAt: T + 2 * MINUTE, locations: [{ country: 'US', city: 'Ashburn' }] }],
    });
    expect(await store.analytics.funnel()).toEqual({ clicks: 4, engaged: 2, instagramExits: 1 });
    const summary = await store.analytics.summary({ from: T - DAY, to: T + DAY });
    expect([summary.totalLinks, summary.totalClicks, summary.uniqueVisitors]).toEqual([1, 4, 3]);
  });
});
