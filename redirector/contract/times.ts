/**
 * How the API shows a time (docs/api.md): a stored time in milliseconds since the epoch as ISO 8601 in UTC;
 * and whether a time it is given names a day that exists.
 */

/** The stored time as the API shows it; no time stays null. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** A stored time's name: every `…_at` field of a stored record is milliseconds since the epoch, or null. */
type TimeName = `${string}_at`;

/** The fields `names` of a record of type R as the API shows them. */
export type ApiFields<R, K extends keyof R> = {
  [N in K]: N extends TimeName
    ? R[N] extends number
      ? string
      : R[N] extends number | null
        ? string | null
        : never
    : R[N];
};

/**
 * The named fields of a stored record as an answer shows them, in the order named: each `…_at` time as
 * isoTimeOrNull shows it, the rest as they are. One rule for every record an answer lists field by field,
 * so no answer leaks a column it does not name.
 */
export function apiFields<R, K extends keyof R & string>(record: R, names: readonly K[]): ApiFields<R, K> {
  const shown: Record<string, unknown> = {};
  for (const name of names) {
    const value = record[name];
    shown[name] = name.endsWith('_at') ? isoTimeOrNull(value as number | null) : value;
  }
  return shown as ApiFields<R, K>;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether the date an ISO 8601 time starts with (`YYYY-MM-DD…`) is a day of the calendar: Date.parse
 * takes 30 February as 2 March and 31 April as 1 May, and a time given so is refused, not moved
 * (docs/api.md#rules-and-their-messages). Months and days beyond their ranges Date.parse refuses itself.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}
