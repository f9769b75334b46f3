/** GET /api/analytics/summary: everything the admin dashboard's totals and charts show. */
import type { SummaryResponse } from '../contract/analytics';
import type { DateRange } from '../contract/dateRange';
import type { Store } from '../storage/store';
import { countMap, deviceStats, todayClicks } from './counts';
import { timeRangeOf } from './timeRange';
import type { ZoneCalendar } from './timeZone';

const DAY = 24 * 60 * 60 * 1000;

export async function summaryAnalytics(
  store: Store,
  calendar: ZoneCalendar,
  now: number,
  range?: DateRange,
): Promise<SummaryResponse> {
  // Today's local day lies within a day and a half of now in any zone (offsets reach ±14 h).
  const data = await store.analytics.summary({
    from: now - 2 * DAY,
    to: now + 2 * DAY,
    range: range && timeRangeOf(range, calendar),
  });
  return {
    totalLinks: data.totalLinks,
    totalClicks: data.totalClicks,
    uniqueVisitors: data.uniqueVisitors,
    todayClicks: todayClicks(data.quarterHours, calendar, now),
    deviceStats: deviceStats(data.deviceTypes),
    countryCounts: countMap(data.countries),
  };
}
