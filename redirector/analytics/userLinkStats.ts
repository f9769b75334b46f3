/** GET /api/analytics/user?linkId=: the user dashboard's view of one of their links. */
import type { UserLinkAnalyticsResponse } from '../contract/analytics';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { dimensionMap } from './counts';
import { readLinkStats } from './linkStats';
import type { ZoneCalendar } from './timeZone';

export async function userLinkAnalytics(
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
): Promise<UserLinkAnalyticsResponse> {
  const { data, stats, link: apiLink, recentClicks } = await readLinkStats(store, link, calendar, now);
  return {
    link: apiLink,
    stats: {
      ...stats,
      blockedCountries: dimensionMap(data.dimensions, 'blocked_country'),
      blockedVisitors: data.counts.blocked_visitors,
    },
    recentClicks,
  };
}
