/** API types of the analytics calls (docs/api.md#analytics). Types only. */
import type { Click, ClickDevice, DeviceType } from './clicks';
import type { Link } from './links';

export type CountMap = Record<string, number>;
export type DeviceStats = Record<DeviceType, number>;

export interface DayCount {
  /** YYYY-MM-DD in the requested time zone. */
  date: string;
  clicks: number;
}

export interface LinkStats {
  totalClicks: number;
  uniqueVisitors: number;
  deviceStats: DeviceStats;
  countryCounts: CountMap;
  browserCounts: CountMap;
  /** 'Direct' is the key for clicks without a referrer. */
  referrerCounts: CountMap;
  osCounts: CountMap;
  /** Device models. */
  deviceCounts: CountMap;
  /** 24 numbers, hour 0 first. */
  hourlyStats: number[];
  /** 7 numbers, Sunday first. */
  dailyStats: number[];
  dayNames: string[];
  /** 7 entries, oldest first, today last. */
  last7Days: DayCount[];
  /** Only with from/to: one entry per day of the range, oldest first. */
  days?: DayCount[];
  /** Each of the link's redirect rules in order with its human clicks over the range; [] without rules. */
  rules: RuleStats[];
}

/** One redirect rule's clicks (docs/api.md#redirect-rules): `rule` is its index in the link's rules. */
export interface RuleStats {
  rule: number;
  clicks: number;
}

/** A link's password form while it is refusing every answer (docs/api.md#link-options). */
export interface PasswordLockout {
  /** ISO 8601: until when the form answers 429 after too many wrong passwords; null when it does not. */
  passwordLockedUntil: string | null;
}

/** One split-traffic variant's figures over the range (docs/api.md#split-traffic). */
export interface VariantStats {
  url: string;
  weight: number;
  clicks: number;
  unique_visitors: number;
}

export interface LinkAnalyticsResponse extends PasswordLockout {
  link: Link;
  stats: LinkStats;
  /** Latest 100, newest first. */
  recentClicks: Click[];
  /** The link's variants in order with their figures; [] when the link is not split. */
  variants: VariantStats[];
}

/** The owner's figures of a link: every figure of the administrator's, and the blocked clicks'. */
export interface UserLinkStats extends LinkStats {
  blockedCountries: CountMap;
  blockedVisitors: number;
}

/** A click as its link's owner sees it: every field but the visitor's address (docs/api.md#analytics). */
export type OwnerClick = Omit<Click, 'ip_address'>;

export interface UserLinkAnalyticsResponse extends PasswordLockout {
  link: Link;
  stats: UserLinkStats;
  /** Latest 100, newest first, without addresses. */
  recentClicks: OwnerClick[];
  variants: VariantStats[];
}

export interface SummaryResponse {
  totalLinks: number;
  totalClicks: number;
  uniqueVisitors: number;
  todayClicks: number;
  deviceStats: DeviceStats;
  countryCounts: CountMap;
}

export interface LatestClick extends Click {
  link_title: string;
  short_code: string;
}

export interface ActiveLink {
  id: number;
  title: string;
  short_code: string;
  clicks: number;
}

export interface RealtimeResponse {
  clicksPerMinute: number;
  latestClicks: LatestClick[];
  activeLinks: ActiveLink[];
  activeVisitors: number;
}

export interface LiveVisitor extends ClickDevice {
  ip: string;
  country: string;
  countryName: string;
  city: string | null;
  flag: string;
  link: { id: number; title: string; short_code: string };
  /** Referrer source or 'Direct'. */
  referrer: string;
  durationSeconds: number;
  /** ISO 8601 UTC. */
  lastSeen: string;
}

export interface LiveResponse {
  visitors: LiveVisitor[];
  totals: { online: number; countries: number; mobile: number; avgDurationSeconds: number };
}

export interface RepeatVisitorsResponse {
  totalUniqueVisitors: number;
  repeatVisitors: number;
  /** Fraction 0–1. */
  repeatRate: number;
  frequency: { visits: number; visitors: number }[];
  top: {
    ip: string;
    visits: number;
    /** "City, Country" in English, as `places` are: kept for API clients that show them as they come. */
    locations: string[];
    /** The same places as codes and names: the UI names the country in its own language. */
    places: RepeatVisitorPlace[];
    lastVisit: string;
  }[];
}

/** Where a visitor clicked from: a two-letter country code ('XX': unknown) and the city as GeoIP named it. */
export interface RepeatVisitorPlace {
  country: string;
  city: string | null;
}

export interface FunnelStep {
  name: string;
  value: number;
  /** Fraction 0–1 of impressions. */
  percent: number;
  /** Fraction 0–1 lost since the previous step (0 for the first). */
  dropOff: number;
}

export interface FunnelResponse {
  impressions: number;
  clicks: number;
  engaged: number;
  conversions: number;
  conversionRate: number;
  bounceRate: number;
  igExitRate: number;
  avgTimeToClickMinutes: number;
  /** Names of the fields above that are estimates, not measurements. */
  estimated: string[];
  steps: FunnelStep[];
}

/** Each analytics read's answer (docs/api.md#analytics), by the name the renderer's call goes by. */
export interface AnalyticsAnswers {
  link: LinkAnalyticsResponse;
  ownLink: UserLinkAnalyticsResponse;
  summary: SummaryResponse;
  realtime: RealtimeResponse;
  live: LiveResponse;
  repeatVisitors: RepeatVisitorsResponse;
  funnel: FunnelResponse;
}
