/** GET /api/analytics/{id}: every figure of one link's admin page in one answer. */
import type { LinkAnalyticsResponse, PasswordLockout, RuleStats, VariantStats } from '../contract/analytics';
import type { DateRange } from '../contract/dateRange';
import { toApiLink } from '../links/linkPresenter';
import type { TimeRange } from '../storage/analyticsQueries';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';
import { DAY_NAMES, DIRECT, deviceStats, dimensionMap, rangeDays, timePatterns, withinRange } from './counts';
import { timeRangeOf } from './timeRange';
import type { ZoneCalendar } from './timeZone';

export const RECENT_CLICKS = 100;
/** The seven local days ending today start less than eight days before now, in every zone. */
const LAST_7_DAYS_SINCE = 8 * 86_400_000;

/** The arguments of both per-link answers: the link with its tags, the zone's calendar, the time now. */
export type LinkAnswerArgs = [
  store: Store,
  link: LinkRecord & { tags: readonly string[] },
  calendar: ZoneCalendar,
  now: number,
  range?: DateRange,
  /** PUBLIC_URL, which the link's short_url is built on (tests leave it out). */
  publicUrl?: string,
];

export async function linkAnalytics(
  ...args: LinkAnswerArgs
): Promise<Omit<LinkAnalyticsResponse, keyof PasswordLockout>> {
  return (await linkFigureAnswer(...args)).answer;
}

/**
 * Every figure of one link's page, which the administrator and the link's owner both get
 * (docs/api.md#analytics), with the figures it was made of (the owner's answer adds its blocked clicks).
 */
export async function linkFigureAnswer(...args: LinkAnswerArgs) {
  const [, , calendar, now] = args;
  const { figures, answer } = await sharedLinkAnswer(...args);
  const { dims } = figures;
  const patterns = timePatterns(withinRange(figures.data.quarterHours, figures.timeRange), calendar, now);
  const full: Omit<LinkAnalyticsResponse, keyof PasswordLockout> = {
    ...answer,
    stats: {
      ...answer.stats,
      browserCounts: dimensionMap(dims, 'browser'),
      referrerCounts: dimensionMap(dims, 'referrer', DIRECT),
      osCounts: dimensionMap(dims, 'os'),
      deviceCounts: dimensionMap(dims, 'device_info'),
      hourlyStats: patterns.hourly,
      dailyStats: patterns.daily,
      dayNames: DAY_NAMES,
    },
  };
  return { figures, answer: full };
}

/**
 * The figures read from the store: the all-time ones, or with a range the range's, and then `days`
 * (one entry per day of the range).
 */
async function sharedLinkAnswer(...[store, link, calendar, now, range, publicUrl]: LinkAnswerArgs) {
  const figures = await linkFigures(store, link.id, calendar, now, range);
  const { data, dims } = figures;
  const [variants, rules] = await Promise.all([
    variantFigures(store, link, figures.timeRange),
    ruleFigures(store, link, figures.timeRange),
  ]);
  return {
    figures,
    answer: {
      link: toApiLink({ ...link, ...data.counts }, publicUrl ?? 'http://localhost:8080'),
      stats: {
        totalClicks: figures.totalClicks,
        uniqueVisitors: figures.uniqueVisitors,
        deviceStats: deviceStats(dims.filter((row) => row.dimension === 'device_type')),
        countryCounts: dimensionMap(dims, 'country'),
        last7Days: timePatterns(data.quarterHours, calendar, now).last7Days,
        ...figures.days,
        rules,
      },
      recentClicks: figures.recentClicks.map(toApiClick),
      variants,
    },
  };
}

/** Each current variant of a split link with its figures over the range, in the link's order. */
async function variantFigures(store: Store, link: LinkRecord, range: TimeRange | undefined): Promise<VariantStats[]> {
  if (link.variants.length === 0) return [];
  const rows = await store.analytics.variantStats(link.id, range);
  return link.variants.map((variant, index) => {
    const row = rows.find((candidate) => candidate.variant === index);
    return { ...variant, clicks: row?.clicks ?? 0, unique_visitors: row?.unique_visitors ?? 0 };
  });
}

/** Each current rule of the link with its clicks over the range, in the link's order. */
async function ruleFigures(store: Store, link: LinkRecord, range: TimeRange | undefined): Promise<RuleStats[]> {
  if (link.rules.length === 0) return [];
  const rows = await store.analytics.ruleStats(link.id, range);
  return link.rules.map((_, rule) => ({ rule, clicks: rows.find((row) => row.rule === rule)?.clicks ?? 0 }));
}

async function linkFigures(store: Store, linkId: number, calendar: ZoneCalendar, now: number, range?: DateRange) {
  const timeRange = range && timeRangeOf(range, calendar);
  const data = await store.analytics.linkStats(linkId, {
    recentClicks: RECENT_CLICKS,
    range: timeRange,
    since: now - LAST_7_DAYS_SINCE,
  });
  const inRange = data.inRange;
  return {
    data,
    timeRange,
    dims: data.dimensions,
    totalClicks: inRange?.clicks ?? data.counts.total_clicks,
    uniqueVisitors: inRange?.uniqueVisitors ?? data.counts.unique_visitors,
    recentClicks: data.recentClicks,
    days: range ? { days: rangeDays(data.quarterHours, calendar, range) } : {},
  };
}
