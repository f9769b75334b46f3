import { describe, expect, it } from 'vitest';
import type { LiveResponse, SummaryResponse } from '../../../../redirector/contract';
import type { EventClick } from '../../../../redirector/contract/webhooks';
import { foldLive, foldRealtime, foldSummary, rangeHolds } from '../../../../renderer/src/api/streamFolds';

const click = (over: Partial<EventClick> = {}): EventClick => ({
  id: 7,
  link_id: 3,
  short_code: 'abc',
  domain: null,
  clicked_at: Date.now(),
  country: 'US',
  city: 'Boston',
  device_type: 'ios',
  os: 'iOS',
  browser: 'Safari',
  referrer: null,
  in_app: false,
  ip: '8.8.8.8',
  ...over,
});

const summary: SummaryResponse = {
  totalLinks: 2,
  totalClicks: 10,
  uniqueVisitors: 4,
  todayClicks: 1,
  deviceStats: { ios: 1, android: 0, web: 9 },
  countryCounts: { US: 2 },
};

const realtime = {
  clicksPerMinute: 0,
  latestClicks: [],
  activeLinks: [{ id: 3, title: 'Docs', short_code: 'abc', clicks: 4 }],
  activeVisitors: 0,
};

describe('streamFolds', () => {
  it('counts a click in the summary when the range holds its day (clicked_at in epoch ms), not otherwise', () => {
    const folded = foldSummary(summary, click(), undefined);
    expect(folded).toMatchObject({ totalClicks: 11, todayClicks: 2, uniqueVisitors: 4 });
    expect(folded.deviceStats.ios).toBe(2);
    expect(folded.countryCounts.US).toBe(3);
    expect(foldSummary(summary, click(), { from: '2020-01-01', to: '2020-01-31' })).toBe(summary);
    const january = { from: '2020-01-01', to: '2020-01-31' };
    expect(rangeHolds(january, click({ clicked_at: Date.parse('2020-01-15T12:00:00Z') }))).toBe(true);
    expect(rangeHolds(january, click({ clicked_at: Date.parse('2020-02-15T12:00:00Z') }))).toBe(false);
    // A server from before clicked_at was a number sent an ISO string: still read.
    const older = click({ clicked_at: '2020-01-15T12:00:00Z' as unknown as number });
    expect(rangeHolds(january, older)).toBe(true);
    expect(foldRealtime(realtime, older).latestClicks[0]?.clicked_at).toBe(Date.parse('2020-01-15T12:00:00Z'));
  });

  it("puts the click's visitor first among those online, once per address", () => {
    const empty: LiveResponse = { visitors: [], totals: { online: 0, countries: 0, mobile: 0, avgDurationSeconds: 0 } };
    const once = foldLive(empty, click());
    const twice = foldLive(once, click({ id: 8, country: 'CA' }));
    expect(twice.totals).toMatchObject({ online: 1, countries: 1, mobile: 1 });
    expect(twice.visitors[0]).toMatchObject({ ip: '8.8.8.8', country: 'CA', link: { short_code: 'abc' } });
    // The stream's epoch milliseconds, shown as the API's lastSeen (ISO 8601).
    const at = Date.UTC(2026, 11, 7, 8, 16, 39, 457);
    expect(foldLive(empty, click({ clicked_at: at })).visitors[0]?.lastSeen).toBe('2026-12-07T08:16:39.457Z');
    expect(foldLive(once, click({ ip: '8.8.4.4' })).totals.online).toBe(2);
    // A user's stream carries no address: nothing to add.
    expect(foldLive(empty, click({ ip: undefined }))).toBe(empty);
  });

  it('puts the click first among the latest and its link one click busier', () => {
    const at = Date.UTC(2026, 11, 7, 8, 16, 39, 457);
    const folded = foldRealtime(realtime, click({ clicked_at: at }));
    expect(folded.latestClicks[0]).toMatchObject({ id: 7, link_title: 'Docs', short_code: 'abc' });
    // The click as the API's: clicked_at the same number, created_at its ISO 8601.
    expect(folded.latestClicks[0]).toMatchObject({ clicked_at: at, created_at: '2026-12-07T08:16:39.457Z' });
    expect(folded.activeLinks[0]?.clicks).toBe(5);
  });
});
