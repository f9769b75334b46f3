/**
 * Local hours, weekdays and days in an IANA time zone (docs/api.md#analytics: `tz` governs them). Offsets
 * come from Intl, looked up once per week (plus a short search in a week with a DST change), so
 * turning thousands of quarter hours into local time costs integer arithmetic, not Intl calls.
 * Works for offsets that are not whole hours (Asia/Kolkata +5:30, Asia/Kathmandu +5:45).
 */
export const UTC = 'UTC';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
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

  /** Offsets at probe points (week boundaries), each asked of Intl once. */
  const probes = new Map<number, number>();
  function probe(ms: number): number {
    let offset = probes.get(ms);
    if (offset === undefined) {
      offset = intlOffset(ms);
      probes.set(ms, offset);
    }
    return offset;
  }

  /**
   * Per week since the epoch: the offset at its start, at its end, and the minute it changes.
   * Zones change their offset at most twice a year (never twice within a week), so a week whose
   * ends agree has one offset throughout.
   */
  const weeks = new Map<number, { before: number; after: number; changeAt: number }>();
  function weekOffsets(week: number) {
    let entry = weeks.get(week);
    if (!entry) {
      const start = week * WEEK;
      const before = probe(start);
      const after = probe(start + WEEK);
      let changeAt = Number.POSITIVE_INFINITY;
      if (before !== after) {
        let low = start;
        let high = start + WEEK;
        while (high - low > MINUTE) {
          const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
          if (intlOffset(middle) === before) low = middle;
          else high = middle;
        }
        changeAt = high;
      }
      entry = { before, after, changeAt };
      weeks.set(week, entry);
    }
    return entry;
  }

  function offsetMinutes(ms: number): number {
    if (timeZone === UTC) return 0;
    const entry = weekOffsets(Math.floor(ms / WEEK));
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
