/**
 * The ranged repeat visitors (redirector/storage/analytics/rangeRepeatVisitors.ts) equal those
 * computed straight from the stored clicks, on both stores: the visitors who came once are never
 * read, so every figure here depends on visitor_days' marks and latest clicks being right after
 * each fold (a visitor's second click arriving folds later than the first), out-of-order days,
 * partial days at both ends of a range, and a link's deletion; and on visitor_blocks (the blocks of
 * 2 to 32 days that a range's whole days are read from) following every one of those changes, over
 * ranges of 1 to 365 days in zones whose days start on the hour, half hour and quarter hour.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locationLabel, repeatVisitorsAnalytics } from '../../../../../redirector/analytics/repeatVisitors';
import { timeRangeOf } from '../../../../../redirector/analytics/timeRange';
import { zoneCalendar } from '../../../../../redirector/analytics/timeZone';
import type { DateRange } from '../../../../../redirector/contract/dateRange';
import type { ClickRecord, NewClick } from '../../../../../redirector/storage/records';
import { seeded } from '../../../../helpers/random';
import { newClick, newLink, type OpenedStore, STORE_KINDS } from '../storeKinds';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 20, 10, 0, 0);
const RANGES: [DateRange, string][] = [
  [{ from: '2025-05-21', to: '2025-06-19' }, 'Europe/Berlin'],
  [{ from: '2025-06-01', to: '2025-06-20' }, 'Asia/Kathmandu'],
  [{ from: '2025-06-08', to: '2025-06-10' }, 'America/St_Johns'],
  [{ from: '2025-01-01', to: '2025-12-31' }, 'UTC'],
  // Spans that the blocks of 2 to 32 days (the migration "visitor blocks") tile in different ways.
  [{ from: '2025-05-06', to: '2025-06-20' }, 'Asia/Kolkata'],
  [{ from: '2025-05-17', to: '2025-06-18' }, 'America/Los_Angeles'],
  [{ from: '2025-05-12', to: '2025-06-12' }, 'UTC'],
  [{ from: '2025-06-13', to: '2025-06-19' }, 'Pacific/Chatham'],
  ...randomRanges(8),
];

/** `count` ranges of 1 to 45 days inside the clicks' 45 days, each in one of the zones above. */
function randomRanges(count: number): [DateRange, string][] {
  const r = seeded(99);
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return Array.from({ length: count }, () => {
    const from = NOW - Math.floor(r.next() * 46) * DAY;
    const to = Math.min(NOW, from + Math.floor(r.next() * 45) * DAY);
    return [{ from: date(from), to: date(to) }, r.pick(['UTC', 'Europe/Berlin', 'Asia/Kathmandu', 'America/St_Johns'])];
  });
}

