/**
 * Local hours, weekdays and days in an IANA time zone (CONTRACT §5: `tz` governs them). Offsets
 * come from Intl, looked up once per UTC day (plus a short search on a day with a DST change), so
 * turning thousands of quarter hours into local time costs integer arithmetic, not Intl calls.
 * Works for offsets that are not whole hours (Asia/Kolkata +5:30, Asia/Kathmandu +5:45).
 */
export const UTC = 'UTC';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 1970-01-01 was a Thursday. */
const EPOCH_WEEKDAY = 4;

/** True for a zone Intl knows ('Europe/Paris', 'UTC', 'Asia/Kathmandu'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** Days since 1970-01-01 of the local date. */
  day: number;
  /** 0–23. */
  hour: number;
  /** 0 = Sunday. */
  weekday: number;
}

export interface ZoneCalendar {
  readonly timeZone: string;
  /** Minutes to add to UTC to get local time at that instant. */
  offsetMinutes(ms: number): number;
  local(ms: number): LocalTime;
}

/** 'YYYY-MM-DD' of a day number (days since 1970-01-01). */
export function dayToDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export function zoneCalendar(timeZone: string): ZoneCalendar {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

  function intlOffset(ms: number): number {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(ms)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const asUtc = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE);
  }

  /** Per UTC day: the offset at its start, at its end, and when it changes (a minute boundary). */
  const days = new Map<number, { before: number; after: number; changeAt: number }>();
  function dayOffsets(day: number) {
    let entry = days.get(day);
    if (!entry) {
      const start = day * DAY;
      const before = intlOffset(start);
      const after = intlOffset(start + DAY);
      let changeAt = Number.POSITIVE_INFINITY;
      if (before !== after) {
        let low = start;
        let high = start + DAY;
        while (high - low > MINUTE) {
          const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
          if (intlOffset(middle) === before) low = middle;
          else high = middle;
        }
        changeAt = high;
      }
      entry = { before, after, changeAt };
      days.set(day, entry);
    }
    return entry;
  }

  function offsetMinutes(ms: number): number {
    if (timeZone === UTC) return 0;
    const entry = dayOffsets(Math.floor(ms / DAY));
    return ms < entry.changeAt ? entry.before : entry.after;
  }

  return {
    timeZone,
    offsetMinutes,
    local(ms) {
      const shifted = ms + offsetMinutes(ms) * MINUTE;
      const day = Math.floor(shifted / DAY);
      return {
        day,
        hour: Math.floor((shifted - day * DAY) / HOUR),
        weekday: (((day + EPOCH_WEEKDAY) % 7) + 7) % 7,
      };
    },
  };
}
