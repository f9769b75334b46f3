/** GET /api/analytics/user?linkId=: the user dashboard's view of one of their links. */
import type { UserLinkAnalyticsResponse } from '../contract/analytics';
import type { DateRange } from '../contract/dateRange';
import { toApiLink } from '../links/linkPresenter';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';
import { deviceStats, dimensionMap, timePatterns } from './counts';
import { linkFigures } from './linkStats';
import type { ZoneCalendar } from './timeZone';

export async function userLinkAnalytics(
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
  range?: DateRange,
): Promise<UserLinkAnalyticsResponse> {
  const figures = await linkFigures(store, link.id, calendar, range);
  const { data, dims } = figures;
  const blocked = dimensionMap(dims, 'blocked_country');
  return {
    link: toApiLink({ ...link, ...data.counts }),
    stats: {
      totalClicks: figures.totalClicks,
      uniqueVisitors: figures.uniqueVisitors,
      deviceStats: deviceStats(dims.filter((row) => row.dimension === 'device_type')),
      countryCounts: dimensionMap(dims, 'country'),
      blockedCountries: blocked,
      blockedVisitors: data.inRange
        ? Object.values(blocked).reduce((sum, n) => sum + n, 0)
        : data.counts.blocked_visitors,
      last7Days: timePatterns(data.quarterHours, calendar, now).last7Days,
      ...figures.days,
    },
    recentClicks: figures.recentClicks.map(toApiClick),
  };
}
