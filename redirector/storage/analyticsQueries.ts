/**
 * The analytics side of the Store: one call per panel, each answering from one consistent view of
 * the database (docs/api.md#analytics). Bots are left out of every figure. Times are epoch milliseconds;
 * the analytics services (redirector/analytics/) turn quarter hours into local hours and days.
 */
import type { ClickRecord, LinkCounts } from './records';

export type Dimension =
  | 'device_type'
  | 'country'
  | 'browser'
  | 'os'
  | 'referrer'
  | 'device_info'
  | 'blocked_country'
  /** Only in ranged answers: the funnel's counts (value '1'). */
  | 'engaged'
  | 'instagram_exit';

export interface DimensionCount {
  dimension: Dimension;
  /** null: the click had none (no referrer, unknown browser, ...). */
  value: string | null;
  clicks: number;
}

/** [start, end) in epoch ms; both ends on quarter hours (analytics/timeRange.ts). */
export interface TimeRange {
  start: number;
  end: number;
}

/** One link's figures over a range. */
export interface RangeData {
  clicks: number;
  uniqueVisitors: number;
  dimensions: DimensionCount[];
  /** The latest clicks of the range, newest first. */
  recentClicks: ClickRecord[];
}

export interface ClickPageOptions {
  /** All time when absent. */
  range?: TimeRange;
  /** The page starts after this click (by time, then id). */
  after?: { clickedAt: number; id: number };
  limit: number;
}

export interface QuarterHourCount {
  /** Epoch ms at the start of the quarter hour (UTC). */
  start: number;
  clicks: number;
}

export interface LinkStatsData {
  /** All time (the link object's counts), with a range too. */
  counts: LinkCounts;
  /** All time, or with a range the range's. */
  dimensions: DimensionCount[];
  /** The quarter hours with clicks, oldest first: every one, or with a range those linkStats says. */
  quarterHours: QuarterHourCount[];
  /** Newest first: all time, or with a range the range's latest. */
  recentClicks: ClickRecord[];
  /** With a range: the range's clicks and distinct visitors. */
  inRange?: Pick<RangeData, 'clicks' | 'uniqueVisitors'>;
}

export interface ValueCount {
  value: string;
  clicks: number;
}

export interface SummaryData {
  totalLinks: number;
  totalClicks: number;
  uniqueVisitors: number;
  deviceTypes: ValueCount[];
  countries: ValueCount[];
  /** Quarter hours with clicks (every link) whose start is in [from, to), oldest first. */
  quarterHours: QuarterHourCount[];
}

export interface ClickWithLink extends ClickRecord {
  link_title: string;
  short_code: string;
}

export interface ActiveLinkCount {
  id: number;
  title: string;
  short_code: string;
  clicks: number;
}

export interface RealtimeData {
  /** Clicks with clicked_at in (now − window, now]. */
  windowClicks: number;
  /** The latest clicks of the window, newest first. */
  latestClicks: ClickWithLink[];
  /** Links with the most clicks in the window, most first. */
  activeLinks: ActiveLinkCount[];
  /** Distinct addresses with a click in (now − activeWindow, now]. */
  activeVisitors: number;
}

export interface LiveVisitorRow extends ClickWithLink {
  /** The visitor's first click in (now − durationWindow, now]. */
  first_clicked_at: number;
}

export interface LiveData {
  /** Each online visitor's latest click, latest first, at most `limit`. */
  visitors: LiveVisitorRow[];
  /** Figures over every online visitor, not only the rows returned. */
  online: number;
  countries: number;
  mobile: number;
  totalDurationMs: number;
}

export interface RepeatVisitorData {
  ip: string;
  visits: number;
  lastClickedAt: number;
  /** Most recent first. */
  locations: { country: string; city: string | null }[];
}

export interface RepeatVisitorsData {
  totalVisitors: number;
  repeatVisitors: number;
  /** The smallest distinct visit counts, ascending. */
  frequency: { visits: number; visitors: number }[];
  /** Visitors with 2 visits or more, most visits first, then the most recent. */
  top: RepeatVisitorData[];
}

export interface FunnelData {
  clicks: number;
  engaged: number;
  instagramExits: number;
}

/** One redirect rule's human clicks (docs/api.md#redirect-rules). */
export interface RuleRow {
  rule: number;
  clicks: number;
}

/** One variant's human clicks and distinct visitors (docs/api.md#split-traffic). */
export interface VariantRow {
  variant: number;
  clicks: number;
  unique_visitors: number;
}

export interface AnalyticsQueries {
  /**
   * Folds clicks stored since the last fold into the rollups (at most maxRows, default all).
   * Every other call first folds up to READ_FOLD_LIMIT clicks itself (storage/sqlite/analytics/
   * rollups.ts), so its figures are exact unless a flood of clicks has outrun the background fold.
   * This lets a seed or a quiet moment pay for the rest. Returns how many click ids it passed.
   */
  catchUp(maxRows?: number): Promise<number>;
  /** Clicks not folded yet. */
  pending(): Promise<number>;
  /**
   * With a range, quarterHours holds only the range's and, with `since` (epoch ms), those from
   * then on (the last seven days): a busy link has 96 a day since it was made.
   */
  linkStats(
    linkId: number,
    options: { recentClicks: number; range?: TimeRange; since?: number },
  ): Promise<LinkStatsData>;
  /** quarterHours cover [from, to); with a range, every other figure but totalLinks covers the range. */
  summary(options: { from: number; to: number; range?: TimeRange }): Promise<SummaryData>;
  realtime(options: {
    now: number;
    windowMs: number;
    activeVisitorWindowMs: number;
    latestClicks: number;
    activeLinks: number;
  }): Promise<RealtimeData>;
  live(options: { now: number; windowMs: number; durationWindowMs: number; limit: number }): Promise<LiveData>;
  repeatVisitors(options: { frequencies: number; top: number; range?: TimeRange }): Promise<RepeatVisitorsData>;
  funnel(range?: TimeRange): Promise<FunnelData>;
  /** One page of a link's human clicks, oldest first (the export reads page after page). */
  clickPage(linkId: number, options: ClickPageOptions): Promise<ClickRecord[]>;
  /** A split link's clicks per variant over the range (all time without one). */
  variantStats(linkId: number, range: TimeRange | undefined): Promise<VariantRow[]>;
  /** A link's clicks per redirect rule over the range (all time without one). */
  ruleStats(linkId: number, range: TimeRange | undefined): Promise<RuleRow[]>;
}
