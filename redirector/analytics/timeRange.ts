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
  // Local midnight is `wall` less the offset in force then. Every offset in force within a day of
  // it is tried: where clocks fall back from 01:00 to 00:00 (Asia/Gaza in October), midnight
  // comes twice and the day starts at the first, under the offset of the day before.
  const guesses = [wall - DAY, wall, wall + DAY].map((ms) => wall - calendar.offsetMinutes(ms) * MINUTE);
  const first = guesses[1]!;
  const guessed = [...guesses, wall - calendar.offsetMinutes(first) * MINUTE];
  const candidates = guessed.filter((ms) => calendar.local(ms).day === day);
  if (candidates.length > 0) return Math.min(...candidates);
  // Midnight fell in a gap: the day starts where the gap ends, the latest guess.
  return Math.max(...guessed);
}

/** [start, end) in epoch ms of the local days from..to inclusive. */
export function timeRangeOf(range: DateRange, calendar: ZoneCalendar): TimeRange {
  return {
    start: localDayStart(calendar, dateToDay(range.from)!),
    end: localDayStart(calendar, dateToDay(range.to)! + 1),
  };
}
