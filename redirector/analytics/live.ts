/** GET /api/analytics/live?minutes=: who is online, one row per visitor (address). */
import type { LiveResponse, LiveVisitor } from '../contract/analytics';
import type { Store } from '../storage/store';
import { countryFlag, countryName } from './countries';
import { DIRECT } from './counts';

export const LIVE_WINDOWS_MINUTES = [2, 5, 10, 30] as const;
export const DEFAULT_LIVE_WINDOW_MINUTES = 5;
/** Rows returned at most; the totals count every online visitor. */
export const LIVE_ROWS = 200;
/** The visit's duration runs from the visitor's first click within this much before now. */
export const DURATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function liveAnalytics(store: Store, now: number, minutes: number): Promise<LiveResponse> {
  const data = await store.analytics.live({
    now,
    windowMs: minutes * 60_000,
    durationWindowMs: DURATION_WINDOW_MS,
    limit: LIVE_ROWS,
  });
  const visitors = data.visitors.map(
    (row): LiveVisitor => ({
      ip: row.ip_address,
      country: row.country,
      countryName: countryName(row.country),
      city: row.city,
      flag: countryFlag(row.country),
      link: { id: row.link_id, title: row.link_title, short_code: row.short_code },
      device_type: row.device_type,
      device_info: row.device_info,
      browser: row.browser,
      browser_version: row.browser_version,
      os: row.os,
      os_version: row.os_version,
      referrer: row.referrer_source ?? DIRECT,
      durationSeconds: Math.round((row.clicked_at - row.first_clicked_at) / 1000),
      lastSeen: new Date(row.clicked_at).toISOString(),
    }),
  );
  return {
    visitors,
    totals: {
      online: data.online,
      countries: data.countries,
      mobile: data.mobile,
      avgDurationSeconds: data.online === 0 ? 0 : Math.round(data.totalDurationMs / 1000 / data.online),
    },
  };
}
