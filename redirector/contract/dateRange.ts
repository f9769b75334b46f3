/**
 * The `from`/`to` rule of the analytics calls (docs/api.md#analytics): two `YYYY-MM-DD` dates,
 * inclusive, read in the call's time zone. Pure, so the UI checks a custom range the same way.
 */
export const MAX_RANGE_DAYS = 3660;
const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateRange {
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the last day (inclusive). */
  to: string;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; undefined when it is no such date. */
export function dateToDay(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export type DateRangeResult = { ok: true; range: DateRange | undefined } | { ok: false; error: string };

/**
 * Both absent (or empty): all time. Otherwise both must be real dates, `from` not after `to`, and
 * the range at most MAX_RANGE_DAYS days long.
 */
export function parseDateRange(from: string | undefined, to: string | undefined): DateRangeResult {
  const given = (value: string | undefined) => value !== undefined && value !== '';
  if (!given(from) && !given(to)) return { ok: true, range: undefined };
  if (!given(from) || !given(to)) return { ok: false, error: 'from and to go together: give both or neither' };
  const first = dateToDay(from!);
  const last = dateToDay(to!);
  if (first === undefined) return { ok: false, error: 'from must be a date YYYY-MM-DD' };
  if (last === undefined) return { ok: false, error: 'to must be a date YYYY-MM-DD' };
  if (first > last) return { ok: false, error: 'from must not be after to' };
  if (last - first + 1 > MAX_RANGE_DAYS) {
    return { ok: false, error: `a range covers at most ${MAX_RANGE_DAYS} days` };
  }
  return { ok: true, range: { from: from!, to: to! } };
}

/** Every date of a range, oldest first. */
export function rangeDates(range: DateRange): string[] {
  const first = dateToDay(range.from)!;
  const last = dateToDay(range.to)!;
  return Array.from({ length: last - first + 1 }, (_, index) => dayToDate(first + index));
}
