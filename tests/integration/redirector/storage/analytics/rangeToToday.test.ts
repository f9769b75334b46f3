/**
 * A range whose end no click has reached yet (the dashboard's "to today" in a zone east of UTC)
 * reads its last UTC day whole from the day rollups (rangeFragments.ts rangeParams, `later`
 * false); once a click comes at or after its end, that day is read click by click again. Either
 * way every figure of the link's page, the summary and the funnel equals the raw clicks', on both
 * stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeRange } from '../../../../../redirector/storage/analyticsQueries';
import type { ClickRecord, NewClick } from '../../../../../redirector/storage/records';
import { seeded } from '../../../../helpers/random';
import { newClick, newLink, type OpenedStore, STORE_KINDS } from '../storeKinds';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** "Today" (a UTC day) and its last click so far, at 10:00. */
const TODAY = Date.UTC(2025, 4, 20);
/** Berlin's (UTC+1) last 5 days to today: from 23:00 UTC five days before, to 23:00 UTC today. */
const RANGE: TimeRange = { start: TODAY - 4 * DAY - HOUR, end: TODAY + 23 * HOUR };

function clicksOf(linkIds: readonly number[]): NewClick[] {
  const r = seeded(41);
  return Array.from({ length: 900 }, () =>
    // Six days to 10:00 today, so that both partial days of the range hold clicks.
    newClick(r.pick(linkIds), TODAY + 10 * HOUR - Math.floor(r.next() * 6 * DAY), {
      ip_address: `203.0.113.${Math.floor(r.next() * 40)}`,
      country: r.pick(['US', 'DE', 'IN']),
      device_type: r.pick(['ios', 'android', 'web'] as const),
      referrer_source: r.pick([null, 'google.com']),
      is_bot: r.next() < 0.1,
    }),
  );
}

function tally(clicks: readonly ClickRecord[], key: (click: ClickRecord) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const click of clicks) counts[key(click)] = (counts[key(click)] ?? 0) + 1;
  return counts;
}

const asMap = (rows: readonly { value: string | null; clicks: number }[]) =>
  Object.fromEntries(rows.map((row) => [row.value ?? '', Number(row.clicks)]));

describe.each(STORE_KINDS)('a range to today on $kind', (kind) => {
  let opened: OpenedStore;
  const linkIds: number[] = [];

  beforeAll(async () => {
    opened = await kind.open();
    for (let i = 0; i < 2; i++)
      linkIds.push((await opened.store.links.create(newLink({ short_code: `today-${i}` }))).id);
    await opened.store.clicks.insertMany(clicksOf(linkIds));
  });
  afterAll(async () => {
    await opened?.close();
  });

  async function expectRawFigures() {
    const all = (await Promise.all(linkIds.map((id) => opened.store.clicks.listByLink(id)))).flat();
    const human = all.filter((c) => !c.is_bot && c.clicked_at >= RANGE.start && c.clicked_at < RANGE.end);
    const ofLink = human.filter((c) => c.link_id === linkIds[0]);
    const stats = await opened.store.analytics.linkStats(linkIds[0]!, { recentClicks: 100, range: RANGE });
    expect(stats.inRange).toEqual({
      clicks: ofLink.length,
      uniqueVisitors: new Set(ofLink.map((c) => c.ip_address)).size,
    });
    const countries = stats.dimensions.filter((row) => row.dimension === 'country');
    expect(asMap(countries)).toEqual(tally(ofLink, (c) => c.country));
    const latest = [...ofLink].sort((a, b) => b.clicked_at - a.clicked_at || b.id - a.id).slice(0, 100);
    expect(stats.recentClicks.map((c) => c.id)).toEqual(latest.map((c) => c.id));
    const summary = await opened.store.analytics.summary({ from: TODAY - DAY, to: TODAY + DAY, range: RANGE });
    expect(summary.totalClicks).toBe(human.length);
    expect(summary.uniqueVisitors).toBe(new Set(human.map((c) => c.ip_address)).size);
    expect(asMap(summary.countries)).toEqual(tally(human, (c) => c.country));
    expect(asMap(summary.deviceTypes)).toEqual(tally(human, (c) => c.device_type));
    const funnel = await opened.store.analytics.funnel(RANGE);
    expect(funnel).toEqual({
      clicks: human.length,
      engaged: human.filter((c) => c.referrer_source !== null || c.instagram_exit).length,
      instagramExits: 0,
    });
    return human.length;
  }

  it('answers from the day rollups while no click has come at or after its end', async () => {
    expect(await expectRawFigures()).toBeGreaterThan(500);
  });

  it('reads the last day click by click once a click comes after its end, that same UTC day', async () => {
    // 23:30 UTC today: in the day's rollups, past the range's end; for the first link, a new
    // visitor from a new country on a new device, so that counting it would change every figure.
    const late = newClick(linkIds[0]!, TODAY + 23 * HOUR + 30 * 60_000, {
      ip_address: '198.51.100.77',
      country: 'BR',
      device_type: 'android',
    });
    await opened.store.clicks.insertMany([late]);
    const before = await expectRawFigures();
    // And at its end exactly: still past the range.
    await opened.store.clicks.insertMany([{ ...late, clicked_at: RANGE.end, country: 'FR' }]);
    expect(await expectRawFigures()).toBe(before);
  });
});
