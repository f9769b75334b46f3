/**
 * The counts a shared stats page shows (docs/api.md#shared-stats), taken from the owner's figures
 * of the link (analytics/userLinkStats.ts) and narrowed to what may be shown: no recent clicks, no
 * addresses, no cities, no blocked clicks, no target address.
 */

import type { ZoneCalendar } from '../../analytics/timeZone';
import type { DateRange } from '../../contract/dateRange';
import { shortUrlOf } from '../../contract/domains';
import type { Services } from '../../services';
import type { SharedStatsFigures } from './sharedStatsPage';

export async function sharedStatsFigures(
  services: Pick<Services, 'store' | 'analytics' | 'config'>,
  linkId: number,
  range: DateRange,
  calendar: ZoneCalendar,
): Promise<SharedStatsFigures | undefined> {
  const { store, analytics } = services;
  const link = await store.links.findById(linkId);
  if (!link) return undefined;
  const tags = (await store.links.tagsOf([link.id])).get(link.id) ?? [];
  const { stats } = await analytics.userLink({ ...link, tags }, calendar, range);
  return {
    title: link.title,
    shortUrl: shortUrlOf(services.config.publicUrl, link.domain, link.short_code),
    range,
    timeZone: calendar.timeZone,
    totalClicks: stats.totalClicks,
    uniqueVisitors: stats.uniqueVisitors,
    days: stats.days ?? [],
    countries: stats.countryCounts,
    devices: stats.deviceStats,
    browsers: stats.browserCounts,
    referrers: stats.referrerCounts,
  };
}
