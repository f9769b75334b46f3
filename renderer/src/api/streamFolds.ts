/**
 * A live panel's figures moved on by a click the stream carried (docs/api.md#live-stream), so the
 * panel changes within a second of the click while its call is read again at most once per
 * STREAMED_READ_MS (useStream.ts), which then puts right what a click cannot tell (unique visitors,
 * a new link's title, visitors leaving the window). Pure.
 */
import type {
  ActiveLink,
  DateRange,
  LatestClick,
  LinkAnalyticsResponse,
  LiveResponse,
  LiveVisitor,
  RealtimeResponse,
  SummaryResponse,
  UserLinkAnalyticsResponse,
} from '../../../redirector/contract';
import type { DeviceType } from '../../../redirector/contract/clicks';
import type { EventClick } from '../../../redirector/contract/webhooks';

type CountMap = Record<string, number>;

const DEVICE_TYPES: readonly DeviceType[] = ['ios', 'android', 'web'];
const deviceOf = (click: EventClick): DeviceType =>
  (DEVICE_TYPES as readonly string[]).includes(click.device_type) ? (click.device_type as DeviceType) : 'web';

const bump = (counts: CountMap, key: string | null | undefined): CountMap =>
  key ? { ...counts, [key]: (counts[key] ?? 0) + 1 } : counts;

/** The browser's day, YYYY-MM-DD. */
const localDay = (at: number) => new Date(at).toLocaleDateString('en-CA');

/**
 * The click's time, epoch milliseconds as the stream sends it. A server from before that change
 * sent an ISO string (the desktop app may follow one): `new Date` reads both.
 */
const clickedAt = (click: EventClick): number => new Date(click.clicked_at).getTime();

/** Whether a range (none: all time) holds the click's day. */
export function rangeHolds(range: DateRange | undefined, click: EventClick): boolean {
  if (!range) return true;
  const day = localDay(clickedAt(click));
  return range.from <= day && day <= range.to;
}

/** The dashboard's summary: one more click, today's, of its device and country. */
export function foldSummary(data: SummaryResponse, click: EventClick, range: DateRange | undefined): SummaryResponse {
  if (!rangeHolds(range, click)) return data;
  const device = deviceOf(click);
  return {
    ...data,
    totalClicks: data.totalClicks + 1,
    todayClicks: data.todayClicks + (localDay(clickedAt(click)) === localDay(Date.now()) ? 1 : 0),
    deviceStats: { ...data.deviceStats, [device]: data.deviceStats[device] + 1 },
    countryCounts: bump(data.countryCounts, click.country),
  };
}

/** Real-Time Activity: the click first among the latest, its link one click busier. */
export function foldRealtime(data: RealtimeResponse, click: EventClick): RealtimeResponse {
  const known = data.activeLinks.find((link) => link.id === click.link_id);
  const title = known?.title ?? data.latestClicks.find((latest) => latest.link_id === click.link_id)?.link_title ?? '';
  const latest = { ...clickOf(click), link_title: title, short_code: click.short_code } as LatestClick;
  const activeLinks: ActiveLink[] = known
    ? data.activeLinks.map((link) => (link === known ? { ...link, clicks: link.clicks + 1 } : link))
    : [...data.activeLinks, { id: click.link_id, title, short_code: click.short_code, clicks: 1 }];
  return {
    ...data,
    latestClicks: [latest, ...data.latestClicks].slice(0, Math.max(10, data.latestClicks.length)),
    activeLinks: activeLinks.sort((a, b) => b.clicks - a.clicks).slice(0, Math.max(6, data.activeLinks.length)),
  };
}

/** Live Visitors: the click's visitor (by address: the administrator's stream only) first, seen now. */
export function foldLive(data: LiveResponse, click: EventClick): LiveResponse {
  if (!click.ip) return data;
  const before = data.visitors.find((visitor) => visitor.ip === click.ip);
  const title = data.visitors.find((visitor) => visitor.link.id === click.link_id)?.link.title ?? '';
  const visitor: LiveVisitor = {
    ...(before ?? { durationSeconds: 0, flag: '', countryName: click.country }),
    ...deviceFields(click),
    ip: click.ip,
    country: click.country,
    city: click.city,
    link: { id: click.link_id, title, short_code: click.short_code },
    referrer: click.referrer ?? before?.referrer ?? 'Direct',
    lastSeen: new Date(click.clicked_at).toISOString(),
  };
  const visitors = [visitor, ...data.visitors.filter((other) => other !== before)];
  return {
    visitors,
    totals: {
      ...data.totals,
      online: visitors.length,
      countries: new Set(visitors.map((one) => one.country)).size,
      mobile: visitors.filter((one) => one.device_type !== 'web').length,
    },
  };
}

/** A link's figures (the administrator's or its owner's): one more click when it is this link's, in the range. */
export function foldLinkStats<T extends LinkAnalyticsResponse | UserLinkAnalyticsResponse>(
  data: T,
  click: EventClick,
  range: DateRange | undefined,
): T {
  if (click.link_id !== data.link.id || !rangeHolds(range, click)) return data;
  const { stats } = data;
  const device = deviceOf(click);
  return {
    ...data,
    stats: {
      ...stats,
      totalClicks: stats.totalClicks + 1,
      deviceStats: { ...stats.deviceStats, [device]: stats.deviceStats[device] + 1 },
      countryCounts: bump(stats.countryCounts, click.country),
      browserCounts: bump(stats.browserCounts, click.browser),
      osCounts: bump(stats.osCounts, click.os),
    },
  };
}

function deviceFields(click: EventClick) {
  return {
    device_type: deviceOf(click),
    device_info: null,
    browser: click.browser,
    browser_version: null,
    os: click.os,
    os_version: null,
  };
}

/** The stream's click as the API's click, where the stream says nothing: empty. */
function clickOf(click: EventClick) {
  return {
    ...deviceFields(click),
    id: click.id,
    link_id: click.link_id,
    created_at: new Date(click.clicked_at).toISOString(),
    clicked_at: clickedAt(click),
    country: click.country,
    city: click.city,
    referrer_source: click.referrer,
  };
}