/** Forty visitors who come back, and many who come once, over 45 days. */
function visits(linkIds: readonly number[], count: number, seed: number): NewClick[] {
  const r = seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const returning = r.next() < 0.5;
    return newClick(r.pick(linkIds), NOW - Math.floor(r.next() * 45 * DAY), {
      ip_address: returning ? `198.51.100.${Math.floor(r.next() * 40)}` : `10.${seed}.${i >> 8}.${i & 255}`,
      country: r.pick(['US', 'NP', 'CA']),
      city: r.pick(['Ashburn', 'Kathmandu', null]),
      is_bot: r.next() < 0.05,
    });
  });
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The answer computed from the raw clicks, as docs/api.md#analytics defines it. */
function expected(clicks: readonly ClickRecord[], range: { start: number; end: number }) {
  const inRange = clicks.filter((c) => !c.is_bot && c.clicked_at >= range.start && c.clicked_at < range.end);
  const perVisitor = new Map<string, ClickRecord[]>();
  for (const click of inRange) perVisitor.set(click.ip_address, [...(perVisitor.get(click.ip_address) ?? []), click]);
  const counts = new Map<number, number>();
  for (const own of perVisitor.values()) counts.set(own.length, (counts.get(own.length) ?? 0) + 1);
  const repeaters = [...perVisitor.entries()]
    .filter(([, own]) => own.length >= 2)
    .map(([ip, own]) => ({ ip, own, visits: own.length, last: Math.max(...own.map((c) => c.clicked_at)) }))
    .sort((a, b) => b.visits - a.visits || b.last - a.last || byCodePoint(a.ip, b.ip));
  return {
    totalUniqueVisitors: perVisitor.size,
    repeatVisitors: repeaters.length,
    frequency: [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .slice(0, 10)
      .map(([visits, visitors]) => ({ visits, visitors })),
    top: repeaters.slice(0, 10).map(({ ip, own, visits, last }) => {
      const places = new Map<string, number>();
      for (const c of own) {
        const label = locationLabel({ country: c.country, city: c.city });
        places.set(label, Math.max(places.get(label) ?? 0, c.clicked_at));
      }
      // Most recent first.
      const locations = [...places.entries()].sort(([, a], [, b]) => b - a).map(([label]) => label);
      return { ip, visits, lastVisit: new Date(last).toISOString(), locations };
    }),
  };
}

describe.each(STORE_KINDS)('ranged repeat visitors on $kind', (kind) => {
  let opened: OpenedStore;
  let linkIds: number[];
  const all = async () => (await Promise.all(linkIds.map((id) => opened.store.clicks.listByLink(id)))).flat();

  const expectExact = async () => {
    const clicks = await all();
    for (const [range, zone] of RANGES) {
      const time = timeRangeOf(range, zoneCalendar(zone));
      const answer = await repeatVisitorsAnalytics(opened.store, time);
      const want = expected(clicks, time);
      expect({
        totalUniqueVisitors: answer.totalUniqueVisitors,
        repeatVisitors: answer.repeatVisitors,
        frequency: answer.frequency,
        // Each visitor's `places` name the same places as `locations`, as codes (checked in redirectSeeded).
        top: answer.top.map(({ places, ...v }) => {
          expect(places.length).toBe(v.locations.length);
          return v;
        }),
      }).toEqual(want);
    }
    // The widest range has both kinds of visitor.
    const widest = expected(clicks, timeRangeOf(RANGES[3]![0], zoneCalendar('UTC')));
    // and a range of about a month has visitors who came back within it.
    expect(expected(clicks, timeRangeOf(RANGES[6]![0], zoneCalendar('UTC'))).repeatVisitors).toBeGreaterThan(5);
    expect(widest.frequency[0]?.visits).toBe(1);
    expect(widest.repeatVisitors).toBeGreaterThan(0);
  };

  beforeEach(async () => {
    opened = await kind.open();
    linkIds = [];
    for (let i = 0; i < 3; i++) linkIds.push((await opened.store.links.create(newLink({ short_code: `rv-${i}` }))).id);
  });
  afterEach(async () => {
    await opened?.close();
  });

  it('are exact after every fold, visitors crossing two clicks in a later fold than their first', async () => {
    // Each batch is folded by the reads before the next is stored.
    for (let batch = 0; batch < 4; batch++) {
      const clicks = visits(linkIds, 250, batch + 1);
      // Newest first in the later batches: days arrive out of order.
      if (batch % 2 === 1) clicks.sort((a, b) => b.clicked_at - a.clicked_at);
      await opened.store.clicks.insertMany(clicks);
      await expectExact();
    }
  });

  it("stay exact when a link is deleted, its visitors' latest clicks taken from the other links", async () => {
    await opened.store.clicks.insertMany(visits(linkIds, 600, 7));
    // The same visitor and day on two links, the later click on the link that goes.
    const day = NOW - 5 * DAY;
    const often = '198.51.100.200';
    await opened.store.clicks.insertMany([
      ...Array.from({ length: 30 }, (_, i) => newClick(linkIds[0]!, day + i * 1_000, { ip_address: often })),
      newClick(linkIds[1]!, day + 60_000, { ip_address: often }),
    ]);
    await expectExact();
    const before = await repeatVisitorsAnalytics(opened.store, { start: day - DAY, end: day + DAY });
    expect(before.top[0]).toMatchObject({ ip: often, visits: 31, lastVisit: new Date(day + 60_000).toISOString() });
    await opened.store.links.delete(linkIds[1]!);
    linkIds = linkIds.filter((id) => id !== linkIds[1]);
    await expectExact();
    const after = await repeatVisitorsAnalytics(opened.store, { start: day - DAY, end: day + DAY });
    expect(after.top[0]).toMatchObject({ ip: often, visits: 30, lastVisit: new Date(day + 29_000).toISOString() });
  });
});
