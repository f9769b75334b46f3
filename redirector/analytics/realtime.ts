/** GET /api/analytics/realtime: the last five minutes (docs/api.md#analytics: polled every 5 s). */
import type { RealtimeResponse } from '../contract/analytics';
import type { Store } from '../storage/store';
import { toApiClick } from '../visits/clickPresenter';

export const REALTIME_WINDOW_MINUTES = 5;
export const ACTIVE_VISITOR_WINDOW_MINUTES = 2;
export const LATEST_CLICKS = 10;
export const ACTIVE_LINKS = 6;
const MINUTE = 60_000;

export async function realtimeAnalytics(store: Store, now: number): Promise<RealtimeResponse> {
  const data = await store.analytics.realtime({
    now,
    windowMs: REALTIME_WINDOW_MINUTES * MINUTE,
    activeVisitorWindowMs: ACTIVE_VISITOR_WINDOW_MINUTES * MINUTE,
    latestClicks: LATEST_CLICKS,
    activeLinks: ACTIVE_LINKS,
  });
  return {
    clicksPerMinute: Math.round(data.windowClicks / REALTIME_WINDOW_MINUTES),
    latestClicks: data.latestClicks.map(({ link_title, short_code, ...click }) => ({
      ...toApiClick(click),
      link_title,
      short_code,
    })),
    activeLinks: data.activeLinks,
    activeVisitors: data.activeVisitors,
  };
}
