/** Count maps of the analytics answers, built from rollup rows (never from clicks). */
import type { CountMap, DayCount, DeviceStats } from '../contract/analytics';
import type { DeviceType } from '../contract/clicks';
import { type DateRange, dateToDay, rangeDates } from '../contract/dateRange';
import type { Dimension, DimensionCount, QuarterHourCount, TimeRange } from '../storage/analyticsQueries';
import { dayToDate, type ZoneCalendar } from './timeZone';

export const DIRECT = 'Direct';
export const UNKNOWN = 'Unknown';
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DEVICE_TYPES: readonly DeviceType[] = ['ios', 'android', 'web'];

/**
 * Most clicks first, then by key. Keys are whatever visitors sent (referrer hosts, device models),
 * so the map has no prototype: `constructor` or `__proto__` is a key like any other, and the map
 * still serialises as a plain JSON object.
 */
export function countMap(entries: readonly { value: string; clicks: number }[]): CountMap {
  const sorted = [...entries].sort(
    (a, b) => b.clicks - a.clicks || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
  const map: CountMap = Object.create(null);
  for (const { value, clicks } of sorted) map[value] = (map[value] ?? 0) + clicks;
  return map;
}

/** One dimension's counts; clicks without a value go under `noneKey`. */
export function dimensionMap(rows: readonly DimensionCount[], dimension: Dimension, noneKey = UNKNOWN): CountMap {
  return countMap(
    rows
      .filter((row) => row.dimension === dimension)
      .map((row) => ({ value: row.value ?? noneKey, clicks: row.clicks })),
  );
}

export function deviceStats(entries: readonly { value: string | null; clicks: number }[]): DeviceStats {
  const stats: DeviceStats = { ios: 0, android: 0, web: 0 };
  for (const { value, clicks } of entries) {
    if (DEVICE_TYPES.includes(value as DeviceType)) stats[value as DeviceType] += clicks;
  }
  return stats;
}

export interface TimePatterns {
  /** 24 numbers, local hour 0 first. */
  hourly: number[];
  /** 7 numbers, Sunday first. */
  daily: number[];
  /** The 7 local days ending today, oldest first. */
  last7Days: DayCount[];
}

/** Local hours, weekdays and the last seven days from quarter-hour counts. */
export function timePatterns(
  quarterHours: readonly QuarterHourCount[],
  calendar: ZoneCalendar,
  now: number,
): TimePatterns {
  const hourly = new Array<number>(24).fill(0);
  const daily = new Array<number>(7).fill(0);
  const today = calendar.local(now).day;
  const recent = new Array<number>(7).fill(0);
  for (const { start, clicks } of quarterHours) {
    const local = calendar.local(start);
    hourly[local.hour]! += clicks;
    daily[local.weekday]! += clicks;
    const age = today - local.day;
    if (age >= 0 && age < 7) recent[6 - age]! += clicks;
  }
  return {
    hourly,
    daily,
    last7Days: recent.map((clicks, index) => ({ date: dayToDate(today - 6 + index), clicks })),
  };
}

/** Only the quarter hours inside a range (all of them without one). */
export function withinRange(quarterHours: readonly QuarterHourCount[], range: TimeRange | undefined) {
  return range ? quarterHours.filter(({ start }) => start >= range.start && start < range.end) : quarterHours;
}

/** Clicks per local day of a range, one entry per day, oldest first. */
export function rangeDays(
  quarterHours: readonly QuarterHourCount[],
  calendar: ZoneCalendar,
  range: DateRange,
): DayCount[] {
  const dates = rangeDates(range);
  const first = dateToDay(range.from)!;
  const clicks = new Array<number>(dates.length).fill(0);
  for (const { start, clicks: n } of quarterHours) {
    const index = calendar.local(start).day - first;
    if (index >= 0 && index < dates.length) clicks[index]! += n;
  }
  return dates.map((date, index) => ({ date, clicks: clicks[index]! }));
}

/** Clicks of the quarter hours whose local day is today. */
export function todayClicks(quarterHours: readonly QuarterHourCount[], calendar: ZoneCalendar, now: number): number {
  const today = calendar.local(now).day;
  let total = 0;
  for (const { start, clicks } of quarterHours) if (calendar.local(start).day === today) total += clicks;
  return total;
}
