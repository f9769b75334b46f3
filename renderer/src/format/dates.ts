/**
 * Dates and durations for people, in the UI's language (format/locale.ts; pass `locale` only in
 * tests); the default shape is the spec's 'Jan 5, 2025'.
 */
import { i18next } from '../i18n';
import { activeFormatLocale } from './locale';

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateMethod = 'toLocaleDateString' | 'toLocaleString' | 'toLocaleTimeString';

/** A formatter of one shape: '' for a value that is not a date; `timeZone` for tests and fixed zones. */
function dateFormatter(method: DateMethod, options: Intl.DateTimeFormatOptions) {
  return (value: DateInput, locale: string | undefined = activeFormatLocale(), timeZone?: string): string => {
    const date = toDate(value);
    return date ? date[method](locale, { ...options, timeZone }) : '';
  };
}

/** 'Jan 5, 2025' (en-US), '5 Jan 2025' (en-GB), ... */
export const formatDate = dateFormatter('toLocaleDateString', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Jan 5, 2025, 3:04 PM' */
export const formatDateTime = dateFormatter('toLocaleString', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '3:04:05 PM' */
export const formatTime = dateFormatter('toLocaleTimeString', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A calendar day 'YYYY-MM-DD' (as the analytics calls return it, already in the visitor's zone)
 * as 'Jan 5'. Formatted in UTC so that the day never shifts.
 */
export function formatDay(isoDay: string, locale: string | undefined = activeFormatLocale()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 7505 → '2h 5m', 190 → '3m 10s', 45 → '45s' (spec's live visitors). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return i18next.t('time.hoursMinutes', { hours, minutes });
  if (minutes > 0) return i18next.t('time.minutesSeconds', { minutes, seconds: rest });
  return i18next.t('time.seconds', { seconds: rest });
}

/** '12s ago', '3m ago', '2h ago', '4d ago'; 'just now' under 5 seconds. */
export function formatTimeAgo(value: DateInput, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.max(0, Math.floor((now - date.getTime()) / 1000));
  if (seconds < 5) return i18next.t('time.justNow');
  if (seconds < 60) return i18next.t('time.secondsAgo', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18next.t('time.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return i18next.t('time.hoursAgo', { count: hours });
  return i18next.t('time.daysAgo', { count: Math.floor(hours / 24) });
}

/** The browser's IANA time zone, sent as `tz` to analytics calls (docs/api.md#analytics). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
