/**
 * `GET /api/hub/stats` (docs/api.md#the-hub): views, unique visitors and the clicks its links got
 * from it over a range read in a time zone, sorted into that zone's days from quarter-hour counts.
 * Without a range: all time, its days from the first view or hub click to today.
 */

import { timeRangeOf } from '../analytics/timeRange';
import { dayToDate, type ZoneCalendar } from '../analytics/timeZone';
import type { Scope } from '../auth/scope';
import { type DateRange, MAX_RANGE_DAYS, rangeDates } from '../contract/dateRange';
import type { HubStatsResponse } from '../contract/hub';
import { QUARTER_HOUR_MS } from '../storage/repositories/hubFigures';
import type { HubRepository } from '../storage/repositories/hubRepository';

export interface HubStatsQuery {
  /** Whose hub (docs/api.md#scope-who-a-call-acts-for). */
  scope: Scope;
  /** The hub's links in display order (each listed, with 0 clicks when it has none). */
  linkIds: readonly number[];
  /** The hub's items in display order, a link item with its link (docs/api.md#hub-items). */
  items: readonly { id: number; link_id: number | null }[];
  calendar: ZoneCalendar;
  range: DateRange | undefined;
  now: number;
}

async function daysOf(
  hubs: HubRepository,
  query: HubStatsQuery,
): Promise<{ start: number; end: number; days: string[] }> {
  const { calendar, range, now } = query;
  if (range) {
    const { start, end } = timeRangeOf(range, calendar);
    return { start, end, days: rangeDates(range) };
  }
  const first = await hubs.firstActivity(query.scope);
  if (first === null) return { start: 0, end: now + 1, days: [] };
  const today = calendar.local(now).day;
  const firstDay = Math.max(calendar.local(first).day, today - MAX_RANGE_DAYS + 1);
  const days = Array.from({ length: Math.max(0, today - firstDay + 1) }, (_, index) => dayToDate(firstDay + index));
  return { start: 0, end: now + 1, days };
}

export async function hubStats(hubs: HubRepository, query: HubStatsQuery): Promise<HubStatsResponse> {
  const { scope, calendar } = query;
  const { start, end, days } = await daysOf(hubs, query);
  const [views, uniqueVisitors, clicks, itemViews, linkClicks] = await Promise.all([
    hubs.viewsByQuarter(scope, start, end),
    hubs.uniqueVisitors(scope, start, end),
    hubs.hubClicksByQuarter(scope, start, end),
    hubs.itemViews(scope, start, end),
    hubs.hubClicksByLink(scope, start, end),
  ]);
  const byDate = new Map(days.map((date) => [date, { date, views: 0, clicks: 0 }]));
  const dateOf = (quarter: number) => dayToDate(calendar.local(quarter * QUARTER_HOUR_MS).day);
  let totalViews = 0;
  for (const row of views) {
    totalViews += row.views;
    const day = byDate.get(dateOf(row.quarter));
    if (day) day.views += row.views;
  }
  const perLink = new Map(query.linkIds.map((id) => [id, 0]));
  let totalClicks = 0;
  for (const row of clicks) {
    totalClicks += row.clicks;
    perLink.set(row.link_id, (perLink.get(row.link_id) ?? 0) + row.clicks);
    const day = byDate.get(dateOf(row.quarter));
    if (day) day.clicks += row.clicks;
  }
  return {
    views: totalViews,
    unique_visitors: uniqueVisitors,
    clicks: totalClicks,
    click_rate: totalViews === 0 ? 0 : Math.min(1, totalClicks / totalViews),
    links: [...perLink].map(([link_id, count]) => ({ link_id, clicks: count })),
    items: query.items.map(({ id, link_id }) => {
      const shown = itemViews.get(id) ?? 0;
      const clicked = (link_id === null ? undefined : linkClicks.get(link_id)) ?? { clicks: 0, unique_clicks: 0 };
      const ctr = shown === 0 ? 0 : Math.min(1, clicked.clicks / shown);
      return { id, views: shown, ...clicked, ctr };
    }),
    days: [...byDate.values()],
  };
}
