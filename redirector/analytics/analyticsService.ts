/**
 * The analytics calls (docs/api.md#analytics) over one store and clock, so that the HTTP layer asks
 * for a figure and never reaches the store itself. Each figure is computed in its own module.
 */
import type { Readable } from 'node:stream';
import type {
  FunnelResponse,
  LinkAnalyticsResponse,
  LiveResponse,
  PasswordLockout,
  RealtimeResponse,
  RepeatVisitorsResponse,
  SummaryResponse,
  UserLinkAnalyticsResponse,
} from '../contract/analytics';
import type { DateRange } from '../contract/dateRange';
import type { TimeRange } from '../storage/analyticsQueries';
import type { LinkRecord } from '../storage/records';
import type { Store } from '../storage/store';
import { type ClickExportFormat, type ClickExportReader, clickExport } from './clickExport';
import { funnelAnalytics } from './funnel';
import { linkAnalytics } from './linkStats';
import { liveAnalytics } from './live';
import { realtimeAnalytics } from './realtime';
import { repeatVisitorsAnalytics } from './repeatVisitors';
import { summaryAnalytics } from './summary';
import type { ZoneCalendar } from './timeZone';
import { userLinkAnalytics } from './userLinkStats';

type AnalyzedLink = LinkRecord & { tags: readonly string[] };

export interface AnalyticsService {
  /** The administrator's view of one link (without its password lockout, which the visits know). */
  link(
    link: AnalyzedLink,
    calendar: ZoneCalendar,
    range?: DateRange,
  ): Promise<Omit<LinkAnalyticsResponse, keyof PasswordLockout>>;
  /** The user dashboard's view of one of their links. */
  userLink(
    link: AnalyzedLink,
    calendar: ZoneCalendar,
    range?: DateRange,
  ): Promise<Omit<UserLinkAnalyticsResponse, keyof PasswordLockout>>;
  summary(calendar: ZoneCalendar, range?: DateRange): Promise<SummaryResponse>;
  realtime(): Promise<RealtimeResponse>;
  live(minutes: number): Promise<LiveResponse>;
  repeatVisitors(range?: TimeRange): Promise<RepeatVisitorsResponse>;
  funnel(range?: TimeRange): Promise<FunnelResponse>;
  /** A link's clicks as a stream of CSV or NDJSON, read a page at a time. */
  /** `reader`: the administrator's export carries visitor addresses, an owner's not. */
  clickExport(
    linkId: number,
    range: TimeRange | undefined,
    format: ClickExportFormat,
    reader: ClickExportReader,
  ): Readable;
}

/** `publicUrl`: PUBLIC_URL, which a link's short_url is built on. */
export function createAnalyticsService(store: Store, clock: () => number, publicUrl: string): AnalyticsService {
  return {
    link: (link, calendar, range) => linkAnalytics(store, link, calendar, clock(), range, publicUrl),
    userLink: (link, calendar, range) => userLinkAnalytics(store, link, calendar, clock(), range, publicUrl),
    summary: (calendar, range) => summaryAnalytics(store, calendar, clock(), range),
    realtime: () => realtimeAnalytics(store, clock()),
    live: (minutes) => liveAnalytics(store, clock(), minutes),
    repeatVisitors: (range) => repeatVisitorsAnalytics(store, range),
    funnel: (range) => funnelAnalytics(store, range),
    clickExport: (linkId, range, format, reader) => clickExport(store, linkId, range, format, reader),
  };
}
