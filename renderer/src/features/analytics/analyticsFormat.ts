/** Shaping helpers of the admin screens (the display formats live in renderer/src/format). */

/** The entries of a count map, largest first (ties by name), zeros left out, at most `limit`. */
export function topEntries(counts: Record<string, number>, limit = Number.POSITIVE_INFINITY): [string, number][] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}

export const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The base of full short links: the API's origin (desktop) or this page's origin. */
export function shortLinkBase(apiBase: string): string {
  const base = apiBase.replace(/\/+$/, '');
  return base !== '' ? base : window.location.origin;
}
