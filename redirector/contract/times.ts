/** How the API shows a time (docs/api.md): a stored time in milliseconds since the epoch as ISO 8601 in UTC. */

/** The stored time as the API shows it; no time stays null. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
