/** Shaping helpers of the analytics screens (the display formats live in renderer/src/format). */
import type { Click, DayCount, DeviceStats } from '../../../../redirector/contract';
import { DEVICE_COLORS } from '../../components/charts/colors';
import { formatDay } from '../../format/dates';
import { activeFormatLocale } from '../../format/locale';
import { i18next } from '../../i18n';

/** The entries of a count map, largest first (ties by name), zeros left out, at most `limit`. */
export function topEntries(counts: Record<string, number>, limit = Number.POSITIVE_INFINITY): [string, number][] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}

/** Sunday to Saturday, short, in the UI's language ('Sun'… in English, 'dom'… in Spanish). */
export function shortDayNames(locale: string | undefined = activeFormatLocale()): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2023, 0, 1 + day)));
}

/** 'Online' means a click in the last 2 minutes (docs/api.md#pages). */
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

/** Distinct visitors among the clicks of the last 2 minutes. */
export function onlineNow(clicks: Click[], now: number = Date.now()): number {
  const recent = clicks.filter((click) => now - (click.clicked_at ?? Date.parse(click.created_at)) <= ONLINE_WINDOW_MS);
  return new Set(recent.map((click) => click.ip_address)).size;
}

/** A referrer as the server names it, its 'Direct' (no referrer) in the UI's language. */
export function referrerLabel(referrer: string | null | undefined): string {
  return !referrer || referrer === 'Direct' ? i18next.t('analytics.direct') : referrer;
}

/** The 5 biggest sources (host names without 'www.'), the rest as 'Other' (in the UI's language), so the legend stays short. */
export function referrerSlices(counts: Record<string, number>): { name: string; value: number }[] {
  const merged = new Map<string, number>();
  for (const [name, value] of Object.entries(counts)) {
    const short = name.replace(/^www\./, '');
    merged.set(short, (merged.get(short) ?? 0) + value);
  }
  const ranked = topEntries(Object.fromEntries(merged));
  const slices = ranked.slice(0, 5).map(([name, value]) => ({ name: referrerLabel(name), value }));
  const other = ranked.slice(5).reduce((sum, [, value]) => sum + value, 0);
  return other > 0 ? [...slices, { name: i18next.t('analytics.other'), value: other }] : slices;
}

/** The key a count map gives clicks without a value (redirector/analytics/counts.ts). */
const UNKNOWN_VALUE = 'Unknown';

/**
 * The 5 biggest entries of a count map, as bar-list items; the API's `Unknown` (a click without a
 * browser, system or model, docs/api.md#what-counts) in the UI's language.
 */
export const topItems = (counts: Record<string, number>) =>
  topEntries(counts, 5).map(([name, value]) => ({
    key: name,
    label: name === UNKNOWN_VALUE ? i18next.t('common.unknown') : name,
    value,
  }));

/** The trend's days: one per day of the range when the answer covers one, else the last 7 days. */
export function trendDays(stats: { last7Days: DayCount[]; days?: DayCount[] }): DayCount[] {
  return stats.days ?? stats.last7Days;
}

/** The first and last day of a range's trend as 'Jan 5'; undefined without a range. */
export function trendSpan(days: DayCount[] | undefined, locale?: string): { first: string; last: string } | undefined {
  const first = days?.[0];
  const last = days?.[days.length - 1];
  return first && last ? { first: formatDay(first.date, locale), last: formatDay(last.date, locale) } : undefined;
}

/** The device split as a pie's slices, in the devices' own colours. */
export function deviceSlices(devices: DeviceStats): { name: string; value: number; color: string }[] {
  return [
    { name: 'iOS', value: devices.ios, color: DEVICE_COLORS.ios },
    { name: 'Android', value: devices.android, color: DEVICE_COLORS.android },
    { name: 'Web', value: devices.web, color: DEVICE_COLORS.web },
  ];
}
