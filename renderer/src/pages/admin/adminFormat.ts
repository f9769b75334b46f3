/** Small display helpers of the admin screens (durations, time ago, percentages). */

/** 7505 → '2h 5m', 190 → '3m 10s', 45 → '45s' (spec: Live Visitors). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${rest}s`;
  return `${rest}s`;
}

/** '12s ago', '3m ago', '2h ago', '4d ago'; 'just now' under 5 s (and for clock skew). */
export function formatTimeAgo(iso: string | number, now: number = Date.now()): string {
  const then = typeof iso === 'number' ? iso : Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86_400)}d ago`;
}

/** A fraction 0–1 as a percentage with one decimal at most: 0.5 → '50%', 0.3333 → '33.3%'. */
export function formatPercent(fraction: number): string {
  const value = Number.isFinite(fraction) ? fraction * 100 : 0;
  const rounded = Math.round(value * 10) / 10;
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** Share of a total as a percentage string, 0 when the total is 0. */
export function shareOf(part: number, total: number): string {
  return formatPercent(total > 0 ? part / total : 0);
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The entries of a count map, largest first (ties by name), at most `limit`. */
export function topEntries(counts: Record<string, number>, limit = Number.POSITIVE_INFINITY): [string, number][] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}
