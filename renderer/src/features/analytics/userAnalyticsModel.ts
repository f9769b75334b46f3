/** Shapes the user analytics answer (docs/api.md#analytics) into what the analytics view shows. */
import type { UserLinkAnalyticsResponse } from '../../../../redirector/contract';
import type { SeriesPoint, Slice } from '../../components/charts/types';
import { UNKNOWN_COUNTRY } from '../../format/countries';
import { formatDay } from '../../format/dates';
import { deviceSlices, trendDays, trendSpan } from './analyticsFormat';

export interface UserAnalyticsModel {
  totalClicks: number;
  uniqueVisitors: number;
  /** Distinct countries with at least one click: 'Unknown' holds clicks but is no country (docs/api.md#countries). */
  countries: number;
  /** iOS plus Android. */
  mobileClicks: number;
  /** Clicks per day: of the range when the answer covers one, else of the last 7 days. */
  trend: SeriesPoint[];
  /** The range's first and last day, when the answer covers a range. */
  span: { first: string; last: string } | undefined;
  devices: Slice[];
  /** Shown only when the link has country redirect on and some clicks were redirected. */
  showBlocked: boolean;
  blockedTarget: string;
}

export function userAnalyticsModel(data: UserLinkAnalyticsResponse, locale?: string): UserAnalyticsModel {
  const { link, stats } = data;
  const devices = stats.deviceStats;
  const blockedCountries = stats.blockedCountries ?? {};
  return {
    totalClicks: stats.totalClicks,
    uniqueVisitors: stats.uniqueVisitors,
    countries: Object.entries(stats.countryCounts).filter(([code, count]) => count > 0 && code !== UNKNOWN_COUNTRY)
      .length,
    mobileClicks: devices.ios + devices.android,
    trend: trendDays(stats).map((day) => ({ label: formatDay(day.date, locale), value: day.clicks })),
    span: trendSpan(stats.days, locale),
    devices: deviceSlices(devices),
    showBlocked: link.enable_country_redirect && Object.values(blockedCountries).some((count) => count > 0),
    blockedTarget: link.country_redirect_url || 'Google',
  };
}
