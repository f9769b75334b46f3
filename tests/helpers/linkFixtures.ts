/** Link shapes the tests build on: the API's defaults (docs/api.md#links) and a renderer-side link. */
import type { Link, UserLinkStats } from '../../redirector/contract';
import { UNCHECKED_HEALTH } from '../../redirector/contract/linkConversion';
import { dailyClicks } from './series';

/** The redirect switches and tags of a link that sets none. */
export function noRedirectRules() {
  return {
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: null,
    enable_instagram_exit: false,
    instagram_exit_url: null,
    tags: [],
  };
}

/**
 * The redirect switches as the link form sends them (every field, blanks as ''): a country
 * redirect to the lite site, no Instagram exit, the TikTok bypass as given.
 */
export function liteCountryRedirectInput(tiktokBypass: boolean) {
  return {
    enable_tiktok_bypass: tiktokBypass,
    enable_country_redirect: true,
    country_redirect_url: 'https://lite.example.com',
    enable_instagram_exit: false,
    instagram_exit_url: '',
  };
}

/** The counters of a link no one has visited yet. */
export const NO_CLICKS_YET = {
  clicks: 0,
  total_clicks: 0,
  unique_visitors: 0,
  blocked_visitors: 0,
  imported_clicks: 0,
};

/** The option fields of a request body from a form with no option set. */
export const NO_OPTIONS_INPUT = {
  forward_query: true,
  expires_at: null,
  max_clicks: null,
  expired_url: null,
  ios_url: null,
  android_url: null,
  geo_targets: {},
  preview_title: null,
  preview_description: null,
  preview_image: null,
  variants: [],
};

/** The options of a link object that set none. */
export function defaultLinkOptions() {
  return {
    ...NO_OPTIONS_INPUT,
    ...NO_CONTROL_OPTIONS,
    variants: [],
    has_password: false,
    health: { ...UNCHECKED_HEALTH },
    expired: false,
  };
}

/** A link's schedule, switch, archive mark, notes and rules when none is set (docs/api.md#schedule-and-switch). */
export const NO_CONTROL_OPTIONS = { starts_at: null, enabled: true, archived: false, notes: null, rules: [] };

/** An API link as the renderer receives it, changed by `changes`. */
export function apiLink(changes: Partial<Link> = {}): Link {
  return {
    id: 7,
    user_id: 1,
    team_id: 1,
    created_by: { id: 1, name: 'Ann' },
    updated_by: { id: 1, name: 'Ann' },
    title: '',
    target_url: 'https://example.com/',
    short_code: 'abc',
    clicks: 0,
    total_clicks: 0,
    unique_visitors: 0,
    blocked_visitors: 0,
    imported_clicks: 0,
    created_at: '2025-01-05T12:00:00.000Z',
    ...noRedirectRules(),
    ...defaultLinkOptions(),
    domain: null,
    short_url: `http://localhost:8080/${changes.short_code ?? 'abc'}`,
    ...changes,
  };
}

/** A fixture's clicks, all alike: from one browser, referrer and OS, at 09:00 on one weekday. */
export interface AlikeClicks {
  clicks: number;
  browser: string;
  referrer: string;
  os: string;
  /** 0: Sunday. */
  weekday: number;
}

/**
 * A link's figures as its owner sees them, of clicks `alike` on a web browser (each device model
 * unknown) and seen by one visitor, nothing blocked; `changes` sets the rest.
 */
export function userLinkStats(alike: AlikeClicks, changes: Partial<UserLinkStats> = {}): UserLinkStats {
  const { clicks } = alike;
  return {
    totalClicks: clicks,
    uniqueVisitors: 1,
    rules: [],
    deviceStats: { ios: 0, android: 0, web: clicks },
    countryCounts: {},
    browserCounts: { [alike.browser]: clicks },
    referrerCounts: { [alike.referrer]: clicks },
    osCounts: { [alike.os]: clicks },
    deviceCounts: { Unknown: clicks },
    hourlyStats: Array.from({ length: 24 }, (_, hour) => (hour === 9 ? clicks : 0)),
    dailyStats: Array.from({ length: 7 }, (_, day) => (day === alike.weekday ? clicks : 0)),
    dayNames: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    last7Days: dailyClicks('2025-01-01', [0, 0, 0, 0, 0, 0, clicks]),
    blockedCountries: {},
    blockedVisitors: 0,
    ...changes,
  };
}
