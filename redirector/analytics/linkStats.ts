/** GET /api/analytics/{id}: every figure of one link's admin page in one answer. */
import type { LinkAnalyticsResponse } from '../contract/analytics';
import { toApiLink } from '../links/linkPresenter';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';
import { DAY_NAMES, DIRECT, deviceStats, dimensionMap, timePatterns } from './counts';
import type { ZoneCalendar } from './timeZone';

export const RECENT_CLICKS = 100;

/**
 * One link's stored figures and what the administrator's and the owner's views of it both show, so
 * the two answers cannot drift apart on a shared figure.
 */
export async function readLinkStats(
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
) {
  const data = await store.analytics.linkStats(link.id, { recentClicks: RECENT_CLICKS });
  const dims = data.dimensions;
  const patterns = timePatterns(data.quarterHours, calendar, now);
  return {
    data,
    patterns,
    link: toApiLink({ ...link, ...data.counts }),
    stats: {
      totalClicks: data.counts.total_clicks,
      uniqueVisitors: data.counts.unique_visitors,
      deviceStats: deviceStats(dims.filter((row) => row.dimension === 'device_type')),
      countryCounts: dimensionMap(dims, 'country'),
      last7Days: patterns.last7Days,
    },
    recentClicks: data.recentClicks.map(toApiClick),
  };
}

export async function linkAnalytics(
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
): Promise<LinkAnalyticsResponse> {
  const { data, patterns, stats, link: apiLink, recentClicks } = await readLinkStats(store, link, calendar, now);
  const dims = data.dimensions;
  return {
    link: apiLink,
    stats: {
      ...stats,
      browserCounts: dimensionMap(dims, 'browser'),
      referrerCounts: dimensionMap(dims, 'referrer', DIRECT),
      osCounts: dimensionMap(dims, 'os'),
      deviceCounts: dimensionMap(dims, 'device_info'),
      hourlyStats: patterns.hourly,
      dailyStats: patterns.daily,
      dayNames: DAY_NAMES,
    },
    recentClicks,
  };
}
