/**
 * The rules of a link's options (docs/api.md#links) that both the server and the link form apply:
 * limits, messages and the pure checks. Pure.
 */
import { characterCount } from './characters';
import type { GeoTargets } from './links';
import { isCalendarDate } from './times';

export const MAX_GEO_TARGETS = 50;
export const MIN_LINK_PASSWORD_LENGTH = 4;
export const MAX_LINK_PASSWORD_LENGTH = 128;

export const LINK_PASSWORD_LENGTH = `Password must be ${MIN_LINK_PASSWORD_LENGTH} to ${MAX_LINK_PASSWORD_LENGTH} characters`;
export const MAX_CLICKS_INVALID = 'Max clicks must be a whole number of at least 1';
export const EXPIRES_AT_INVALID = 'Expiry must be an ISO 8601 date and time';
export const GEO_TARGETS_INVALID = 'Country targets must be an object of country codes and URLs';
export const GEO_TARGETS_TOO_MANY = `At most ${MAX_GEO_TARGETS} country targets`;
export const SELF_LINK = "A short link cannot point to this service's own short links";
export const SCHEDULE_INVERTED = 'starts_at must be before expires_at';

/**
 * A link that starts at or after its expiry could never open (docs/api.md#schedule-and-switch):
 * both times in epoch milliseconds, null or undefined when unset.
 */
export function scheduleProblem(
  startsAt: number | null | undefined,
  expiresAt: number | null | undefined,
): string | undefined {
  return startsAt != null && expiresAt != null && startsAt >= expiresAt ? SCHEDULE_INVERTED : undefined;
}

export function geoTargetCountryProblem(code: string): string | undefined {
  return /^[A-Z]{2}$/.test(code) ? undefined : `Country targets: "${code}" is not a two-letter country code`;
}

/**
 * Whether `password` may be a link's password: 4–128 code points. Setting a password refuses any
 * other; checking one answers "wrong" for any other without hashing it.
 */
export function isValidLinkPassword(password: string): boolean {
  const length = characterCount(password);
  return length >= MIN_LINK_PASSWORD_LENGTH && length <= MAX_LINK_PASSWORD_LENGTH;
}

export function linkPasswordProblem(password: string): string | undefined {
  return isValidLinkPassword(password) ? undefined : LINK_PASSWORD_LENGTH;
}

export function geoTargetCountProblem(count: number): string | undefined {
  return count > MAX_GEO_TARGETS ? GEO_TARGETS_TOO_MANY : undefined;
}

/**
 * An ISO 8601 date and time with its zone (Z or ±hh:mm), as epoch milliseconds; undefined for
 * anything else, a day the calendar does not have included (times.ts isCalendarDate). A time without
 * a zone would be read in whatever zone the reader is in.
 */
export function parseExpiry(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(text)) return undefined;
  if (!isCalendarDate(text)) return undefined;
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : undefined;
}

/** The geo targets in a stable order (country codes A to Z), as stored and shown. */
export function sortedGeoTargets(targets: GeoTargets): GeoTargets {
  const sorted: GeoTargets = {};
  for (const code of Object.keys(targets).sort()) sorted[code] = targets[code]!;
  return sorted;
}
