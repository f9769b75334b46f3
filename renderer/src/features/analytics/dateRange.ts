/**
 * The date-range choice of the analytics screens and its place in the address (`?range=30d` or
 * `?from=…&to=…`; nothing means all time), turned into the `from`/`to` of the analytics calls
 * (docs/api.md#analytics). Presets end today in the browser's zone, the zone the calls get as `tz`.
 */
import { type DateRange, dateToDay, dayToDate, parseDateRange } from '../../../../redirector/contract';

export const RANGE_PRESETS = ['7d', '30d', '90d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type RangeChoice =
  | { kind: 'all' }
  | { kind: 'preset'; preset: RangePreset }
  | { kind: 'custom'; range: DateRange };

export const ALL_TIME: RangeChoice = { kind: 'all' };

/** The address keys the choice owns; every other key of the address is left alone. */
export const RANGE_KEYS = ['range', 'from', 'to'] as const;

export const PRESET_DAYS: Record<RangePreset, number> = { '7d': 7, '30d': 30, '90d': 90 };

function isPreset(value: string | null): value is RangePreset {
  return (RANGE_PRESETS as readonly (string | null)[]).includes(value);
}

/** Today's calendar date `YYYY-MM-DD` in `timeZone` (the runtime's zone when undefined). */
export function todayIn(timeZone: string | undefined, now: number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The dates a choice covers on the day `now` falls on in `timeZone`; undefined for all time. */
export function choiceRange(choice: RangeChoice, timeZone: string | undefined, now?: number): DateRange | undefined {
  if (choice.kind === 'all') return undefined;
  if (choice.kind === 'custom') return choice.range;
  const last = dateToDay(todayIn(timeZone, now));
  if (last === undefined) return undefined;
  return { from: dayToDate(last - PRESET_DAYS[choice.preset] + 1), to: dayToDate(last) };
}

/**
 * The choice the address holds. A preset wins over dates; dates the contract refuses (typed by
 * hand) fall back to all time, the way a list's bad query value falls back to its default.
 */
export function readRangeChoice(search: URLSearchParams): RangeChoice {
  const preset = search.get('range');
  if (isPreset(preset)) return { kind: 'preset', preset };
  const parsed = parseDateRange(search.get('from') ?? undefined, search.get('to') ?? undefined);
  return parsed.ok && parsed.range ? { kind: 'custom', range: parsed.range } : ALL_TIME;
}

/** `base` with the choice written in place of any earlier one. */
export function writeRangeChoice(choice: RangeChoice, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of RANGE_KEYS) next.delete(key);
  if (choice.kind === 'preset') next.set('range', choice.preset);
  if (choice.kind === 'custom') {
    next.set('from', choice.range.from);
    next.set('to', choice.range.to);
  }
  return next;
}

/** The address without any range (leaving a per-link view). */
export function withoutRange(base: URLSearchParams): URLSearchParams {
  return writeRangeChoice(ALL_TIME, base);
}
