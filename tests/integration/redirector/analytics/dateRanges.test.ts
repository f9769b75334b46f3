/**
 * Every figure over a date range equals the same figure computed straight from the stored clicks
 * (local dates from Intl, not from our calendar code), on both stores, in zones with 30- and
 * 45-minute offsets and with DST, for ranges of one day to months.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelAnalytics } from '../../../../redirector/analytics/funnel';
import { linkAnalytics } from '../../../../redirector/analytics/linkStats';
import { repeatVisitorsAnalytics } from '../../../../redirector/analytics/repeatVisitors';
import { summaryAnalytics } from '../../../../redirector/analytics/summary';
import { timeRangeOf } from '../../../../redirector/analytics/timeRange';
import { zoneCalendar } from '../../../../redirector/analytics/timeZone';
import { userLinkAnalytics } from '../../../../redirector/analytics/userLinkStats';
import { type DateRange, rangeDates } from '../../../../redirector/contract/dateRange';
import type { ClickRecord, NewClick } from '../../../../redirector/storage/records';
import { intlDate, intlHour } from '../../../helpers/intlTime';
import { seeded } from '../../../helpers/random';
import { newClick, newLink, type OpenedStore, STORE_KINDS } from '../storage/storeKinds';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 20, 10, 0, 0);
const ZONES = ['Asia/Kathmandu', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Berlin', 'UTC'];
const RANGES: DateRange[] = [
  { from: '2025-03-30', to: '2025-03-30' },
  { from: '2025-03-01', to: '2025-03-31' },
  { from: '2025-02-10', to: '2025-05-20' },
  { from: '2025-06-19', to: '2025-06-20' },
  { from: '2024-01-01', to: '2024-01-05' },
];

function clicksFor(linkIds: readonly number[], count: number): NewClick[] {
  const r = seeded(13);
  const ips = Array.from({ length: 60 }, (_, i) => `203.0.113.${i}`);
  return Array.from({ length: count }, () =>
    // Four months, to the millisecond: many clicks land near local midnights of every zone.
    newClick(r.pick(linkIds), NOW - Math.floor(r.next() * 130 * DAY), {
      ip_address: r.pick(ips),
      country: r.pick(['US', 'IN', 'NP', 'XX', 'CA']),
      city: r.pick(['Ashburn', 'Kathmandu', null]),
      device_type: r.pick(['ios', 'android', 'web'] as const),
      browser: r.pick(['Chrome', 'Firefox', null, '']),
      referrer_source: r.pick([null, 'instagram', 'google.com']),
      instagram_exit: r.next() < 0.1,
      blocked: r.next() < 0.2,
      is_bot: r.next() < 0.1,
    }),
  );
}

function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
const sorted = (map: Record<string, number>) =>
  Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : 1)));

function expectedLink(clicks: readonly ClickRecord[], range: DateRange, timeZone: string) {
  const dates = new Set(rangeDates(range));
  const inRange = clicks.filter((c) => !c.is_bot && dates.has(intlDate(c.clicked_at, timeZone)));
  const hourly = new Array<number>(24).fill(0);
  for (const c of inRange) hourly[intlHour(c.clicked_at, timeZone)]! += 1;
  const byDate = tally(inRange, (c) => intlDate(c.clicked_at, timeZone));
  return {
    totalClicks: inRange.length,
    uniqueVisitors: new Set(inRange.map((c) => c.ip_address)).size,
    countryCounts: sorted(tally(inRange, (c) => c.country)),
    browserCounts: sorted(tally(inRange, (c) => c.browser || 'Unknown')),
    referrerCounts: sorted(tally(inRange, (c) => c.referrer_source ?? 'Direct')),
    blocked: inRange.filter((c) => c.blocked).length,
    hourlyStats: hourly,
    days: rangeDates(range).map((date) => ({ date, clicks: byDate[date] ?? 0 })),
    recent: [...inRange]
      .sort((a, b) => b.clicked_at - a.clicked_at || b.id - a.id)
      .slice(0, 100)
      .map((c) => c.id),
    inRange,
  };
}

describe.each(STORE_KINDS)('date ranges on $kind', (kind) => {
  let opened: OpenedStore;
  const linkIds: number[] = [];
  const stored = new Map<number, ClickRecord[]>();

  beforeAll(async () => {
    opened = await kind.open();
    const user = await opened.store.users.create({
      name: 'Ada',
      email: 'ada@example.com',
      password_hash: 'scrypt$hash',
      created_at: 1_700_000_000_000,
    });
    for (let i = 0; i < 3; i++) {
      const link = await opened.store.links.create(newLink({ short_code: `range-${i}`, user_id: user.id }));
      linkIds.push(link.id);
    }
    const clicks = clicksFor(linkIds, 2500);
    for (let i = 0; i < clicks.length; i += 500) await opened.store.clicks.insertMany(clicks.slice(i, i + 500));
    for (const id of linkIds) stored.set(id, await opened.store.clicks.listByLink(id));
  });
  afterAll(async () => {
    await opened?.close();
  });

  it.each(ZONES)('per-link figures in %s equal the raw clicks', async (timeZone) => {
    const calendar = zoneCalendar(timeZone);
    for (const range of RANGES) {
      const id = linkIds[0]!;
      const link = { ...(await opened.store.links.findById(id))!, tags: [] };
      const { blocked, inRange, ...expected } = expectedLink(stored.get(id)!, range, timeZone);
      const { stats, recentClicks } = await linkAnalytics(opened.store, link, calendar, NOW, range);
      // With a range only its quarter hours and the last days' are read: last7Days stays whole.
      const allTime = await linkAnalytics(opened.store, link, calendar, NOW);
      expect(stats.last7Days).toEqual(allTime.stats.last7Days);
      expect(stats.last7Days.some((day) => day.clicks > 0)).toBe(true);
      expect({
        totalClicks: stats.totalClicks,
        uniqueVisitors: stats.uniqueVisitors,
        countryCounts: sorted(stats.countryCounts),
        browserCounts: sorted(stats.browserCounts),
        referrerCounts: sorted(stats.referrerCounts),
        hourlyStats: stats.hourlyStats,
        days: stats.days,
        recent: recentClicks.map((c) => c.id),
      }).toEqual(expected);
      expect(inRange.length).toBe(stats.totalClicks);
      const user = await userLinkAnalytics(opened.store, link, calendar, NOW, range);
      expect(user.stats.blockedVisitors).toBe(blocked);
      expect(user.stats.totalClicks).toBe(expected.totalClicks);
      expect(user.stats.days).toEqual(expected.days);
    }
  });

  it.each(ZONES)('service-wide figures in %s equal the raw clicks', async (timeZone) => {
    const calendar = zoneCalendar(timeZone);
    const all = linkIds.flatMap((id) => stored.get(id)!);
    for (const range of RANGES) {
      const { inRange } = expectedLink(all, range, timeZone);
      const summary = await summaryAnalytics(opened.store, calendar, NOW, range);
      expect(summary.totalClicks).toBe(inRange.length);
      expect(summary.uniqueVisitors).toBe(new Set(inRange.map((c) => c.ip_address)).size);
      expect(sorted(summary.countryCounts)).toEqual(sorted(tally(inRange, (c) => c.country)));
      expect(summary.deviceStats.ios).toBe(inRange.filter((c) => c.device_type === 'ios').length);
      const funnel = await funnelAnalytics(opened.store, timeRangeOf(range, calendar));
      expect(funnel.clicks).toBe(inRange.length);
      expect(funnel.engaged).toBe(inRange.filter((c) => c.referrer_source !== null || c.instagram_exit).length);
      const repeat = await repeatVisitorsAnalytics(opened.store, timeRangeOf(range, calendar));
      const visits = Object.values(tally(inRange, (c) => c.ip_address));
      expect(repeat.totalUniqueVisitors).toBe(visits.length);
      expect(repeat.repeatVisitors).toBe(visits.filter((n) => n >= 2).length);
      expect(repeat.top.map((v) => v.visits)).toEqual(
        visits
          .filter((n) => n >= 2)
          .sort((a, b) => b - a)
          .slice(0, 10),
      );
    }
  });

  // The service's visitors over a range count each visitor under their previous day (storage/analytics/sql/days.ts):
  // days folded out of order, and a deleted link's days, must move those counts.
  it('service-wide visitors stay exact when days arrive out of order and a link is deleted', {
    timeout: 120_000,
  }, async () => {
    const link = await opened.store.links.create(newLink({ short_code: 'range-late' }));
    const late = clicksFor([link.id], 600).sort((a, b) => b.clicked_at - a.clicked_at);
    const others = () => linkIds.flatMap((id) => stored.get(id)!);
    const check = async (clicks: readonly ClickRecord[]) => {
      for (const timeZone of ['UTC', 'Asia/Kathmandu']) {
        for (const range of [RANGES[1]!, RANGES[2]!]) {
          const { inRange } = expectedLink(clicks, range, timeZone);
          const summary = await summaryAnalytics(opened.store, zoneCalendar(timeZone), NOW, range);
          expect(summary.uniqueVisitors).toBe(new Set(inRange.map((c) => c.ip_address)).size);
          expect(summary.totalClicks).toBe(inRange.length);
        }
      }
    };
    // Newest first, a read (and so a fold) after each batch.
    for (let i = 0; i < late.length; i += 150) {
      await opened.store.clicks.insertMany(late.slice(i, i + 150));
      await check([...others(), ...(await opened.store.clicks.listByLink(link.id))]);
    }
    await opened.store.links.delete(link.id);
    await check(others());
  });

  it('without a range, the answers are all-time and carry no days', async () => {
    const id = linkIds[1]!;
    const link = { ...(await opened.store.links.findById(id))!, tags: [] };
    const answer = await linkAnalytics(opened.store, link, zoneCalendar('UTC'), NOW);
    expect(answer.stats.days).toBeUndefined();
    expect(answer.stats.totalClicks).toBe(stored.get(id)!.filter((c) => !c.is_bot).length);
  });
});
