/** GET /api/analytics/user?linkId=: the user dashboard's view of one of their links. */
import type { UserLinkAnalyticsResponse } from '../contract/analytics';
import { toApiLink } from '../links/linkPresenter';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';
import { deviceStats, dimensionMap, timePatterns } from './counts';
import { RECENT_CLICKS } from './linkStats';
import type { ZoneCalendar } from './timeZone';

export async function userLinkAnalytics(
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
): Promise<UserLinkAnalyticsResponse> {
  const data = await store.analytics.linkStats(link.id, { recentClicks: RECENT_CLICKS });
  const dims = data.dimensions;
  return {
    link: toApiLink({ ...link, ...data.counts }),
    stats: {
      totalClicks: data.counts.total_clicks,
      uniqueVisitors: data.counts.unique_visitors,
      deviceStats: deviceStats(dims.filter((row) => row.dimension === 'device_type')),
      countryCounts: dimensionMap(dims, 'country'),
      blockedCountries: dimensionMap(dims, 'blocked_country'),
      blockedVisitors: data.counts.blocked_visitors,
      last7Days: timePatterns(data.quarterHours, calendar, now).last7Days,
    },
    recentClicks: data.recentClicks.map(toApiClick),
  };
}
