/**
 * A date range read in a time zone, as the interval of UTC instants it covers. Every real zone is
 * a whole number of quarter hours from UTC, so both ends fall on quarter hours and the quarter-hour
 * and UTC-day rollups answer any range exactly (docs/api.md#analytics).
 */
import { type DateRange, dateToDay } from '../contract/dateRange';
import type { TimeRange } from '../storage/analyticsQueries';
import type { ZoneCalendar } from './timeZone';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The first instant whose local date is `day` (local midnight, or the end of a DST gap over it). */
export function localDayStart(calendar: ZoneCalendar, day: number): number {
  const wall = day * DAY;
  const first = wall - calendar.offsetMinutes(wall) * MINUTE;
  const second = wall - calendar.offsetMinutes(first) * MINUTE;
  const candidates = [first, second].filter((ms) => calendar.local(ms).day === day);
  if (candidates.length > 0) return Math.min(...candidates);
  // Midnight fell in a gap: the day starts where the gap ends, the later guess.
  return Math.max(first, second);
}

/** [start, end) in epoch ms of the local days from..to inclusive. */
export function timeRangeOf(range: DateRange, calendar: ZoneCalendar): TimeRange {
  return {
    start: localDayStart(calendar, dateToDay(range.from)!),
    end: localDayStart(calendar, dateToDay(range.to)! + 1),
  };
}
